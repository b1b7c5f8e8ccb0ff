// expected-error-line: 3
func.func @f(%n: index) {
  %0 = memref.alloc() : memref<?xf32>
  return
}

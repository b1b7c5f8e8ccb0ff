// expected-error-line: 3
func.func @f(%x: f32) {
  %0 = memref.alloc(%x) : memref<?xf32>
  return
}

// expected-error-line: 3
func.func @f(%A: memref<4xf32>) {
  %0 = memref.cast %A : memref<4xf32> to memref<5xf32>
  return
}

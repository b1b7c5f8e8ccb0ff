// expected-error-line: 3
func.func @f(%A: memref<4x4xf32>, %i: index) {
  %v = memref.load %A[%i] : memref<4x4xf32>
  return
}

// expected-error-line: 4
func.func @f(%A: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %v = affine.load %A[%c0] : memref<4x4xf32>
  return
}

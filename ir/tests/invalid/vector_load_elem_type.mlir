// expected-error-line: 4
// expected-message: 'affine.vector_load' op requires memref and vector types of the same elemental type
func.func @f(%A: memref<16xf32>) {
  %v = affine.vector_load %A[0] : memref<16xf32>, vector<4xf64>
  return
}

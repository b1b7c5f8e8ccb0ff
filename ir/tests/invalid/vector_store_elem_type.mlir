// expected-error-line: 4
// expected-message: 'affine.vector_store' op requires memref and vector types of the same elemental type
func.func @f(%A: memref<16xf32>, %v: vector<4xi32>) {
  affine.vector_store %v, %A[0] : memref<16xf32>, vector<4xi32>
  return
}

// affine.vector_load / affine.vector_store.
func.func @vcopy(%A: memref<64xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 64 step 8 {
    %v = affine.vector_load %A[%i] : memref<64xf32>, vector<8xf32>
    affine.vector_store %v, %B[%i] : memref<64xf32>, vector<8xf32>
  }
  return
}

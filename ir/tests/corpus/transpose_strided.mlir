// Strided and permuted layouts.
func.func @t(%A: memref<4x8xf32, strided<[1, 4]>>, %B: memref<8x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, %C: memref<4x4xf32, strided<[8, 1], offset: 2>>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<4x8xf32, strided<[1, 4]>>
      affine.store %v, %B[%j, %i] : memref<8x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
    }
    affine.for %j = 0 to 4 {
      %v = affine.load %C[%i, %j] : memref<4x4xf32, strided<[8, 1], offset: 2>>
      affine.store %v, %C[%j, %i] : memref<4x4xf32, strided<[8, 1], offset: 2>>
    }
  }
  return
}

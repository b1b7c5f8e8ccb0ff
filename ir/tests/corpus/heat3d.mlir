// 3-D heat stencil (PolyBench heat-3d shape, one step).
func.func @heat(%A: memref<10x10x10xf32>, %B: memref<10x10x10xf32>) {
  %c = arith.constant 0.125 : f32
  affine.for %i = 1 to 9 {
    affine.for %j = 1 to 9 {
      affine.for %k = 1 to 9 {
        %a = affine.load %A[%i + 1, %j, %k] : memref<10x10x10xf32>
        %b = affine.load %A[%i - 1, %j, %k] : memref<10x10x10xf32>
        %d = affine.load %A[%i, %j + 1, %k] : memref<10x10x10xf32>
        %e = affine.load %A[%i, %j - 1, %k] : memref<10x10x10xf32>
        %f = affine.load %A[%i, %j, %k + 1] : memref<10x10x10xf32>
        %g = affine.load %A[%i, %j, %k - 1] : memref<10x10x10xf32>
        %s1 = arith.addf %a, %b : f32
        %s2 = arith.addf %d, %e : f32
        %s3 = arith.addf %f, %g : f32
        %s4 = arith.addf %s1, %s2 : f32
        %s5 = arith.addf %s4, %s3 : f32
        %r = arith.mulf %s5, %c : f32
        affine.store %r, %B[%i, %j, %k] : memref<10x10x10xf32>
      }
    }
  }
  return
}

// A 6-deep convolution nest (batch, out channel, in channel, rows, cols, filter rows),
// the filter columns unrolled by hand: the large input of benches/passes.rs and
// benches/compare_mlir_passes.sh.
func.func @conv6(%in: memref<4x32x34x34xf32>, %wt: memref<32x32x3x3xf32>, %out: memref<4x32x32x32xf32>) {
  affine.for %n = 0 to 4 {
    affine.for %k = 0 to 32 {
      affine.for %c = 0 to 32 {
        affine.for %h = 0 to 32 {
          affine.for %w = 0 to 32 {
            affine.for %r = 0 to 3 {
              %x0 = affine.load %in[%n, %c, %h + %r, %w + 0] : memref<4x32x34x34xf32>
              %f0 = affine.load %wt[%k, %c, %r, 0] : memref<32x32x3x3xf32>
              %o0 = affine.load %out[%n, %k, %h, %w] : memref<4x32x32x32xf32>
              %p0 = arith.mulf %x0, %f0 : f32
              %q0 = arith.addf %o0, %p0 : f32
              affine.store %q0, %out[%n, %k, %h, %w] : memref<4x32x32x32xf32>
              %x1 = affine.load %in[%n, %c, %h + %r, %w + 1] : memref<4x32x34x34xf32>
              %f1 = affine.load %wt[%k, %c, %r, 1] : memref<32x32x3x3xf32>
              %o1 = affine.load %out[%n, %k, %h, %w] : memref<4x32x32x32xf32>
              %p1 = arith.mulf %x1, %f1 : f32
              %q1 = arith.addf %o1, %p1 : f32
              affine.store %q1, %out[%n, %k, %h, %w] : memref<4x32x32x32xf32>
              %x2 = affine.load %in[%n, %c, %h + %r, %w + 2] : memref<4x32x34x34xf32>
              %f2 = affine.load %wt[%k, %c, %r, 2] : memref<32x32x3x3xf32>
              %o2 = affine.load %out[%n, %k, %h, %w] : memref<4x32x32x32xf32>
              %p2 = arith.mulf %x2, %f2 : f32
              %q2 = arith.addf %o2, %p2 : f32
              affine.store %q2, %out[%n, %k, %h, %w] : memref<4x32x32x32xf32>
            }
          }
        }
      }
    }
  }
  return
}

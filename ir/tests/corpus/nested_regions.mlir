// Deep nesting: for / if / parallel / scf inside each other.
func.func @nest(%A: memref<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 16 {
    affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) {
      affine.parallel (%j) = (0) to (16) {
        scf.for %k = %c0 to %n step %c1 {
          %v = affine.load %A[%i, %j] : memref<16x16xf32>
          %w = arith.addf %v, %v : f32
          affine.store %w, %A[%i, %j] : memref<16x16xf32>
        }
      }
    } else {
      affine.for %j = 0 to 16 step 4 {
        %c0_0 = arith.constant 0.0 : f32
        affine.store %c0_0, %A[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

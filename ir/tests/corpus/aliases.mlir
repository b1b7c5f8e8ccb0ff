// User aliases are resolved and re-printed under mlir-opt's own names.
#tile = affine_map<(d0) -> (d0 * 4)>
#tile_end = affine_map<(d0) -> (d0 * 4 + 4)>
#inside = affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>
!vec = memref<64xf32>

func.func @tiled(%A: !vec, %n: index) {
  affine.for %t = 0 to 16 {
    affine.for %i = #tile(%t) to #tile_end(%t) {
      affine.if #inside(%i)[%n] {
        %v = affine.load %A[%i] : !vec
        %w = arith.mulf %v, %v : f32
        affine.store %w, %A[%i] : !vec
      }
    }
  }
  return
}

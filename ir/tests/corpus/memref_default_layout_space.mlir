// Explicit identity layouts and the default memory space (integer 0) are
// dropped from memref types, as MLIR drops them.
func.func @f(%a: memref<4xf32, 0>, %b: memref<4xf32, affine_map<(d0) -> (d0)>>, %c: memref<4xf32, affine_map<(d0) -> (d0)>, 0>, %d: memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>, 1>, %e: memref<*xf32, 0>, %g: memref<4xf32, 0 : i32>) {
  return
}

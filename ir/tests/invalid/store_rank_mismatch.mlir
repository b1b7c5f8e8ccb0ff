// expected-error-line: 4
func.func @f(%A: memref<4xf32>, %v: f32) {
  affine.for %i = 0 to 4 {
    affine.store %v, %A[%i, %i] : memref<4xf32>
  }
  return
}

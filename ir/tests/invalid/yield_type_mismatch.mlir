// expected-error-line: 5
func.func @f(%x: f32) {
  %0 = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f32) {
    %c = arith.constant 1 : i32
    affine.yield %c : i32
  }
  return
}

// expected-error-line: 3
func.func @f(%x: f32, %a: index) {
  %0 = affine.if affine_set<(d0) : (d0 >= 0)>(%a) -> f32 {
    affine.yield %x : f32
  }
  return
}

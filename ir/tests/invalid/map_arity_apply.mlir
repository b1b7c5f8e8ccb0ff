// expected-error-line: 3
func.func @f(%a: index) {
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%a)
  return
}

// expected-error-line: 3
func.func @f(%a: index) {
  affine.for %i = affine_map<(d0) -> (d0)>(%a)[%a] to 10 {
  }
  return
}

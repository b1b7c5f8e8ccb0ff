// expected-error-line: 3
func.func @f(%a: index) {
  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%a) {
  }
  return
}

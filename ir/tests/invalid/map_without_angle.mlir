// expected-error-line: 2
#m = affine_map(d0) -> (d0)>
func.func @f() {
  return
}

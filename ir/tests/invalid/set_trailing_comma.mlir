// expected-error-line: 2
#m = affine_set<(d0) : (d0 >= 0,)>
func.func @f() {
  return
}

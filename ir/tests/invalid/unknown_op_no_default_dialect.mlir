// expected-error-line: 4
func.func @f() {
  affine.for %i = 0 to 2 {
    frobnicate
  }
  return
}

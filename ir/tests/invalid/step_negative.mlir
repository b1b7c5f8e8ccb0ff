// expected-error-line: 3
func.func @f() {
  affine.for %i = 0 to 10 step -1 {
  }
  return
}

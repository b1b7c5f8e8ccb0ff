// expected-error-line: 3
func.func @f(%a: index) {
  %0 = affine.apply #nope(%a)
  return
}

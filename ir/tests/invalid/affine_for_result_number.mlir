// expected-error-line: 4
// expected-message: 4:17: error: result number not allowed in argument list
func.func @f(%n: index) {
  affine.for %n0#0 = 0 to 10 {
  }
  return
}

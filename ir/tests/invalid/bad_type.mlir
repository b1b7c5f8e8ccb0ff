// expected-error-line: 2
func.func @f(%a: f33) {
  return
}

// expected-error-line: 2
func.func @f(%a: vector<4xf32) {
  return
}

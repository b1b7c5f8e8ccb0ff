// expected-error-line: 3
func.func @f() {
  return loc(
}

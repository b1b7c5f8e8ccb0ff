// expected-error-line: 3
func.func @f() {
  foo.bar
  return
}

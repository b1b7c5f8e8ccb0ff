// expected-error-line: 3
func.func @f() {
  %0 = func.return
}

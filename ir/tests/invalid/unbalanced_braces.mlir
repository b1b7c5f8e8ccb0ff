// expected-error-line: 5
func.func @f() {
  return
}
}

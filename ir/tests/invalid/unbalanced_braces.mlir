// expected-error-line: 4
func.func @f() {
  return
}
}

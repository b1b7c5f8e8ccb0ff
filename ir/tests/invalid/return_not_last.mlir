// expected-error-line: 4
func.func @f() {
  return
  %c = arith.constant 0 : index
}

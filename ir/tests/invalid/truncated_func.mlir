// expected-error-line: 3
func.func @f() {
  %c0 = arith.constant 0 : index

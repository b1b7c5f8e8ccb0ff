// expected-error-line: 3
func.func @f(%c: i32) {
  %0 = arith.select %c, %c, %c : i32
  return
}

// expected-error-line: 3
func.func @f(%a: i32) {
  %c = arith.constant 0 : i32
  ^bb0(%b: i32):
  return
}

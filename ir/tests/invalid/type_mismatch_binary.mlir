// expected-error-line: 3
func.func @f(%a: i32, %b: i64) {
  %0 = arith.addi %a, %b : i32
  return
}

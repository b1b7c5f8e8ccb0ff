// expected-error-line: 4
func.func @f(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %0 = arith.addi %a, %a : i32
  return
}

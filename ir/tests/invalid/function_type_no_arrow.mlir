// expected-error-line: 3
func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32)
  return
}

// expected-error-line: 6
func.func @f(%a: index) {
  return
}
func.func @g() {
  %b = arith.addi %a, %a : index
  return
}

// expected-error-line: 3
func.func @f(%a: f32) {
  %0 = arith.muli %a, %a : f32
  return
}

// expected-error-line: 3
func.func @f(%c: i32, %a: f32) {
  %0 = arith.select %c, %a, %a : f32
  return
}

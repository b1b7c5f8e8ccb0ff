// expected-error-line: 3
func.func @f(%a: f32) {
  %0 = arith.extf %a : f32 to f16
  return
}

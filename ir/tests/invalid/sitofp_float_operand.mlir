// expected-error-line: 3
func.func @f(%a: f32) {
  %0 = arith.sitofp %a : f32 to f64
  return
}

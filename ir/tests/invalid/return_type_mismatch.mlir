// expected-error-line: 3
func.func @f(%a: i32) -> f32 {
  return %a : i32
}

// expected-error-line: 3
func.func @f(%a: i32) {
  %0 = arith.index_cast %a : i32 to f32
  return
}

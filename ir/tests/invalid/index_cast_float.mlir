// expected-error-line: 3
func.func @f(%a: f32) {
  %0 = arith.index_cast %a : f32 to index
  return
}

// expected-error-line: 3
func.func @f(%x: f32) {
  %0 = arith.addi %x, %x : i32
  return
}

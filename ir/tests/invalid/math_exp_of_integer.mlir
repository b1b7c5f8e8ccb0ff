// expected-error-line: 5
// expected-message: 5:8: error: 'math.exp' op operand #0 must be floating-point-like, but got 'i32'
// The math functions take floats only.
func.func @f(%x: i32) {
  %0 = math.exp %x : i32
  return
}

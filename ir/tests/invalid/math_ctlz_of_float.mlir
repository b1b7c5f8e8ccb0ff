// expected-error-line: 5
// expected-message: 5:8: error: 'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'
// The integer math functions take integers only.
func.func @f(%x: f32) {
  %0 = math.ctlz %x : f32
  return
}

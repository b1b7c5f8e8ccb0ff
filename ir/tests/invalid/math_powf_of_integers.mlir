// expected-error-line: 5
// expected-message: 5:8: error: 'math.powf' op operand #0 must be floating-point-like, but got 'i64'
// math.powf takes floats only.
func.func @f(%x: i64) {
  %0 = math.powf %x, %x : i64
  return
}

// expected-error-line: 3
func.func @f(%c: i32) {
  %0 = arith.cmpf olt, %c, %c : i32
  return
}

// expected-error-line: 6
func.func @f() {
  affine.for %i = 0 to 4 {
    %c = arith.constant 1 : index
  }
  %d = arith.addi %c, %c : index
  return
}

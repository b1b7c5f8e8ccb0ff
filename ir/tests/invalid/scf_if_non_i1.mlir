// expected-error-line: 3
func.func @f(%c: i32) {
  scf.if %c {
  }
  return
}

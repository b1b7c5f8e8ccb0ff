// expected-error-line: 4
// mlir-opt-words-differ: mlir-opt gives the operand its expected type while parsing, so the type mismatch comes first
func.func @f(%c: i32) {
  scf.if %c {
  }
  return
}

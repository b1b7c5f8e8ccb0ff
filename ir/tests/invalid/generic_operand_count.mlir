// expected-error-line: 4
// mlir-opt-words-differ: mlir-opt 19 prints a NUL byte where tessera prints a space
func.func @f(%a: i32) {
  %0 = "arith.addi"(%a) : (i32, i32) -> i32
  return
}

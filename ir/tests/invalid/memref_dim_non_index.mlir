// expected-error-line: 4
// mlir-opt-words-differ: mlir-opt gives the operand its expected type while parsing, so the type mismatch comes first
func.func @f(%A: memref<4xf32>, %x: f32) {
  %0 = memref.dim %A, %x : memref<4xf32>
  return
}

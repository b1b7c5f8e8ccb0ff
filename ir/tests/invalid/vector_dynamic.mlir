// expected-error-line: 3
// mlir-opt-words-differ: mlir-opt's vector type does not read '?' as a size and fails on it as a type
func.func @f(%a: vector<?xf32>) {
  return
}

// expected-error-line: 2
func.func @f(%a: memref<4x?xf32) {
  return
}

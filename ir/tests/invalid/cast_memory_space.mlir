// expected-error-line: 4
// expected-message: 'memref.cast' op operand type 'memref<8xf32, 1>' and result type 'memref<*xf32>' are cast incompatible
func.func @f(%buf: memref<8xf32, 1>) {
  %u = memref.cast %buf : memref<8xf32, 1> to memref<*xf32>
  return
}

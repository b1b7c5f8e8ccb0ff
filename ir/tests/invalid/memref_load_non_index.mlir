// expected-error-line: 3
func.func @f(%A: memref<4xf32>, %x: f32) {
  %0 = memref.load %A[%x] : memref<4xf32>
  return
}

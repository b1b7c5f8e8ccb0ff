// expected-error-line: 3
func.func @f(%A: memref<4xf32>, %x: f32, %c: i32) {
  memref.store %x, %A[%c] : memref<4xf32>
  return
}

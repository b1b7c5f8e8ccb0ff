// expected-error-line: 4
func.func @f(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i * %i] : memref<10xf32>
  }
  return
}

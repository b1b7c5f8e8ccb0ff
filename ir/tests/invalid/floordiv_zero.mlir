// expected-error-line: 5
// mlir-opt: accepts (stricter than mlir-opt 19)
func.func @f(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i floordiv 0] : memref<10xf32>
  }
  return
}

// expected-error-line: 7
func.func @f(%A: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %v = affine.load %A[%i] : memref<10xf32>
  }
  return
}

// expected-error-line: 5
func.func @f(%A: memref<100xf32>) {
  affine.for %i = 0 to 10 {
    %x = arith.addi %i, %i : index
    %v = affine.load %A[%x] : memref<100xf32>
  }
  return
}

// expected-error-line: 4
// expected-message: 'affine.parallel' op result type cannot match reduction attribute
func.func @f(%A: memref<10xi32>) -> i32 {
  %r = affine.parallel (%i) = (0) to (10) reduce ("addf") -> (i32) {
    %v = affine.load %A[%i] : memref<10xi32>
    affine.yield %v : i32
  }
  return %r : i32
}

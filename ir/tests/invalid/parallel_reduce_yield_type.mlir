// expected-error-line: 7
// expected-message: 'affine.yield' op types mismatch between yield op and its parent
func.func @f(%A: memref<10xf32>) -> f32 {
  %r = affine.parallel (%i) = (0) to (10) reduce ("addf") -> (f32) {
    %v = affine.load %A[%i] : memref<10xf32>
    %c = arith.fptosi %v : f32 to i32
    affine.yield %c : i32
  }
  return %r : f32
}

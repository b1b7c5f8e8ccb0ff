// expected-error-line: 4
// expected-message: 'affine.parallel' op a reduction must be specified for each output
func.func @f(%A: memref<10xf32>) -> f32 {
  %r = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [0, 0], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    %v = affine.load %A[%i] : memref<10xf32>
    affine.yield %v : f32
  }) : () -> f32
  return %r : f32
}

// RUN: tessera-opt --test-decompose-affine-ops --affine-simplify-structures %s | FileCheck %s
// --test-decompose-affine-ops passes an induction variable to an
// affine.apply as a symbol (as MLIR's does); composing that apply into
// the inner loop's lower bound must make the induction variable a dim of
// the bound again, since a loop bound takes only valid symbols as symbols
// (found by the no_crash soak, seed 0x26112609, input 6871).
// MLIR-OPT-WRONG: mlir-opt 19 composes it as a symbol and its output does
// not verify ("'affine.for' op operand cannot be used as a symbol"); the
// corpus comparisons with mlir-opt skip this file.

// CHECK-LABEL: func.func @iv_in_bound
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK: affine.for %{{.*}} = #{{.*}}(%[[I]]) to %{{.*}} {
func.func @iv_in_bound(%A: memref<32xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 5)>(%i)
    affine.for %j = max affine_map<(d0) -> (d0, -2)>(%0) to %n {
      %v = affine.load %A[%j] : memref<32xf32>
      affine.store %v, %A[%j + 1] : memref<32xf32>
    }
  }
  return
}

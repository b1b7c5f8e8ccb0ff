// RUN: tessera-opt --test-decompose-affine-ops --affine-simplify-structures %s | FileCheck %s
// RUN: tessera-opt --test-decompose-affine-ops --canonicalize %s | FileCheck %s --check-prefixes=CHECK,CANON
// --test-decompose-affine-ops passes an induction variable to an
// affine.apply as a symbol (as MLIR's does); composing that apply into a
// loop bound, an affine.if condition or an access map must make the
// induction variable a dim there again, since those ops take only valid
// symbols as symbols (the loop bound found by the no_crash soak, seed
// 0x26112609, input 6871; the others by reading the code after it).
// MLIR-OPT-WRONG: mlir-opt 19 composes it as a symbol and its output does
// not verify ("'affine.for' op operand cannot be used as a symbol", the
// same for affine.if and affine.load); the corpus comparisons with
// mlir-opt skip this file.

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

// CHECK-LABEL: func.func @iv_in_condition
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK: affine.if #{{.*}}(%[[I]]) {
func.func @iv_in_condition(%A: memref<32xf32>) {
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 5)>(%i)
    affine.if affine_set<(d0) : (d0 - 7 >= 0)>(%0) {
      %v = affine.load %A[%i] : memref<32xf32>
      affine.store %v, %A[%i + 1] : memref<32xf32>
    }
  }
  return
}

// (simplify-structures leaves accesses alone; the canonicalizer composes.)
// CANON-LABEL: func.func @iv_in_access
// CANON: affine.for %[[I:.*]] = 0 to 10 {
// CANON: affine.load %{{.*}}[%[[I]] + 5]
func.func @iv_in_access(%A: memref<32xf32>) {
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 5)>(%i)
    %v = affine.load %A[%0] : memref<32xf32>
    affine.store %v, %A[%i] : memref<32xf32>
  }
  return
}

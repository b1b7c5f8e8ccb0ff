// mlir-opt 19 runs --affine-simplify-structures with the ExistingAndNewOps
// strictness: the ops of an affine.if block inlined in its place join the
// worklist, so those left unused go, while an unused constant that was
// there before stays.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -affine-simplify-structures | FileCheck %s

// CHECK-LABEL: func.func @false_condition_inlines_else
// CHECK-NEXT:    %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT:    %[[C13:.*]] = arith.constant 13 : index
// CHECK-NEXT:    return %[[C7]], %arg0 : index, index
// CHECK-NEXT:  }
func.func @false_condition_inlines_else(%arg0: index) -> (index, index) {
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %r:2 = affine.if affine_set<(d0, d1) : (3 >= 0, -1 >= 0)>(%c7, %c13) -> (index, index) {
    %c0 = arith.constant 0 : index
    affine.yield %c0, %c0 : index, index
  } else {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    affine.yield %c7, %arg0 : index, index
  }
  return %r#0, %r#1 : index, index
}

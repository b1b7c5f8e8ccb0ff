// Two inputs of MLIR's own canonicalize.mlir that tessera's canonicalizer
// turned into IR that does not verify (found by running MLIR's tests
// through both tools): a loop whose body only yields its induction
// variable (mlir-opt 19 crashes on it; later MLIR folds it to the last
// value, as tessera now does), and a memref.cast stored into a memref of
// memrefs (the stored value keeps its type, as in mlir-opt).

// RUN: tessera-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold_empty_loop_iv
// CHECK-SAME: (%[[INIT:.*]]: index)
// CHECK: %[[C9:.*]] = arith.constant 9 : index
// CHECK: return %[[C9]], %[[INIT]] : index, index
func.func @fold_empty_loop_iv(%init: index) -> (index, index) {
  %res:2 = affine.for %i = 0 to 10 step 1 iter_args(%arg0 = %init, %arg1 = %init) -> (index, index) {
    affine.yield %i, %arg1 : index, index
  }
  return %res#0, %res#1 : index, index
}

// -----

// CHECK-LABEL: func.func @last_iv_with_step
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: return %[[C8]] : index
func.func @last_iv_with_step(%init: index) -> index {
  %res = affine.for %i = 2 to 10 step 3 iter_args(%arg0 = %init) -> (index) {
    affine.yield %i : index
  }
  return %res : index
}

// -----

// CHECK-LABEL: func.func @symbolic_bound_keeps_loop
// CHECK: affine.for
func.func @symbolic_bound_keeps_loop(%init: index, %n: index) -> index {
  %res = affine.for %i = 0 to %n iter_args(%arg0 = %init) -> (index) {
    affine.yield %i : index
  }
  return %res : index
}

// -----

// CHECK-LABEL: func.func @no_fold_of_store
// CHECK: %[[CAST:.*]] = memref.cast %arg0
// CHECK: affine.store %[[CAST]]
func.func @no_fold_of_store(%arg : memref<32xi8>, %holder: memref<memref<?xi8>>) {
  %0 = memref.cast %arg : memref<32xi8> to memref<?xi8>
  affine.store %0, %holder[] : memref<memref<?xi8>>
  return
}

// --affine-loop-normalize on affine.parallel (MLIR's
// normalizeAffineParallel): every dimension from 0 with step 1, the
// original variables rebuilt by affine.apply at the top of the body; and
// affine.for bounds canonicalized as MLIR does (operands simplified away
// dropped, valid symbols made symbols).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -affine-loop-normalize | FileCheck %s

// CHECK-DAG: #[[I:.*]] = affine_map<(d0) -> (d0 * 4 + 2)>
// CHECK-DAG: #[[J:.*]] = affine_map<(d0) -> (d0 * 3)>
// CHECK-LABEL: func.func @parallel
// CHECK:         affine.parallel (%[[A:.*]], %[[B:.*]]) = (0, 0) to (5, 3) {
// CHECK-NEXT:      %[[X:.*]] = affine.apply #[[I]](%[[A]])
// CHECK-NEXT:      %[[Y:.*]] = affine.apply #[[J]](%[[B]])
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[X]], %[[Y]]]
func.func @parallel(%m: memref<24x9xf32>, %v: f32) {
  affine.parallel (%i, %j) = (2, 0) to (22, 9) step (4, 3) {
    affine.store %v, %m[%i, %j] : memref<24x9xf32>
  }
  return
}

// -----

// An inner parallel loop is normalized first, over the outer variables.
// CHECK-LABEL: func.func @nested
// CHECK:         affine.parallel (%[[I:.*]]) = (0) to (4) {
// CHECK-NEXT:      %[[X:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT:      affine.parallel (%[[K:.*]]) = (0) to (-%[[X]] + 8) {
// CHECK-NEXT:        affine.apply #{{.*}}(%[[X]], %[[K]])
func.func @nested(%m: memref<8xf32>, %v: f32) {
  affine.parallel (%i) = (0) to (8) step (2) {
    affine.parallel (%k) = (%i) to (8) {
      affine.store %v, %m[%k] : memref<8xf32>
    }
  }
  return
}

// -----

// A min bound is left alone.
// CHECK-LABEL: func.func @min_bound
// CHECK:         affine.parallel (%{{.*}}) = (1) to (min(%arg1, 8)) step (2) {
func.func @min_bound(%m: memref<8xf32>, %n: index, %v: f32) {
  affine.parallel (%i) = (1) to (min(%n, 8)) step (2) {
    affine.store %v, %m[%i] : memref<8xf32>
  }
  return
}

// -----

// The span of %a to %a + 4 is 4, with no operand left.
// CHECK-DAG: #[[OLD:.*]] = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: func.func @relative
// CHECK:         affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.apply #[[OLD]](%[[I]])[%arg0]
func.func @relative(%a: index, %m: memref<?xf32>, %v: f32) {
  affine.for %i = affine_map<(d0) -> (d0)>(%a) to affine_map<(d0) -> (d0 + 4)>(%a) {
    affine.store %v, %m[%i] : memref<?xf32>
  }
  return
}

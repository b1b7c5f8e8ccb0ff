// --test-affine-parametric-tile: the perfect band under each affine.for at
// the top of a function is tiled with the function's first arguments as
// tile sizes, with the maps mlir-opt 19 builds.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -test-affine-parametric-tile | FileCheck %s

// CHECK-DAG: #[[UB:.*]] = affine_map<()[s0] -> (100 ceildiv s0)>
// CHECK-DAG: #[[UBJ:.*]] = affine_map<()[s0, s1] -> ((s0 - 3) ceildiv s1 + 3)>
// CHECK-DAG: #[[LBI:.*]] = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-DAG: #[[UBI:.*]] = affine_map<(d0)[s0] -> (d0 * s0 + s0, 100)>
// CHECK-DAG: #[[LBJ:.*]] = affine_map<(d0)[s0] -> ((d0 - 3) * s0 + 3)>
// CHECK-DAG: #[[UBJI:.*]] = affine_map<(d0)[s0, s1] -> ((d0 - 3) * s1 + s1 * 2 + 3, s0)>
// CHECK-LABEL: func.func @band
// CHECK-SAME:    (%[[T0:.*]]: index, %[[T1:.*]]: index, %{{.*}}: memref<100x80xf32>, %[[N:.*]]: index)
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to #[[UB]]()[%[[T0]]] {
// CHECK-NEXT:      affine.for %[[J:.*]] = 3 to #[[UBJ]]()[%[[N]], %[[T1]]] step 2 {
// CHECK-NEXT:        affine.for %[[II:.*]] = #[[LBI]](%[[I]])[%[[T0]]] to min #[[UBI]](%[[I]])[%[[T0]]] {
// CHECK-NEXT:          affine.for %[[JJ:.*]] = #[[LBJ]](%[[J]])[%[[T1]]] to min #[[UBJI]](%[[J]])[%[[N]], %[[T1]]] step 2 {
// CHECK-NEXT:            affine.load %{{.*}}[%[[II]], %[[JJ]]]
func.func @band(%t0: index, %t1: index, %A: memref<100x80xf32>, %n: index) {
  affine.for %i = 0 to 100 {
    affine.for %j = 3 to %n step 2 {
      %v = affine.load %A[%i, %j] : memref<100x80xf32>
      affine.store %v, %A[%i, %j] : memref<100x80xf32>
    }
  }
  return
}

// -----

// A min upper bound: one tile-space result per result.
// CHECK-DAG: #[[UB2:.*]] = affine_map<()[s0, s1] -> (s0 ceildiv s1, 64 ceildiv s1)>
// CHECK-DAG: #[[UBI2:.*]] = affine_map<(d0)[s0, s1] -> (d0 * s1 + s1, s0, 64)>
// CHECK-LABEL: func.func @min_bound
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to min #[[UB2]]()[%arg1, %arg0] {
// CHECK-NEXT:      affine.for %{{.*}} = #{{.*}}(%[[I]])[%arg0] to min #[[UBI2]](%[[I]])[%arg1, %arg0] {
func.func @min_bound(%t0: index, %n: index, %A: memref<64xf32>) {
  affine.for %i = 0 to min affine_map<()[s0] -> (s0, 64)>()[%n] {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %A[%i] : memref<64xf32>
  }
  return
}

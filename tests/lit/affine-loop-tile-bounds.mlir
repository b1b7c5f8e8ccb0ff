// --affine-loop-tile's intra-tile bounds, as MLIR 19 builds them: a trip
// count below the tile size gives one exact tile, a tile size dividing
// the trip count's largest known divisor needs no min, and a min bound
// takes the tile loop's variable after the original bound's dims.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -affine-loop-tile="tile-size=32" | FileCheck %s
// RUN: tessera-opt %s -split-input-file -affine-loop-tile="tile-size=32 separate" | FileCheck %s --check-prefix=SEP

// CHECK-DAG: #[[SHIFT20:.*]] = affine_map<(d0) -> (d0 + 20)>
// CHECK-DAG: #[[MIN1000:.*]] = affine_map<(d0) -> (d0 + 32, 1000)>
// CHECK-LABEL: func.func @short_and_partial
// CHECK:         affine.for %[[I:.*]] = 0 to 20 step 32 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 1000 step 32 {
// CHECK-NEXT:        affine.for %{{.*}} = #{{.*}}(%[[I]]) to #[[SHIFT20]](%[[I]]) {
// CHECK-NEXT:          affine.for %{{.*}} = #{{.*}}(%[[J]]) to min #[[MIN1000]](%[[J]]) {
// A separated tile: the full copy has no min, the partial one keeps it.
// SEP-LABEL: func.func @short_and_partial
// SEP:         affine.if #{{.*}}(%{{.*}}) {
// SEP-NEXT:      affine.for
// SEP-NEXT:        affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%{{.*}}) {
// SEP:         } else {
// SEP-NEXT:      affine.for
// SEP-NEXT:        affine.for %{{.*}} = #{{.*}}(%{{.*}}) to min #{{.*}}(%{{.*}}) {
func.func @short_and_partial(%a: memref<20x1000xf32>) {
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 1000 {
      %v = affine.load %a[%i, %j] : memref<20x1000xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %a[%i, %j] : memref<20x1000xf32>
    }
  }
  return
}

// -----

// A trip count of 64 * N: tiles of 32 are all full, with or without
// separation (then under a condition that always holds).
// CHECK-DAG: #[[FULL:.*]] = affine_map<(d0) -> (d0 + 32)>
// CHECK-LABEL: func.func @multiple_of_tile
// CHECK:         affine.for %[[T:.*]] = 0 to #{{.*}}()[%arg1] step 32 {
// CHECK-NEXT:      affine.for %{{.*}} = #{{.*}}(%[[T]]) to #[[FULL]](%[[T]]) {
// SEP-LABEL: func.func @multiple_of_tile
// SEP:         affine.if #{{.*}}() {
// SEP:         } else {
func.func @multiple_of_tile(%a: memref<?xf32>, %n: index) {
  affine.for %i = 0 to affine_map<()[s0] -> (s0 * 64)>()[%n] {
    %v = affine.load %a[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// The tile loop's variable comes after the bound's own dims.
// CHECK-DAG: #[[MIN:.*]] = affine_map<(d0, d1, d2) -> (d2 + 32, d0, d1)>
// CHECK-LABEL: func.func @min_of_dims
// CHECK:         affine.for %[[T:.*]] = 0 to min #{{.*}}(%arg1, %arg2) step 32 {
// CHECK-NEXT:      affine.for %{{.*}} = #{{.*}}(%[[T]]) to min #[[MIN]](%arg1, %arg2, %[[T]]) {
func.func @min_of_dims(%a: memref<?xf32>, %n: index, %m: index) {
  affine.for %i = 0 to min affine_map<(d0, d1) -> (d0, d1)>(%n, %m) {
    %v = affine.load %a[%i] : memref<?xf32>
    affine.store %v, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Point loops of step 2 are not separated.
// SEP-LABEL: func.func @step_two
// SEP-NOT:     affine.if
// SEP:         affine.for %{{.*}} = #{{.*}}(%{{.*}}) to min #{{.*}}(%{{.*}})[%{{.*}}] step 2 {
// SEP-NOT:     affine.if
func.func @step_two(%a: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n step 2 {
    %v = affine.load %a[%i] : memref<?xf32>
    affine.store %v, %a[%i] : memref<?xf32>
  }
  return
}

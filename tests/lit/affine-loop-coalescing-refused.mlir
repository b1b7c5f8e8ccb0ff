// --affine-loop-coalescing on the bands mlir-opt 19 breaks, left alone by
// tessera: mlir-opt gives the first two an upper bound that is not a valid
// symbol (its output does not verify) and crashes on the third.

// RUN: tessera-opt %s --affine-loop-coalescing -split-input-file -allow-unregistered-dialect | FileCheck %s

// The band (j, k) has an upper bound depending on i: its product would
// be computed inside i's body, not a symbol there.
// CHECK-LABEL: func.func @bound_from_enclosing_loop
// CHECK:         affine.for %[[I:.*]] = 0 to %arg0 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to #{{.*}}(%[[I]]) {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 4 {
func.func @bound_from_enclosing_loop(%n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.for %k = 0 to 4 {
        "test.use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  return
}

// -----

// Under a loop, a min upper bound becomes an affine.min, whose result is
// not a symbol (MLIR's isValidSymbol takes affine.apply, not affine.min).
// CHECK-LABEL: func.func @min_bound_under_a_loop
// CHECK:         affine.for %{{.*}} = 1 to 4 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to min #{{.*}}()[%arg1] {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to %arg0 {
func.func @min_bound_under_a_loop(%n: index, %m: index) {
  affine.for %i = 1 to 4 {
    affine.for %j = 0 to min affine_map<()[s0] -> (s0, 20)>()[%m] {
      affine.for %k = 0 to %n {
        "test.use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  return
}

// -----

// An inner loop with iter_args.
// CHECK-LABEL: func.func @inner_iter_args
// CHECK:         affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 8 iter_args
func.func @inner_iter_args(%A: memref<10x8xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    %s = affine.for %j = 0 to 8 iter_args(%b = %z) -> (f32) {
      %v = affine.load %A[%i, %j] : memref<10x8xf32>
      %w = arith.addf %b, %v : f32
      affine.yield %w : f32
    }
  }
  return
}

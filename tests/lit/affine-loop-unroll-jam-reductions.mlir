// --affine-loop-unroll-jam of a loop whose iter_args are reductions with
// an idempotent combiner (max, min, or, and): every copy accumulates on
// its own from the loop's initial value, and the copies are combined
// after the loop in MLIR's order; a cleanup loop continues from the
// combined value. A nested loop's iter_args get one set per copy.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -affine-loop-unroll-jam=unroll-jam-factor=4 | FileCheck %s

// CHECK-LABEL: func.func @max_with_cleanup
// CHECK:         %[[R:.*]]:4 = affine.for %{{.*}} = 0 to 16 step 4 iter_args(%[[A0:.*]] = %[[I:arg1]], %[[A1:.*]] = %[[I]], %[[A2:.*]] = %[[I]], %[[A3:.*]] = %[[I]]) -> (i32, i32, i32, i32) {
// CHECK:           arith.maxsi %[[A0]]
// CHECK:           arith.maxsi %[[A1]]
// CHECK:           arith.maxsi %[[A2]]
// CHECK:           arith.maxsi %[[A3]]
// CHECK:         }
// CHECK-NEXT:    %[[C0:.*]] = arith.maxsi %[[R]]#0, %[[R]]#3 : i32
// CHECK-NEXT:    %[[C1:.*]] = arith.maxsi %[[C0]], %[[R]]#2 : i32
// CHECK-NEXT:    %[[C2:.*]] = arith.maxsi %[[C1]], %[[R]]#1 : i32
// CHECK-NEXT:    %[[LAST:.*]] = affine.load %arg0[%c16] : memref<17xi32>
// CHECK-NEXT:    %[[ALL:.*]] = arith.maxsi %[[C2]], %[[LAST]] : i32
// CHECK-NEXT:    return %[[ALL]] : i32
func.func @max_with_cleanup(%A: memref<17xi32>, %init: i32) -> i32 {
  %r = affine.for %i = 0 to 17 iter_args(%acc = %init) -> (i32) {
    %v = affine.load %A[%i] : memref<17xi32>
    %m = arith.maxsi %acc, %v : i32
    affine.yield %m : i32
  }
  return %r : i32
}

// -----

// A float minimum is exact in any order too.
// CHECK-LABEL: func.func @two_idempotent
// CHECK:         %[[R:.*]]:8 = affine.for
// CHECK-COUNT-4:   arith.minimumf
// CHECK:         }
// CHECK-NEXT:    %[[M0:.*]] = arith.minimumf %[[R]]#0, %[[R]]#6 : f32
// CHECK-NEXT:    %[[M1:.*]] = arith.minimumf %[[M0]], %[[R]]#4 : f32
// CHECK-NEXT:    %[[M2:.*]] = arith.minimumf %[[M1]], %[[R]]#2 : f32
// CHECK-NEXT:    %[[O0:.*]] = arith.ori %[[R]]#1, %[[R]]#7 : i64
// CHECK-NEXT:    %[[O1:.*]] = arith.ori %[[O0]], %[[R]]#5 : i64
// CHECK-NEXT:    %[[O2:.*]] = arith.ori %[[O1]], %[[R]]#3 : i64
// CHECK-NEXT:    return %[[M2]], %[[O2]] : f32, i64
func.func @two_idempotent(%A: memref<16xf32>, %B: memref<16xi64>, %f: f32, %b: i64) -> (f32, i64) {
  %r:2 = affine.for %i = 0 to 16 iter_args(%x = %f, %y = %b) -> (f32, i64) {
    %v = affine.load %A[%i] : memref<16xf32>
    %m = arith.minimumf %v, %x : f32
    %w = affine.load %B[%i] : memref<16xi64>
    %o = arith.ori %y, %w : i64
    affine.yield %m, %o : f32, i64
  }
  return %r#0, %r#1 : f32, i64
}

// -----

// CHECK-LABEL: func.func @inner_reduction
// CHECK:         affine.for %[[I:.*]] = 0 to 16 step 4 {
// CHECK-NEXT:      %[[R:.*]]:4 = affine.for %{{.*}} = 0 to 8 iter_args(%{{.*}} = %arg2, %{{.*}} = %arg2, %{{.*}} = %arg2, %{{.*}} = %arg2) -> (i32, i32, i32, i32) {
// CHECK-COUNT-4:     arith.addi
// CHECK:           }
// CHECK-NEXT:      affine.store %[[R]]#0, %arg1[%[[I]]] : memref<16xi32>
// CHECK:           affine.store %[[R]]#1
// CHECK:           affine.store %[[R]]#2
// CHECK:           affine.store %[[R]]#3
func.func @inner_reduction(%A: memref<16x8xi32>, %B: memref<16xi32>, %c0: i32) {
  affine.for %i = 0 to 16 {
    %r = affine.for %j = 0 to 8 iter_args(%acc = %c0) -> (i32) {
      %v = affine.load %A[%i, %j] : memref<16x8xi32>
      %s = arith.addi %acc, %v : i32
      affine.yield %s : i32
    }
    affine.store %r, %B[%i] : memref<16xi32>
  }
  return
}

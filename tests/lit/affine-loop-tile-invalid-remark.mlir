// A band that tiling would break is left alone with mlir-opt 19's remark,
// at its outermost loop, without --verbose; outside -verify-diagnostics
// the op follows as a note, in the custom form, as mlir-opt prints it.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -affine-loop-tile=tile-size=8 -verify-diagnostics | FileCheck %s
// RUN: tessera-opt %s -split-input-file -affine-loop-tile=tile-size=8 -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTE

// The read of B[j][i] and the write of B[i][j] meet with distances of
// both signs on j: tiles would run some of them backwards.
// CHECK-LABEL: func.func @transposed_update
// CHECK:         affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 {
// NOTE: :[[#@LINE+6]]:3: remark: tiling nest is invalid due to dependences
// NOTE-NEXT: affine.for %i = 0 to 16 {
// NOTE-NEXT: ^
// NOTE-NEXT: :[[#@LINE+3]]:3: note: see current operation:
// NOTE-NEXT: affine.for %arg1 = 0 to 16 {
func.func @transposed_update(%B: memref<16x16xi32>) {
  affine.for %i = 0 to 16 {
    // expected-remark@above {{tiling nest is invalid due to dependences}}
    affine.for %j = 0 to 16 {
      %t = affine.load %B[%j, %i] : memref<16x16xi32>
      %u = affine.load %B[%i, %j] : memref<16x16xi32>
      %s = arith.addi %t, %u : i32
      affine.store %s, %B[%i, %j] : memref<16x16xi32>
    }
  }
  return
}

// -----

// Without such a dependence the band is tiled, and nothing is said.
// CHECK-LABEL: func.func @row_update
// CHECK:         affine.for %{{.*}} = 0 to 16 step 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 step 8 {
// NOTE-NOT: remark:
func.func @row_update(%B: memref<16x16xi32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %u = affine.load %B[%i, %j] : memref<16x16xi32>
      %s = arith.addi %u, %u : i32
      affine.store %s, %B[%i, %j] : memref<16x16xi32>
    }
  }
  return
}

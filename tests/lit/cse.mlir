// --cse: equal effect-free ops merged, equal loads merged only with no
// write in between, dead effect-free ops erased.
// MLIR-OPT-TOO

// RUN: tessera-opt %s --cse | FileCheck %s

// CHECK-LABEL: func.func @cse
// CHECK:         %[[C:.*]] = arith.constant 1 : index
// CHECK-NOT:     arith.constant 1 : index
// CHECK:         %[[A:.*]] = arith.addi %arg0, %[[C]] : index
// CHECK-NOT:     arith.addi
// CHECK:         %[[L:.*]] = affine.load %arg1[%[[A]]] : memref<10xf32>
// CHECK:         %[[S:.*]] = arith.addf %[[L]], %[[L]] : f32
// CHECK:         affine.store %[[S]], %arg1[0] : memref<10xf32>
// CHECK:         %[[L2:.*]] = affine.load %arg1[%[[A]]] : memref<10xf32>
// CHECK:         return %[[A]], %[[L2]] : index, f32
func.func @cse(%i: index, %A: memref<10xf32>) -> (index, f32) {
  %c1 = arith.constant 1 : index
  %c1b = arith.constant 1 : index
  %a = arith.addi %i, %c1 : index
  %b = arith.addi %i, %c1b : index
  %dead = arith.muli %a, %b : index
  %x = affine.load %A[%a] : memref<10xf32>
  %y = affine.load %A[%b] : memref<10xf32>
  %s = arith.addf %x, %y : f32
  affine.store %s, %A[0] : memref<10xf32>
  %z = affine.load %A[%b] : memref<10xf32>
  return %b, %z : index, f32
}

// An unused scf.while with no effect in its regions is dead (MLIR's
// RecursiveMemoryEffects); an scf.execute_region is not such an op and
// stays.
// CHECK-LABEL: func.func @dead_while
// CHECK-NOT:     scf.while
// CHECK:         scf.execute_region
// CHECK-NOT:     scf.while
// CHECK:         return
func.func @dead_while(%x: i32, %c: i1) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %b : i32
    scf.yield %n : i32
  }
  %e = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  return
}

// --affine-scalrep where tessera's exact dependences differ from
// mlir-opt 19's (tests/scalrep.rs runs mlir-opt's output to show it).
//
// RUN: tessera-opt %s -split-input-file -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -split-input-file -affine-scalrep -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -split-input-file -affine-scalrep | FileCheck %s

// The else block runs for every i (the condition never holds) and
// overwrites A[i]: the load must not take %x. mlir-opt gives the else
// block's store its then condition, finds it never runs, and forwards
// %x: its output sums 1.0 ten times instead of 2.0.
// CHECK-LABEL: func.func @main
// CHECK:         } else {
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.load
// OUT: 20
#never = affine_set<(i) : (i - 20 >= 0)>
func.func @main() {
  %A = memref.alloc() : memref<10xf32>
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f32
  %c0 = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 10 iter_args(%acc = %c0) -> f32 {
    affine.store %x, %A[%i] : memref<10xf32>
    affine.if #never(%i) {
    } else {
      affine.store %y, %A[%i] : memref<10xf32>
    }
    %v = affine.load %A[%i] : memref<10xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  vector.print %r : f32
  return
}

// -----

// The store in the inner loop never runs: no integer (i, j) satisfies
// Pugh's constraints, though rational points do, so mlir-opt's
// Fourier-Motzkin check sees a possible write and keeps the load; tessera
// forwards %x.
// CHECK-LABEL: func.func @main
// CHECK-NOT:     affine.load
// CHECK:         arith.addf %arg1, %cst : f32
// OUT: 10
#pugh = affine_set<(i, j) : (11 * i + 13 * j - 27 >= 0, -11 * i - 13 * j + 45 >= 0, 7 * i - 9 * j + 10 >= 0, -7 * i + 9 * j + 4 >= 0)>
func.func @main() {
  %A = memref.alloc() : memref<10xf32>
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f32
  %c0 = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 10 iter_args(%acc = %c0) -> f32 {
    affine.store %x, %A[%i] : memref<10xf32>
    affine.for %j = 0 to 10 {
      affine.if #pugh(%i, %j) {
        affine.store %y, %A[%i] : memref<10xf32>
      }
    }
    %v = affine.load %A[%i] : memref<10xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  vector.print %r : f32
  return
}

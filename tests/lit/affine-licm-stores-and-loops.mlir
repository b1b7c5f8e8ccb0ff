// MLIR-OPT-TOO
// --affine-loop-invariant-code-motion moves, as mlir-opt 19 does, a store
// of an invariant value at an invariant place out of a loop that surely
// runs, and whole inner loops whose every op is invariant.
//
// RUN: tessera-opt %s -split-input-file -affine-loop-invariant-code-motion | FileCheck %s

// CHECK-LABEL: func.func @invariant_store
// CHECK:         affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:    }
func.func @invariant_store(%v: f32) {
  %m = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      affine.store %v, %m[%i] : memref<10xf32>
    }
  }
  return
}

// -----

// A store stays where the loop also reads its memref.
// CHECK-LABEL: func.func @store_that_stays
// CHECK:         affine.for
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      affine.store
func.func @store_that_stays(%v: f32) {
  %m = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    %x = affine.load %m[%i] : memref<10xf32>
    affine.store %v, %m[0] : memref<10xf32>
  }
  return
}

// -----

// An inner loop that only reads moves out of the loop around it.
// CHECK-LABEL: func.func @invariant_inner_loop
// CHECK:         affine.for %{{.*}} = 0 to 30 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 iter_args
// CHECK:         affine.for %{{.*}} = 0 to 20 {
// CHECK-NEXT:    }
func.func @invariant_inner_loop(%m: memref<10xindex>) {
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 30 {
      %s = affine.for %k = 0 to 10 iter_args(%acc = %j) -> (index) {
        %x = affine.load %m[%k] : memref<10xindex>
        %y = arith.addi %acc, %x : index
        affine.yield %y : index
      }
    }
  }
  return
}

// --affine-scalrep: what may come between two accesses (loops carrying
// a write, casts, aliasing arguments, non-affine stores), vector accesses,
// and the dead-store and dead-memref phases.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -affine-scalrep | FileCheck %s

// A store in the inner loop overwrites A[i, 0] at j = 0 (carried by j):
// the load stays. From j = 1 on, it never does: the load goes.
// CHECK-LABEL: func.func @nested_outer_store(
// CHECK:         affine.load %arg0[%arg2, 0]
func.func @nested_outer_store(%A: memref<10x10xf32>, %x: f32) {
  affine.for %i = 0 to 10 {
    affine.store %x, %A[%i, 0] : memref<10x10xf32>
    affine.for %j = 0 to 10 {
      %v = affine.load %A[%i, 0] : memref<10x10xf32>
      affine.store %v, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @nested_outer_store2(
// CHECK-NOT:     affine.load
// CHECK:         affine.store %arg1, %arg0[%arg2, %arg3]
func.func @nested_outer_store2(%A: memref<10x10xf32>, %x: f32) {
  affine.for %i = 0 to 10 {
    affine.store %x, %A[%i, 0] : memref<10x10xf32>
    affine.for %j = 1 to 10 {
      %v = affine.load %A[%i, 0] : memref<10x10xf32>
      affine.store %v, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}

// A vector load takes a vector store's value; a scalar load of the same
// element does not (the types differ).
// CHECK-LABEL: func.func @vec(
// CHECK-NOT:     affine.vector_load
// CHECK:         affine.load %arg0[4]
// CHECK:         return %arg1
func.func @vec(%A: memref<16xf32>, %v: vector<4xf32>) -> vector<4xf32> {
  affine.vector_store %v, %A[4] : memref<16xf32>, vector<4xf32>
  %w = affine.vector_load %A[4] : memref<16xf32>, vector<4xf32>
  %s = affine.load %A[4] : memref<16xf32>
  return %w : vector<4xf32>
}

// The last store wins; the first is dead.
// CHECK-LABEL: func.func @multi(
// CHECK-NEXT:    affine.store %arg2, %arg0[3]
// CHECK-NEXT:    return %arg2
func.func @multi(%A: memref<10xf32>, %x: f32, %y: f32) -> f32 {
  affine.store %x, %A[3] : memref<10xf32>
  affine.store %y, %A[3] : memref<10xf32>
  %v = affine.load %A[3] : memref<10xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @par(
// CHECK:         affine.parallel
// CHECK-NEXT:      arith.addf %arg1, %arg1
func.func @par(%A: memref<10xf32>, %x: f32) {
  affine.parallel (%i) = (0) to (10) {
    affine.store %x, %A[%i] : memref<10xf32>
    %v = affine.load %A[%i] : memref<10xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i] : memref<10xf32>
  }
  return
}

// A store through a cast of the same memref may write the element: the
// first load stays; the second takes its value.
// CHECK-LABEL: func.func @cast(
// CHECK:         %[[V:.*]] = affine.load %arg0[1]
// CHECK-NEXT:    arith.addf %[[V]], %[[V]]
func.func @cast(%A: memref<10xf32>, %x: f32) -> f32 {
  %c = memref.cast %A : memref<10xf32> to memref<?xf32>
  affine.store %x, %A[1] : memref<10xf32>
  affine.store %x, %c[2] : memref<?xf32>
  %v = affine.load %A[1] : memref<10xf32>
  %w = affine.load %A[1] : memref<10xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// Two memref arguments may alias.
// CHECK-LABEL: func.func @args_alias(
// CHECK:         affine.load %arg0[1]
func.func @args_alias(%A: memref<10xf32>, %B: memref<10xf32>, %x: f32) -> f32 {
  affine.store %x, %A[1] : memref<10xf32>
  affine.store %x, %B[1] : memref<10xf32>
  %v = affine.load %A[1] : memref<10xf32>
  return %v : f32
}

// A non-affine store to the memref may write the element.
// CHECK-LABEL: func.func @memref_store(
// CHECK:         affine.load %arg0[1]
func.func @memref_store(%A: memref<10xf32>, %x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  affine.store %x, %A[1] : memref<10xf32>
  memref.store %x, %A[%c1] : memref<10xf32>
  %v = affine.load %A[1] : memref<10xf32>
  return %v : f32
}

// A local memref left with stores and a dealloc goes.
// CHECK-LABEL: func.func @dead_local(
// CHECK-NOT:     memref
// CHECK:         return
func.func @dead_local(%x: f32) {
  %m = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %x, %m[%i] : memref<10xf32>
    %v = affine.load %m[%i] : memref<10xf32>
    affine.store %v, %m[%i] : memref<10xf32>
  }
  memref.dealloc %m : memref<10xf32>
  return
}

// CHECK-LABEL: func.func @carried(
// CHECK:         %[[V:.*]] = affine.load %arg0[%arg2 - 1]
// CHECK-NEXT:    affine.store %[[V]], %arg0[%arg2]
// CHECK-NEXT:    affine.store %[[V]], %arg0[%arg2 - 1]
func.func @carried(%A: memref<10xf32>, %x: f32) {
  affine.for %i = 1 to 10 {
    %v = affine.load %A[%i - 1] : memref<10xf32>
    affine.store %v, %A[%i] : memref<10xf32>
    %w = affine.load %A[%i] : memref<10xf32>
    affine.store %w, %A[%i - 1] : memref<10xf32>
  }
  return
}

// Equal after composing the affine.apply into the map.
// CHECK-LABEL: func.func @symbolic_idx(
// CHECK-NOT:     affine.load
// CHECK:         return %arg2
func.func @symbolic_idx(%A: memref<10xf32>, %n: index, %x: f32) -> f32 {
  %m = affine.apply affine_map<()[s0] -> (s0 + 1)>()[%n]
  affine.store %x, %A[symbol(%n) + 1] : memref<10xf32>
  %v = affine.load %A[symbol(%m)] : memref<10xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @iter(
// CHECK-NOT:     affine.load
// CHECK:         arith.addf %arg3, %arg1
func.func @iter(%A: memref<10xf32>, %x: f32) -> f32 {
  %c0 = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 10 iter_args(%a = %c0) -> f32 {
    affine.store %a, %A[%i] : memref<10xf32>
    %v = affine.load %A[%i] : memref<10xf32>
    %s = arith.addf %v, %x : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// An scf.for computing nothing in memory between the two: forwarded.
// CHECK-LABEL: func.func @scf_between(
// CHECK-NOT:     affine.load
// CHECK:         return %arg1
func.func @scf_between(%A: memref<10xf32>, %x: f32, %lb: index) -> f32 {
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  affine.store %x, %A[1] : memref<10xf32>
  scf.for %k = %lb to %c10 step %c1 {
    %t = arith.addf %x, %x : f32
  }
  %v = affine.load %A[1] : memref<10xf32>
  return %v : f32
}

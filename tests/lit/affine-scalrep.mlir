// --affine-scalrep: store-to-load forwarding, dead stores, memrefs left
// with only stores, redundant loads.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -affine-scalrep -split-input-file -allow-unregistered-dialect | FileCheck %s

// The load takes the stored value; the local memref is left with only
// stores and goes.
// CHECK-LABEL: func.func @forward
// CHECK-NOT:     memref.alloc
// CHECK:         affine.for
// CHECK-NEXT:      arith.addf %arg0, %arg0 : f32
// CHECK-NOT:       affine.store
func.func @forward(%x: f32) {
  %m = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %x, %m[%i] : memref<10xf32>
    %v = affine.load %m[%i] : memref<10xf32>
    %w = arith.addf %v, %v : f32
  }
  return
}

// -----

// Equal after composing affine.apply; the argument memref stays.
// CHECK-LABEL: func.func @through_apply
// CHECK:         affine.store %arg1, %arg0[%arg2 + 1] : memref<11xf32>
// CHECK-NEXT:    affine.apply
// CHECK-NEXT:    arith.mulf %arg1, %arg1 : f32
func.func @through_apply(%A: memref<11xf32>, %x: f32) {
  affine.for %i = 0 to 10 {
    affine.store %x, %A[%i + 1] : memref<11xf32>
    %j = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %v = affine.load %A[%j] : memref<11xf32>
    %w = arith.mulf %v, %v : f32
  }
  return
}

// -----

// Not forwarded: another element, a store in between that may write the
// element, a store that does not dominate the load.
// CHECK-LABEL: func.func @kept
// CHECK:         affine.load %arg0[%arg3 - 1]
// CHECK:         affine.load %arg0[%arg3]
// CHECK:         affine.load %arg0[%arg3]
func.func @kept(%A: memref<10xf32>, %x: f32, %n: index) {
  affine.for %i = 1 to 10 {
    affine.store %x, %A[%i] : memref<10xf32>
    %a = affine.load %A[%i - 1] : memref<10xf32>
    affine.store %a, %A[symbol(%n)] : memref<10xf32>
    %b = affine.load %A[%i] : memref<10xf32>
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      affine.store %b, %A[%i] : memref<10xf32>
    }
    %c = affine.load %A[%i] : memref<10xf32>
    "test.use"(%a, %b, %c) : (f32, f32, f32) -> ()
  }
  return
}

// -----

// A store overwritten before any read goes; a store read in between stays.
// CHECK-LABEL: func.func @dead_store
// CHECK:         affine.store %arg1, %arg0[0] : memref<4xf32>
// CHECK-NEXT:    call @read(%arg0)
// CHECK-NEXT:    affine.store %arg2, %arg0[0] : memref<4xf32>
// CHECK-NEXT:    affine.store %arg1, %arg0[1] : memref<4xf32>
// CHECK-NEXT:    return
func.func @dead_store(%A: memref<4xf32>, %x: f32, %y: f32) -> f32 {
  affine.store %x, %A[0] : memref<4xf32>
  %v = func.call @read(%A) : (memref<4xf32>) -> f32
  affine.store %y, %A[0] : memref<4xf32>
  affine.store %y, %A[1] : memref<4xf32>
  affine.store %x, %A[1] : memref<4xf32>
  return %v : f32
}
func.func private @read(memref<4xf32>) -> f32

// -----

// Redundant loads: the later ones take the first's value, unless a write
// may come in between; another memref argument may alias.
// CHECK-LABEL: func.func @loads
// CHECK:         %[[A:.*]] = affine.load %arg0[%arg2]
// CHECK-NEXT:    arith.addf %[[A]], %[[A]]
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    affine.load %arg0[%arg2]
func.func @loads(%A: memref<10xf32>, %B: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf32>
    %b = affine.load %A[%i] : memref<10xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %B[%i] : memref<10xf32>
    %c = affine.load %A[%i] : memref<10xf32>
    "test.use"(%c) : (f32) -> ()
  }
  return
}

// -----

// A loop-invariant element read twice in a loop, and a write to a local
// buffer that cannot alias the argument.
// CHECK-LABEL: func.func @invariant
// CHECK:         affine.for
// CHECK-NEXT:      %[[V:.*]] = affine.load %arg0[0]
// CHECK-NEXT:      affine.store %[[V]], %[[T:.*]][%arg1]
// CHECK-NEXT:      arith.addf %[[V]], %[[V]]
func.func @invariant(%A: memref<10xf32>) {
  %t = memref.alloca() : memref<10xf32>
  affine.for %i = 0 to 10 {
    %a = affine.load %A[0] : memref<10xf32>
    affine.store %a, %t[%i] : memref<10xf32>
    %b = affine.load %A[0] : memref<10xf32>
    %s = arith.addf %a, %b : f32
    "test.use"(%s, %t) : (f32, memref<10xf32>) -> ()
  }
  return
}

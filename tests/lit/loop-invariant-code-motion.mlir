// --loop-invariant-code-motion: MLIR's generic pass, on affine and scf
// loops, inner loops first; ops that leave memory alone and may be
// speculated move right before their loop.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -loop-invariant-code-motion | FileCheck %s

// Pure ops move, in order; a division moves only by a constant neither
// zero nor -1; loads, calls and allocations stay.
// CHECK-LABEL: func.func @scf_for
// CHECK:         %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[B:.*]] = arith.muli %[[A]], %[[C3]] : i32
// CHECK-NEXT:    %[[Q:.*]] = arith.divsi %arg0, %[[C3]] : i32
// CHECK-NEXT:    %[[D:.*]] = memref.dim %arg2, %c0 : memref<10xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT:      arith.divsi %arg0, %c-1_i32 : i32
// CHECK-NEXT:      memref.load %arg2[%c0] : memref<10xf32>
// CHECK-NEXT:      memref.dim %arg2, %c1 : memref<10xf32>
// CHECK-NEXT:      memref.alloca() : memref<1xf32>
// CHECK-NEXT:      func.call @g() : () -> ()
// CHECK-NEXT:      arith.addi %arg{{.*}}, %[[B]] : i32
func.func private @g()
func.func @scf_for(%x: i32, %y: i32, %m: memref<10xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %cm1 = arith.constant -1 : i32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %x) -> i32 {
    %a = arith.addi %x, %y : i32
    %c3 = arith.constant 3 : i32
    %b = arith.muli %a, %c3 : i32
    %q = arith.divsi %x, %y : i32
    %q2 = arith.divsi %x, %c3 : i32
    %q3 = arith.divsi %x, %cm1 : i32
    %v = memref.load %m[%c0] : memref<10xf32>
    %d = memref.dim %m, %c0 : memref<10xf32>
    %d1 = memref.dim %m, %c1 : memref<10xf32>
    %al = memref.alloca() : memref<1xf32>
    func.call @g() : () -> ()
    %s = arith.addi %acc, %b : i32
    %t = arith.addi %s, %q : i32
    %t2 = arith.addi %t, %q2 : i32
    %t3 = arith.addi %t2, %q3 : i32
    scf.yield %t3 : i32
  }
  return %r : i32
}

// -----

// Inner loops first: the add leaves both loops; a loop of step 1 with
// nothing left in it moves whole, one of step 2 does not; an affine.if
// moves whole when all in it could, an scf.if never does.
// CHECK-LABEL: func.func @nests
// CHECK:         %[[F:.*]] = arith.addf %arg2, %arg2 : f32
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.apply #{{.*}}(%arg0)
// CHECK-NEXT:    arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:    affine.if #{{.*}}(%arg0) {
// CHECK-NEXT:      arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 step 2 {
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.if %arg3 {
// CHECK-NEXT:        arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT:        arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.for
// CHECK-NEXT:        affine.store %arg2, %arg4[0] : memref<1xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @nests(%n: index, %x: i32, %v: f32, %cond: i1, %m: memref<1xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %z = arith.addf %v, %v : f32
    }
    %w = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)
    affine.for %j = 0 to 10 step 2 {
      %z = arith.addi %x, %x : i32
    }
    scf.if %cond {
      %z = arith.addi %x, %x : i32
    }
    affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
      %z = arith.addi %x, %x : i32
    }
    affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
      %z = arith.addi %x, %x : i32
    }
    affine.for %j = 0 to 10 {
      affine.store %v, %m[0] : memref<1xf32>
    }
  }
  return
}

// -----

// Both regions of an scf.while; the loop itself stays. Ops nested in a
// loop that use its induction variable stay in it.
// CHECK-LABEL: func.func @while_and_parallel
// CHECK:         %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    scf.while
// CHECK-NEXT:      scf.condition
// CHECK:         %[[S:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    scf.parallel
// CHECK-NEXT:      arith.index_cast
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      scf.reduce
func.func @while_and_parallel(%x: i32, %y: i32, %cond: i1, %m: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %z = arith.addi %x, %y : i32
    scf.condition(%cond) %a : i32
  } do {
  ^bb0(%b: i32):
    %z2 = arith.muli %x, %y : i32
    scf.yield %z2 : i32
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %s = arith.subi %x, %y : i32
    %k = arith.index_cast %i : index to i32
    memref.store %s, %m[%i] : memref<8xi32>
    scf.reduce
  }
  return %r : i32
}

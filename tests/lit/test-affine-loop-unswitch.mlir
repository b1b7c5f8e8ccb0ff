// --test-affine-loop-unswitch: the first affine.if (post-order) whose
// condition is invariant in the loops around it is hoisted above them; the
// loops become the then version and a copy of them the else version.
// MLIR-OPT-TOO

// RUN: tessera-opt %s --test-affine-loop-unswitch -split-input-file -allow-unregistered-dialect | FileCheck %s

// With an else block: each version keeps one block. The condition is
// canonicalized first (the function argument becomes a symbol); the load
// only the then block used is erased from the else version.
// CHECK-LABEL: func.func @with_else
// CHECK-NEXT:    affine.if #{{.*}}()[%arg1] {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 100 {
// CHECK-NEXT:        affine.load
// CHECK-NEXT:        affine.store
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      affine.for %[[I:.*]] = 0 to 100 {
// CHECK-NEXT:        "test.else"(%[[I]])
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @with_else(%A: memref<100xf32>, %n: index) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%n) {
      affine.store %v, %A[%i] : memref<100xf32>
    } else {
      "test.else"(%i) : (index) -> ()
    }
  }
  return
}

// -----

// Without else: the else version is an empty loop, erased with the
// empty else block. Only the loops not using the condition's operands are
// crossed: here j, not i.
// CHECK-LABEL: func.func @partial
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 100 {
// CHECK-NEXT:      affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT:        affine.for %[[J:.*]] = 0 to 50 {
// CHECK-NEXT:          "test.use"(%[[I]], %[[J]])
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @partial() {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 50 {
      affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%i) {
        "test.use"(%i, %j) : (index, index) -> ()
      }
    }
  }
  return
}

// -----

// One hoist per module: the second function's if stays in its loop. An
// if on the induction variable, or with results, is never hoisted.
// CHECK-LABEL: func.func @first
// CHECK-NEXT:    affine.if
// CHECK-LABEL: func.func @second
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.if
func.func @first(%n: index) {
  affine.for %i = 0 to 100 {
    %r = affine.if affine_set<()[s0] : (s0 >= 0)>()[%n] -> index {
      affine.yield %i : index
    } else {
      affine.yield %n : index
    }
    "test.use"(%r) : (index) -> ()
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      "test.use"(%i) : (index) -> ()
    }
    affine.if affine_set<()[s0] : (s0 - 10 >= 0)>()[%n] {
      "test.use"(%i) : (index) -> ()
    }
  }
  return
}
func.func @second(%n: index) {
  affine.for %i = 0 to 100 {
    affine.if affine_set<()[s0] : (s0 - 10 >= 0)>()[%n] {
      "test.use"(%i) : (index) -> ()
    }
  }
  return
}

// -----

// After the hoist the function is cleaned: constants uniqued and moved to
// its top, dead ops erased, repeated condition operands merged.
// CHECK-LABEL: func.func @clean
// CHECK-NEXT:    %[[C:.*]] = arith.constant 2 : index
// CHECK-NEXT:    affine.if #{{.*}}() {
// CHECK-NEXT:      affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 3 {
// CHECK-NEXT:          "test.use"(%[[I]], %[[C]], %[[C]])
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @clean(%n: index) {
  affine.for %i = 0 to 4 {
    %c = arith.constant 2 : index
    %d = arith.constant 2 : index
    %unused = arith.constant 7 : index
    affine.for %j = 0 to 3 {
      affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i, %i) {
        "test.use"(%i, %c, %d) : (index, index, index) -> ()
      }
    }
  }
  return
}

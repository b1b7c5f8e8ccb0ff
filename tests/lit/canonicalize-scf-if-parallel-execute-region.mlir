// MLIR-OPT-TOO
// -canonicalize applies MLIR 19's scf patterns: consecutive ifs on one
// condition (or its negation) merge, nested ifs run on the conjunction,
// a condition is a constant in its own branches, unused if results go,
// an if on a negation swaps its branches, parallel dimensions of one
// iteration go (none left: the body, its reductions applied once; a
// dimension of zero iterations: the initial values), nested parallel
// loops merge, and a multi-block execute_region joins its function's CFG.
//
// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @combine
// CHECK-SAME:    (%[[C:.*]]: i1
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
// CHECK-NEXT:      %[[A:.*]] = "test.first_true"() : () -> i32
// CHECK-NEXT:      %[[B:.*]] = "test.second_true"(%[[A]]) : (i32) -> i32
// CHECK-NEXT:      scf.yield %[[A]], %[[B]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[A:.*]] = "test.first_false"() : () -> i32
// CHECK-NEXT:      "test.second_false"() : () -> ()
// CHECK-NEXT:      scf.yield %[[A]], %[[A]]
func.func @combine(%c: i1) -> (i32, i32) {
  %true = arith.constant true
  %0 = scf.if %c -> (i32) {
    %a = "test.first_true"() : () -> i32
    scf.yield %a : i32
  } else {
    %a = "test.first_false"() : () -> i32
    scf.yield %a : i32
  }
  %n = arith.xori %c, %true : i1
  %1 = scf.if %n -> (i32) {
    "test.second_false"() : () -> ()
    scf.yield %0 : i32
  } else {
    %b = "test.second_true"(%0) : (i32) -> i32
    scf.yield %b : i32
  }
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @nested
// CHECK-SAME:    (%[[A:.*]]: i1, %[[B:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT:    %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[A]], %[[X]], %[[Y]] : i32
// CHECK-NEXT:    scf.if %[[AND]] {
// CHECK-NEXT:      "test.run"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[S]]
func.func @nested(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  %0 = scf.if %a -> (i32) {
    scf.if %b {
      "test.run"() : () -> ()
    }
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %0 : i32
}

// -----

// CHECK-LABEL: func.func @propagate_and_prune
// CHECK-SAME:    (%[[C:.*]]: i1)
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[F:.*]] = arith.constant false
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (i1) {
// CHECK-NEXT:      "test.use"(%[[T]]) : (i1) -> ()
// CHECK-NEXT:      %[[V:.*]] = "test.value"() : () -> i1
// CHECK-NEXT:      "test.unused"() : () -> i32
// CHECK-NEXT:      scf.yield %[[V]] : i1
// CHECK-NEXT:    } else {
// CHECK-NEXT:      "test.use"(%[[F]]) : (i1) -> ()
// CHECK-NEXT:      "test.unused_too"() : () -> i32
// CHECK-NEXT:      scf.yield %[[F]] : i1
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @propagate_and_prune(%c: i1) -> i1 {
  %0:2 = scf.if %c -> (i1, i32) {
    "test.use"(%c) : (i1) -> ()
    %v = "test.value"() : () -> i1
    %w = "test.unused"() : () -> i32
    scf.yield %v, %w : i1, i32
  } else {
    "test.use"(%c) : (i1) -> ()
    %w = "test.unused_too"() : () -> i32
    scf.yield %c, %w : i1, i32
  }
  return %0#0 : i1
}

// -----

// CHECK-LABEL: func.func @swap
// CHECK-SAME:    (%[[C:.*]]: i1)
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (index) {
// CHECK-NEXT:      "test.when_true"()
// CHECK:         } else {
// CHECK-NEXT:      "test.when_false"()
func.func @swap(%c: i1) -> index {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %0 = scf.if %n -> (index) {
    %a = "test.when_false"() : () -> index
    scf.yield %a : index
  } else {
    %a = "test.when_true"() : () -> index
    scf.yield %a : index
  }
  return %0 : index
}

// -----

// CHECK-LABEL: func.func @parallel_dims
// CHECK-SAME:    (%[[M:.*]]: memref<?x?xi32>, %[[N:.*]]: index, %[[X:.*]]: index)
// CHECK:         scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT:      memref.store %{{.*}}, %[[M]][%{{.*}}, %[[I]]]
// CHECK:         %[[S:.*]] = arith.addi %[[X]], %{{.*}} : index
// CHECK-NEXT:    return %[[S]], %[[X]]
func.func @parallel_dims(%m: memref<?x?xi32>, %n: index, %x: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %v = arith.constant 42 : i32
  scf.parallel (%i, %j) = (%c1, %c0) to (%c2, %c8) step (%c1, %c2) {
    memref.store %v, %m[%i, %j] : memref<?x?xi32>
  }
  %r = scf.parallel (%i) = (%c4) to (%c8) step (%c4) init (%x) -> index {
    scf.reduce(%i : index) {
    ^bb0(%a: index, %b: index):
      %s = arith.addi %a, %b : index
      scf.reduce.return %s : index
    }
  }
  %z = scf.parallel (%i) = (%n) to (%n) step (%c1) init (%x) -> index {
    scf.reduce(%i : index) {
    ^bb0(%a: index, %b: index):
      %s = arith.muli %a, %b : index
      scf.reduce.return %s : index
    }
  }
  return %r, %z : index, index
}

// -----

// CHECK-LABEL: func.func @merge_parallel
// CHECK:         scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) {
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
func.func @merge_parallel(%m: memref<?x?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 7 : i32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %v, %m[%i, %j] : memref<?x?xi32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @execute_region_blocks
// CHECK-NEXT:    "test.before"() : () -> ()
// CHECK-NEXT:    %[[C:.*]] = "test.cond"() : () -> i1
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK:       ^bb3(%[[R:.*]]: i64):
// CHECK-NEXT:    "test.after"(%[[R]]) : (i64) -> ()
func.func @execute_region_blocks() {
  "test.before"() : () -> ()
  %v = scf.execute_region -> i64 {
    %c = "test.cond"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = "test.a"() : () -> i64
    scf.yield %a : i64
  ^bb2:
    %b = "test.b"() : () -> i64
    scf.yield %b : i64
  }
  "test.after"(%v) : (i64) -> ()
  return
}

// --canonicalize on scf.while: MLIR 19's patterns (invariant before-block
// arguments, invariant condition arguments, the condition's truth and its
// repeated comparison in the after block, unused results, duplicate
// results, unused before-block arguments, the condition's arguments in
// the before block's order).
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s

// A value passed round unchanged is its initial value, and its result,
// unused, goes.
// CHECK-LABEL: func.func @unused_result
// CHECK:         %[[R:.*]] = scf.while (%[[I:.*]] = %arg0) : (i32) -> i32 {
// CHECK:           scf.condition(%{{.*}}) %[[I]] : i32
// CHECK:         return %[[R]] : i32
func.func @unused_result(%n: i32, %x: f32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n, %y = %x) : (i32, f32) -> (i32, f32) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %y : i32, f32
  } do {
  ^bb0(%a: i32, %b: f32):
    %d = arith.subi %a, %c1 : i32
    scf.yield %d, %b : i32, f32
  }
  return %r#0 : i32
}

// A condition argument defined outside the loop is forwarded.
// CHECK-LABEL: func.func @invariant_yielded
// CHECK:         %[[R:.*]] = scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
// CHECK:         return %[[R]], %arg1 : i32, f32
func.func @invariant_yielded(%n: i32, %x: f32) -> (i32, f32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n) : (i32) -> (i32, f32) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %x : i32, f32
  } do {
  ^bb0(%a: i32, %b: f32):
    %d = arith.subi %a, %c1 : i32
    scf.yield %d : i32
  }
  return %r#0, %r#1 : i32, f32
}

// The condition passed to the after block is true there.
// CHECK-LABEL: func.func @truth
// CHECK:         scf.while
// CHECK-NOT:     arith.select
// CHECK:         return
func.func @truth(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n) : (i32) -> (i32, i1) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %cond : i32, i1
  } do {
  ^bb0(%a: i32, %t: i1):
    %d = arith.subi %a, %c1 : i32
    %e = arith.select %t, %d, %a : i32
    scf.yield %e : i32
  }
  return %r#0 : i32
}

// A value passed twice is passed once.
// CHECK-LABEL: func.func @dup
// CHECK:         %[[R:.*]] = scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
// CHECK:         return %[[R]], %[[R]] : i32, i32
func.func @dup(%n: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n) : (i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %i : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %d = arith.subi %a, %c1 : i32
    %e = arith.subi %d, %b : i32
    scf.yield %e : i32
  }
  return %r#0, %r#1 : i32, i32
}

// A before-block argument without uses goes, with its initial value and
// what the after block yields for it.
// CHECK-LABEL: func.func @unused_before
// CHECK:         scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
// CHECK:           scf.yield %{{[^,]*}} : i32
func.func @unused_before(%n: i32, %m: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %n, %j = %m) : (i32, i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%a: i32):
    %d = arith.subi %a, %c1 : i32
    scf.yield %d, %a : i32, i32
  }
  return %r : i32
}

// An argument passed through the condition and yielded back unchanged is
// its initial value inside and after the loop.
// CHECK-LABEL: func.func @passthrough
// CHECK:         %[[R:.*]] = scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
// CHECK:           arith.addi %{{.*}}, %arg1 : i32
// CHECK:         return %[[R]], %arg1 : i32, i32
func.func @passthrough(%n: i32, %x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n, %y = %x) : (i32, i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %s = arith.addi %i, %y : i32
    %cond = arith.cmpi sgt, %s, %c0 : i32
    scf.condition(%cond) %i, %y : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %d = arith.subi %a, %c1 : i32
    scf.yield %d, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// Nothing to fold: the loop stays.
// CHECK-LABEL: func.func @memory
// CHECK:         scf.while (%{{.*}} = %{{.*}}) : (index) -> index {
func.func @memory(%A: memref<10xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %v = memref.load %A[%i] : memref<10xi32>
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %v, %z : i32
    scf.condition(%cond) %i : index
  } do {
  ^bb0(%a: index):
    %c1 = arith.constant 1 : index
    %n = arith.addi %a, %c1 : index
    scf.yield %n : index
  }
  %w = memref.load %A[%r] : memref<10xi32>
  return %w : i32
}

// The condition's comparison repeated in the after block is true there,
// its inverse false.
// CHECK-LABEL: func.func @cmp
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NOT:       arith.cmpi
// CHECK-NOT:       arith.select
// CHECK:           scf.yield
func.func @cmp(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%a: i32):
    %again = arith.cmpi sgt, %a, %c0 : i32
    %not = arith.cmpi sle, %a, %c0 : i32
    %d = arith.subi %a, %c1 : i32
    %e = arith.select %again, %d, %a : i32
    %f = arith.select %not, %a, %e : i32
    scf.yield %f : i32
  }
  return %r : i32
}

// The condition's arguments, a permutation of the before block's, put in
// its order; the results permuted alike.
// CHECK-LABEL: func.func @align
// CHECK:         %[[R:.*]]:2 = scf.while (%[[I:.*]] = %arg0, %[[J:.*]] = %arg1)
// CHECK:           scf.condition(%{{.*}}) %[[I]], %[[J]] : i32, i32
// CHECK:         return %[[R]]#1, %[[R]]#0 : i32, i32
func.func @align(%n: i32, %m: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n, %j = %m) : (i32, i32) -> (i32, i32) {
    %cond = arith.cmpi sgt, %i, %j : i32
    scf.condition(%cond) %j, %i : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %d = arith.subi %b, %c1 : i32
    %e = arith.addi %a, %c1 : i32
    scf.yield %d, %e : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

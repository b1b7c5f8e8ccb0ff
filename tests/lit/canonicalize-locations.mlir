// The locations --canonicalize gives the ops it moves and builds, as
// mlir-opt 19 gives them: a constant hoisted to the front of its function
// or merged with an equal one is at `unknown`; a constant a fold makes is
// at the folded op; the ops of the patterns MLIR generates from
// declarative rules are at the root's location fused with the first ops
// the rule matched below it.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -canonicalize -split-input-file -mlir-print-debuginfo \
// RUN:   -mlir-print-local-scope | FileCheck %s

// CHECK-LABEL: func.func @merged
// CHECK-NEXT:    %c4 = arith.constant 4 : index loc(unknown)
// CHECK-NEXT:    %c1 = arith.constant 1 : index loc(unknown)
// CHECK-NEXT:    arith.addi %arg0, %c1 : index loc("{{.*}}":
// CHECK-NEXT:    arith.addi %arg0, %c4 : index loc(
// CHECK-NEXT:    return
func.func @merged(%a: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index loc("a.c":1:1)
  %x = arith.addi %a, %c1 : index
  %c2 = arith.constant 1 : index loc("b.c":2:2)
  %y = arith.muli %x, %c2 : index
  %c3 = arith.constant 3 : index
  %z = arith.addi %c3, %c1 : index loc("z.c":9:9)
  %w = arith.addi %y, %c3 : index
  return %x, %w, %z : index, index, index
}

// -----

// The first op stays where it is, with its location; the folded division
// leaves a constant at its own.
// CHECK-LABEL: func.func @folded
// CHECK-NEXT:    arith.constant 2.000000e+00 : f64 loc("two.c":1:1)
// CHECK-NEXT:    arith.constant 5.000000e-01 : f64 loc("half.c":3:3)
func.func @folded(%m: memref<f64>) {
  %c2 = arith.constant 2.0 : f64 loc("two.c":1:1)
  %c1 = arith.constant 1.0 : f64 loc("one.c":2:2)
  %h = arith.divf %c1, %c2 : f64 loc("half.c":3:3)
  memref.store %h, %m[] : memref<f64>
  memref.store %c2, %m[] : memref<f64>
  return
}

// -----

// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    arith.constant 3 : i32 loc(fused["root":1:1, "c1":1:1])
// CHECK-NEXT:    arith.addi %arg0, %{{.*}} : i32 loc(fused["root":1:1, "c1":1:1])
func.func @chain(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32 loc("c1":1:1)
  %c2 = arith.constant 2 : i32 loc("c2":1:1)
  %0 = arith.addi %x, %c1 : i32 loc("inner":1:1)
  %1 = arith.addi %0, %c2 : i32 loc("root":1:1)
  return %1 : i32
}

// -----

// CHECK-LABEL: func.func @lhs
// CHECK:         arith.subi %{{.*}}, %arg0 : i32 loc(fused["root":1:1, "c2":1:1])
func.func @lhs(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32 loc("c1":1:1)
  %c2 = arith.constant 2 : i32 loc("c2":1:1)
  %0 = arith.addi %x, %c1 : i32 loc("inner":1:1)
  %1 = arith.subi %c2, %0 : i32 loc("root":1:1)
  return %1 : i32
}

// -----

// CHECK-LABEL: func.func @high_half
// CHECK-NEXT:    arith.mulsi_extended %arg0, %arg1 : i32 loc(fused["root":1:1, "ex":1:1, "ey":1:1, "mul":1:1])
func.func @high_half(%x: i32, %y: i32) -> i32 {
  %a = arith.extsi %x : i32 to i64 loc("ex":1:1)
  %b = arith.extsi %y : i32 to i64 loc("ey":1:1)
  %m = arith.muli %a, %b : i64 loc("mul":1:1)
  %c = arith.constant 32 : i64 loc("c32":1:1)
  %s = arith.shrui %m, %c : i64 loc("shr":1:1)
  %t = arith.trunci %s : i64 to i32 loc("root":1:1)
  return %t : i32
}

// -----

// The rule rebuilds the shift amount at the new ops' location.
// CHECK-LABEL: func.func @unsigned_shift
// CHECK-NEXT:    arith.constant 16 : i32 loc(fused["root":1:1, "c16":1:1])
// CHECK-NEXT:    arith.shrui %arg0, %{{.*}} : i32 loc(fused["root":1:1, "c16":1:1])
// CHECK-NEXT:    arith.trunci %{{.*}} : i32 to i16 loc(fused["root":1:1, "c16":1:1])
func.func @unsigned_shift(%x: i32) -> i16 {
  %c = arith.constant 16 : i32 loc("c16":1:1)
  %s = arith.shrsi %x, %c : i32 loc("shr":1:1)
  %t = arith.trunci %s : i32 to i16 loc("root":1:1)
  return %t : i16
}

// -----

// CHECK-LABEL: func.func @and_of_extensions
// CHECK-NEXT:    arith.andi %arg0, %arg1 : i8 loc(fused["root":1:1, "ex":1:1, "ey":1:1])
// CHECK-NEXT:    arith.extui %{{.*}} : i8 to i32 loc(fused["root":1:1, "ex":1:1, "ey":1:1])
func.func @and_of_extensions(%x: i8, %y: i8) -> i32 {
  %a = arith.extui %x : i8 to i32 loc("ex":1:1)
  %b = arith.extui %y : i8 to i32 loc("ey":1:1)
  %r = arith.andi %a, %b : i32 loc("root":1:1)
  return %r : i32
}

// -----

// A loop rebuilt without a result has its after block's arguments at the
// loop's location.
// CHECK-LABEL: func.func @while_unused_result
// CHECK:         ^bb0(%{{.*}}: i32 loc("loop":1:1)):
func.func @while_unused_result(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n) : (i32) -> (i32, i1) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %cond : i32, i1
  } do {
  ^bb0(%a: i32 loc("a":1:1), %t: i1 loc("t":1:1)):
    %d = arith.subi %a, %c1 : i32
    %e = arith.select %t, %d, %a : i32
    scf.yield %e : i32
  } loc("loop":1:1)
  return %r#0 : i32
}

// RUN: tessera-opt %s --canonicalize="region-simplify=aggressive" | FileCheck %s
// MLIR-OPT-TOO
// The aggressive region simplification of MLIR's greedy driver: blocks
// that differ only in values defined elsewhere merge into one taking them
// as arguments (an argument passed alike twice pruned), arguments every
// predecessor passes the same value are dropped; blocks that differ in an
// op, or whose values are used elsewhere, stay.

// CHECK-LABEL: func.func @returns(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.addi %0, %0 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @branches(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg2, %arg3 : i32
// CHECK-NEXT: %1 = arith.select %arg0, %arg3, %arg2 : i32
// CHECK-NEXT: %2 = arith.muli %0, %1 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @args(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.subi %0, %arg1 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @not_same(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @three(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1, %c1_i32 : i32, i32),
// CHECK-NEXT: 1: ^bb1(%arg2, %c1_i32 : i32, i32),
// CHECK-NEXT: 2: ^bb1(%arg3, %c2_i32 : i32, i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32, %1: i32):  // 3 preds: ^bb0, ^bb0, ^bb0
// CHECK-NEXT: %2 = arith.addi %0, %1 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @redundant(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT: %1 = arith.addi %arg1, %0 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @escapes(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @stores(%arg0: i1, %arg1: memref<4xi32>, %arg2: i32, %arg3: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.select %arg0, %arg2, %arg3 : i32
// CHECK-NEXT: memref.store %0, %arg1[%c0] : memref<4xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @returns(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %p = arith.addi %x, %x : i32
  return %p : i32
^b:
  %q = arith.addi %y, %y : i32
  return %q : i32
}

func.func @branches(%c: i1, %d: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %p = arith.muli %x, %y : i32
  cf.br ^join(%p : i32)
^b:
  %q = arith.muli %y, %x : i32
  cf.br ^join(%q : i32)
^join(%r: i32):
  return %r : i32
}

func.func @args(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a(%x : i32), ^b(%y : i32)
^a(%u: i32):
  %p = arith.subi %u, %x : i32
  return %p : i32
^b(%v: i32):
  %q = arith.subi %v, %x : i32
  return %q : i32
}

func.func @not_same(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %p = arith.addi %x, %x : i32
  return %p : i32
^b:
  %q = arith.muli %x, %x : i32
  return %q : i32
}

func.func @three(%s: i32, %x: i32, %y: i32, %z: i32) -> i32 {
  cf.switch %s : i32, [
    default: ^a,
    1: ^b,
    2: ^c
  ]
^a:
  %c1 = arith.constant 1 : i32
  %p = arith.addi %x, %c1 : i32
  return %p : i32
^b:
  %c1b = arith.constant 1 : i32
  %q = arith.addi %y, %c1b : i32
  return %q : i32
^c:
  %c2 = arith.constant 2 : i32
  %r = arith.addi %z, %c2 : i32
  return %r : i32
}

func.func @redundant(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a(%x, %y : i32, i32), ^a(%x, %x : i32, i32)
^a(%u: i32, %v: i32):
  %p = arith.addi %u, %v : i32
  return %p : i32
}

func.func @escapes(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %p = arith.addi %x, %x : i32
  cf.br ^j
^b:
  %q = arith.addi %x, %x : i32
  cf.br ^j
^j:
  return %x : i32
}

func.func @stores(%c: i1, %m: memref<4xi32>, %x: i32, %y: i32) {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^a, ^b
^a:
  memref.store %x, %m[%c0] : memref<4xi32>
  return
^b:
  memref.store %y, %m[%c0] : memref<4xi32>
  return
}

// --canonicalize: MLIR 19's arith patterns and folders over integer
// extensions and truncations, and negated comparisons.
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @index_casts
// CHECK-NEXT:    %[[A:.*]] = arith.index_cast %arg0 : i8 to index
// CHECK-NEXT:    %[[B:.*]] = arith.index_castui %arg0 : i8 to index
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @index_casts(%x: i8) -> (index, index) {
  %s = arith.extsi %x : i8 to i32
  %a = arith.index_cast %s : i32 to index
  %u = arith.extui %x : i8 to i32
  %b = arith.index_castui %u : i32 to index
  return %a, %b : index, index
}

// CHECK-LABEL: func.func @extension_chains
// CHECK-NEXT:    %[[A:.*]] = arith.extui %arg0 : i8 to i64
// CHECK-NEXT:    %[[B:.*]] = arith.extsi %arg0 : i8 to i64
// CHECK-NEXT:    %[[C:.*]] = arith.extui %arg0 : i8 to i64
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]]
func.func @extension_chains(%x: i8) -> (i64, i64, i64) {
  %u = arith.extui %x : i8 to i16
  %a = arith.extui %u : i16 to i64
  %s = arith.extsi %x : i8 to i16
  %b = arith.extsi %s : i16 to i64
  %c = arith.extsi %u : i16 to i64
  return %a, %b, %c : i64, i64, i64
}

// CHECK-LABEL: func.func @truncations
// CHECK-NEXT:    %[[A:.*]] = arith.trunci %arg1 : i32 to i8
// CHECK-NEXT:    %[[C:.*]] = arith.extui %arg0 : i8 to i16
// CHECK-NEXT:    %[[D:.*]] = arith.trunci %arg2 : i64 to i8
// CHECK-NEXT:    return %[[A]], %arg0, %[[C]], %[[D]]
func.func @truncations(%x: i8, %y: i32, %z: i64) -> (i8, i8, i16, i8) {
  %e = arith.extsi %y : i32 to i64
  %a = arith.trunci %e : i64 to i8
  %u = arith.extui %x : i8 to i64
  %b = arith.trunci %u : i64 to i8
  %c = arith.trunci %u : i64 to i16
  %t = arith.trunci %z : i64 to i32
  %d = arith.trunci %t : i32 to i8
  return %a, %b, %c, %d : i8, i8, i16, i8
}

// CHECK-LABEL: func.func @bitwise_of_extensions
// CHECK-NEXT:    %[[A:.*]] = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT:    %[[EA:.*]] = arith.extui %[[A]] : i8 to i32
// CHECK-NEXT:    %[[O:.*]] = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT:    %[[EO:.*]] = arith.extsi %[[O]] : i8 to i32
// CHECK-NEXT:    %[[X:.*]] = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT:    %[[EX:.*]] = arith.extui %[[X]] : i8 to i32
// CHECK-NEXT:    return %[[EA]], %[[EO]], %[[EX]]
func.func @bitwise_of_extensions(%x: i8, %y: i8) -> (i32, i32, i32) {
  %ux = arith.extui %x : i8 to i32
  %uy = arith.extui %y : i8 to i32
  %sx = arith.extsi %x : i8 to i32
  %sy = arith.extsi %y : i8 to i32
  %a = arith.andi %ux, %uy : i32
  %o = arith.ori %sx, %sy : i32
  %e = arith.xori %ux, %uy : i32
  return %a, %o, %e : i32, i32, i32
}

// CHECK-LABEL: func.func @comparisons
// CHECK-NEXT:    %[[N:.*]] = arith.cmpi sge, %arg0, %arg1 : i8
// CHECK-NEXT:    %[[E:.*]] = arith.cmpi eq, %arg0, %arg1 : i8
// CHECK-NEXT:    %[[L:.*]] = arith.extui %arg0 : i8 to i32
// CHECK-NEXT:    %[[R:.*]] = arith.extui %arg1 : i8 to i32
// CHECK-NEXT:    %[[U:.*]] = arith.cmpi ne, %arg0, %arg1 : i8
// CHECK-NEXT:    %[[S:.*]] = arith.cmpi slt, %[[L]], %[[R]] : i32
// CHECK-NEXT:    return %[[N]], %[[E]], %[[U]], %[[S]]
func.func @comparisons(%x: i8, %y: i8) -> (i1, i1, i1, i1) {
  %true = arith.constant true
  %c = arith.cmpi slt, %x, %y : i8
  %n = arith.xori %c, %true : i1
  %sx = arith.extsi %x : i8 to i32
  %sy = arith.extsi %y : i8 to i32
  %e = arith.cmpi eq, %sx, %sy : i32
  %ux = arith.extui %x : i8 to i32
  %uy = arith.extui %y : i8 to i32
  %u = arith.cmpi ne, %ux, %uy : i32
  %s = arith.cmpi slt, %ux, %uy : i32
  return %n, %e, %u, %s : i1, i1, i1, i1
}

// CHECK-LABEL: func.func @shifts_and_high_halves
// CHECK:         %[[S:.*]] = arith.shrui %arg2, %{{.*}} : i32
// CHECK-NEXT:    %[[T:.*]] = arith.trunci %[[S]] : i32 to i8
// CHECK-NEXT:    %[[LO:.*]], %[[HI:.*]] = arith.mulsi_extended %arg0, %arg1 : i8
// CHECK-NEXT:    %[[LO2:.*]], %[[HI2:.*]] = arith.mului_extended %arg0, %arg1 : i8
// CHECK-NEXT:    return %[[T]], %[[HI]], %[[HI2]]
func.func @shifts_and_high_halves(%x: i8, %y: i8, %w: i32) -> (i8, i8, i8) {
  %c24 = arith.constant 24 : i32
  %s = arith.shrsi %w, %c24 : i32
  %t = arith.trunci %s : i32 to i8
  %sx = arith.extsi %x : i8 to i16
  %sy = arith.extsi %y : i8 to i16
  %p = arith.muli %sx, %sy : i16
  %c8 = arith.constant 8 : i16
  %h = arith.shrui %p, %c8 : i16
  %hi = arith.trunci %h : i16 to i8
  %ux = arith.extui %x : i8 to i16
  %uy = arith.extui %y : i8 to i16
  %q = arith.muli %ux, %uy : i16
  %g = arith.shrui %q, %c8 : i16
  %hu = arith.trunci %g : i16 to i8
  return %t, %hi, %hu : i8, i8, i8
}

// MLIR-OPT-TOO
// -canonicalize folds as mlir-opt 19 folds: a bitcast of any float or
// integer constant (scalars and dense vectors), `extsi`/`extui` of an
// `i1` compared `ne` with zero, `minimumf`/`maximumf` with the infinity
// that cannot win, 16-bit float arithmetic on constants, `mulf`/`divf`
// of two negations, and `x and not x` on vectors.
//
// RUN: tessera-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @bitcasts
// CHECK-DAG:     %[[H:.*]] = arith.constant 1.000000e+00 : f16
// CHECK-DAG:     %[[B:.*]] = arith.constant -2.000000e+00 : bf16
// CHECK-DAG:     %[[I:.*]] = arith.constant 1065353216 : i32
// CHECK-DAG:     %[[V:.*]] = arith.constant dense<[0.000000e+00, 1.000000e+00]> : vector<2xf32>
// CHECK-NEXT:    return %[[H]], %[[B]], %[[I]], %[[V]]
func.func @bitcasts() -> (f16, bf16, i32, vector<2xf32>) {
  %a = arith.constant 15360 : i16
  %b = arith.constant 49152 : i16
  %c = arith.constant 1.0 : f32
  %d = arith.constant dense<[0, 1065353216]> : vector<2xi32>
  %0 = arith.bitcast %a : i16 to f16
  %1 = arith.bitcast %b : i16 to bf16
  %2 = arith.bitcast %c : f32 to i32
  %3 = arith.bitcast %d : vector<2xi32> to vector<2xf32>
  return %0, %1, %2, %3 : f16, bf16, i32, vector<2xf32>
}

// -----

// CHECK-LABEL: func.func @half_to_bfloat
// CHECK-NEXT:    %[[C:.*]] = arith.constant 7.812500e-03 : bf16
// CHECK-NEXT:    return %[[C]]
func.func @half_to_bfloat() -> bf16 {
  %h = arith.constant 1.0 : f16
  %0 = arith.bitcast %h : f16 to bf16
  return %0 : bf16
}

// -----

// CHECK-LABEL: func.func @compare_extended_bool
// CHECK-SAME:    (%[[X:.*]]: i1, %[[Y:.*]]: vector<4xi1>)
// CHECK-NEXT:    return %[[X]], %[[Y]]
func.func @compare_extended_bool(%x: i1, %y: vector<4xi1>) -> (i1, vector<4xi1>) {
  %c0 = arith.constant 0 : i32
  %z = arith.constant dense<0> : vector<4xi8>
  %e = arith.extsi %x : i1 to i32
  %0 = arith.cmpi ne, %e, %c0 : i32
  %f = arith.extui %y : vector<4xi1> to vector<4xi8>
  %1 = arith.cmpi ne, %f, %z : vector<4xi8>
  return %0, %1 : i1, vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @infinities
// CHECK-SAME:    (%[[X:.*]]: f32)
// CHECK-NEXT:    return %[[X]], %[[X]]
func.func @infinities(%x: f32) -> (f32, f32) {
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %0 = arith.minimumf %x, %inf : f32
  %1 = arith.maximumf %x, %ninf : f32
  return %0, %1 : f32, f32
}

// -----

// CHECK-LABEL: func.func @half_arithmetic
// CHECK-DAG:     arith.constant -1.000000e+00 : f16
// CHECK-DAG:     arith.constant 1.000980e+00 : f16
// CHECK-DAG:     arith.constant 3.332520e-01 : f16
// CHECK-DAG:     arith.constant 0x7C00 : f16
// CHECK-NOT:     arith.subf
// CHECK-NOT:     arith.divf
func.func @half_arithmetic() -> (f16, f16, f16, f16) {
  %zero = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %three = arith.constant 3.0 : f16
  %ulp = arith.constant 0.0009765625 : f16
  %big = arith.constant 60000.0 : f16
  %0 = arith.subf %zero, %one : f16
  %1 = arith.addf %one, %ulp : f16
  %2 = arith.divf %one, %three : f16
  %3 = arith.addf %big, %big : f16
  return %0, %1, %2, %3 : f16, f16, f16, f16
}

// -----

// CHECK-LABEL: func.func @negations
// CHECK-SAME:    (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %[[A]], %[[B]] fastmath<fast> : f32
// CHECK-NEXT:    %[[D:.*]] = arith.divf %[[A]], %[[B]] : f32
// CHECK-NEXT:    return %[[M]], %[[D]]
func.func @negations(%a: f32, %b: f32) -> (f32, f32) {
  %na = arith.negf %a : f32
  %nb = arith.negf %b : f32
  %0 = arith.mulf %na, %nb fastmath<fast> : f32
  %1 = arith.divf %na, %nb : f32
  return %0, %1 : f32, f32
}

// -----

// CHECK-LABEL: func.func @and_not_vector
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    return %[[Z]], %[[Z]]
func.func @and_not_vector(%x: vector<2xi32>) -> (vector<2xi32>, vector<2xi32>) {
  %ones = arith.constant dense<-1> : vector<2xi32>
  %n = arith.xori %x, %ones : vector<2xi32>
  %0 = arith.andi %x, %n : vector<2xi32>
  %1 = arith.andi %n, %x : vector<2xi32>
  return %0, %1 : vector<2xi32>, vector<2xi32>
}

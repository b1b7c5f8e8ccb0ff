// MLIR-OPT-TOO
// Tensor types with an encoding attribute: parsed, printed and compared
// whole, as the arith verifiers compare them (each annotation is
// mlir-opt 19's own diagnostic).
//
// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @round_trip
// CHECK-SAME:    tensor<8x8xf32, "foo">, %{{.*}}: tensor<4xi32, [1, 2]>
// CHECK:         arith.extf %{{.*}} : tensor<8x8xf32, "foo"> to tensor<8x8xf64, "foo">

func.func @round_trip(%a: tensor<8x8xf32, "foo">, %b: tensor<4xi32, [1, 2]>) -> tensor<8x8xf64, "foo"> {
  %0 = arith.extf %a : tensor<8x8xf32, "foo"> to tensor<8x8xf64, "foo">
  return %0 : tensor<8x8xf64, "foo">
}
// -----
func.func @cmpi_encoding() {
  %c = arith.constant dense<0> : tensor<42 x i32, "foo">
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "arith.cmpi"(%c, %c) {predicate = 0} : (tensor<42 x i32, "foo">, tensor<42 x i32, "foo">) -> tensor<42 x i1, "bar">
  return
}
// -----
func.func @extf_encoding(%a: tensor<2xf32, "foo">) {
  // expected-error@+1 {{'arith.extf' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xf64, "bar">' are cast incompatible}}
  %0 = arith.extf %a : tensor<2xf32, "foo"> to tensor<2xf64, "bar">
  return
}
// -----
func.func @select_encoding(%c: tensor<8xi1, "bar">, %x: tensor<8xi32, "foo">, %y: tensor<8xi32, "foo">) -> tensor<8xi32, "foo"> {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, "foo">', but got 'tensor<8xi1, "bar">'}}
  %0 = arith.select %c, %x, %y : tensor<8xi1, "bar">, tensor<8xi32, "foo">
  return %0 : tensor<8xi32, "foo">
}

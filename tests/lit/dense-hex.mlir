// Dense elements written as hex data (`dense<"0x...">`, little-endian,
// bit-packed for i1, one element for a splat), printed as mlir-opt prints
// them, and its errors.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @hex
// CHECK: arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK: arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>
// CHECK: arith.constant dense<-1> : tensor<3xi8>
// CHECK: arith.constant dense<[1, -1]> : tensor<2xi16>
// CHECK: arith.constant dense<[true, false, false, false]> : tensor<4xi1>
func.func @hex() {
  %a = arith.constant dense<"0x01000000020000000300000004000000"> : tensor<4xi32>
  %b = arith.constant dense<"0x0000803F"> : vector<4xf32>
  %c = arith.constant dense<"0x000000000000F03F0000000000000040"> : tensor<2xf64>
  %d = arith.constant dense<"0xFF"> : tensor<3xi8>
  %e = arith.constant dense<"0x0100FFFF"> : tensor<2xi16>
  %f = arith.constant dense<"0x01"> : tensor<4xi1>
  return
}

// -----

func.func @size() {
  // expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<4xi32>'}}
  %a = arith.constant dense<"0x010000000200"> : tensor<4xi32>
  return
}

// -----

func.func @digits() {
  // expected-error @+1 {{expected string containing hex digits starting with `0x`}}
  %a = arith.constant dense<"0x0G"> : tensor<4xi32>
  return
}

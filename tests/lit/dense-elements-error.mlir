// Malformed dense elements attributes: mlir-opt 19's messages, where
// mlir-opt 19 places them.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @shape() {
  // expected-error @+1 {{inferred shape of elements literal ([4]) does not match type ([2, 2])}}
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<2x2xi32>
  return
}

// -----

func.func @float_in_int() {
  // expected-error @+1 {{expected integer elements, but parsed floating-point}}
  %c = arith.constant dense<[1.5, 2]> : tensor<2xi32>
  return
}

// -----

func.func @range() {
  // expected-error @+1 {{integer constant out of range for type}}
  %c = arith.constant dense<[300, 2]> : tensor<2xi8>
  return
}

// -----

func.func @ragged() {
  // expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  %c = arith.constant dense<[[1, 2], 3]> : tensor<2x2xi32>
  return
}

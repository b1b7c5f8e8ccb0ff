// mlir-opt's dependence remarks, checked with expected-remark as MLIR's
// own test-memref-dependence-check.mlir checks them.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -test-memref-dependence-check -split-input-file -verify-diagnostics

func.func @store_load_same(%A: memref<10xf32>) {
  %c = arith.constant 7.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %c, %A[%i] : memref<10xf32>
    // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 2 = true}}
    %v = affine.load %A[%i] : memref<10xf32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
  }
  return
}

// -----

func.func @shifted(%A: memref<11xf32>) {
  %c = arith.constant 7.0 : f32
  affine.for %i = 0 to 10 {
    // expected-remark-re@+3 {{dependence from 0 to 0 at depth {{[12]}} = false}}
    // expected-remark@+2 {{dependence from 0 to 1 at depth 1 = [1, 1]}}
    // expected-remark@+1 {{dependence from 0 to 1 at depth 2 = false}}
    affine.store %c, %A[%i + 1] : memref<11xf32>
    %v = affine.load %A[%i] : memref<11xf32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
  }
  return
}

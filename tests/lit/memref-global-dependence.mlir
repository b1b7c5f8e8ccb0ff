// Two memref.get_globals of one global are one memory: tessera's
// dependence analysis finds the dependence between accesses through
// them, where mlir-opt 19 takes distinct values apart and answers false
// (its --affine-parallelize turns this prefix sum into an
// affine.parallel). Not run by mlir-opt.

// RUN: tessera-opt %s -test-memref-dependence-check -verify-diagnostics
// RUN: tessera-opt %s -affine-parallelize | FileCheck %s

// CHECK-LABEL: func @prefix_sum
// CHECK-NOT: affine.parallel
// CHECK: affine.for

memref.global "private" @t : memref<11xi32> = dense<1>

func.func @prefix_sum() {
  %a = memref.get_global @t : memref<11xi32>
  %b = memref.get_global @t : memref<11xi32>
  affine.for %i = 1 to 11 {
    %p = affine.load %a[%i - 1] : memref<11xi32>
    // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 2 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 2 at depth 2 = false}}
    %q = affine.load %b[%i] : memref<11xi32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 2 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 2 at depth 2 = true}}
    %r = arith.addi %p, %q : i32
    affine.store %r, %b[%i] : memref<11xi32>
    // expected-remark@above {{dependence from 2 to 0 at depth 1 = [1, 1]}}
    // expected-remark@above {{dependence from 2 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 2 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 2 to 1 at depth 2 = false}}
    // expected-remark@above {{dependence from 2 to 2 at depth 1 = false}}
    // expected-remark@above {{dependence from 2 to 2 at depth 2 = false}}
  }
  return
}

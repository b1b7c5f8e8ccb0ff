// A diagnostic whose text matches an expectation of another severity is a
// near miss, reported at the expectation.
// MLIR-OPT-TOO

// RUN: not tessera-opt %s -test-memref-dependence-check -verify-diagnostics 2>&1 | FileCheck %s

// CHECK: verify-diagnostics-severity.mlir:[[# @LINE + 8]]:8: error: 'remark' diagnostic emitted when expecting a 'warning'
// CHECK-NEXT: {{^}}    // expected-{{.*}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK: verify-diagnostics-severity.mlir:[[# @LINE + 5]]:8: error: expected warning "dependence from 0 to 0 at depth 1 = false" was not produced

func.func @f(%A: memref<10xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    // expected-warning @below {{dependence from 0 to 0 at depth 1 = false}}
    affine.store %c, %A[%i] : memref<10xf32>
    // expected-remark @above {{dependence from 0 to 0 at depth 2 = false}}
  }
  return
}

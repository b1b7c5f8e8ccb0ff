// An expectation @unknown (an MLIR 20 form, which mlir-opt 19 reads as a
// plain comment) is met by a diagnostic without a location, here a pass
// failing, and is reported when none comes.

// RUN: not tessera-opt %s -test-loop-permutation -split-input-file -verify-diagnostics 2>&1 \
// RUN:   | FileCheck %s
// RUN: not tessera-opt %s -test-loop-permutation -split-input-file 2>&1 | FileCheck %s --check-prefix=PLAIN

// CHECK-NOT: permutation-map=p0,p1,.. is required" was not produced
// CHECK: within split at {{.*}}: error: expected error "never at an unknown location" was not produced
// CHECK-NOT: error:
// PLAIN: <unknown>:0: error: test-loop-permutation: permutation-map=p0,p1,.. is required
// PLAIN: <unknown>:0: error: test-loop-permutation: permutation-map=p0,p1,.. is required

// expected-error @unknown {{permutation-map=p0,p1,.. is required}}
func.func @f() {
  return
}

// -----

// expected-error @unknown {{permutation-map=p0,p1,.. is required}}
// expected-error @unknown {{never at an unknown location}}
func.func @g() {
  return
}

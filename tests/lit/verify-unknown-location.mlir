// An expectation @unknown (an MLIR 20 form, which mlir-opt 19 reads as a
// plain comment) is met by a diagnostic without a location, here a
// schedule file that cannot be read, and is reported when none comes.

// RUN: not tessera-opt %s --apply-schedule=%s.missing -split-input-file -verify-diagnostics 2>&1 \
// RUN:   | FileCheck %s
// RUN: not tessera-opt %s --apply-schedule=%s.missing -split-input-file 2>&1 | FileCheck %s --check-prefix=PLAIN

// CHECK-NOT: cannot read
// CHECK: within split at {{.*}}: error: expected error "never at an unknown location" was not produced
// CHECK-NOT: error:
// PLAIN: <unknown>:0: error: cannot read '{{.*}}.missing'
// PLAIN: <unknown>:0: error: cannot read '{{.*}}.missing'

// expected-error @unknown {{cannot read}}
func.func @f() {
  return
}

// -----

// expected-error @unknown {{cannot read}}
// expected-error @unknown {{never at an unknown location}}
func.func @g() {
  return
}

// What -verify-diagnostics reports when the diagnostics are not the
// expected ones, and that it fails the run.
// MLIR-OPT-TOO

// RUN: not tessera-opt %s -split-input-file -verify-diagnostics 2>&1 | FileCheck %s

// CHECK: within split at {{.*}}verify-diagnostics-failures.mlir:25 offset :5:19: error: unexpected error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  %x = arith.addi %y, %y : i32
// CHECK-NEXT: {{^}}                  ^
// CHECK-NEXT: within split at {{.*}}:25 offset :4:6: error: expected error "wrong message" was not produced
// CHECK-NEXT: {{^}}  // expected-{{.*}}
// CHECK-NEXT: {{^}}     ^~~~~~~~~~~~~{{$}}

// CHECK-NEXT: within split at {{.*}}:33 offset :3:4: error: expected error "never emitted" was not produced
// CHECK-NEXT: {{^}}// expected-{{.*}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~{{$}}

// CHECK-NEXT: within split at {{.*}}:40 offset :2:4: error: invalid regex: parentheses not balanced
// CHECK-NEXT: {{^}}// expected-{{.*}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~{{$}}

// CHECK-NEXT: within split at {{.*}}:43 offset :4:19: error: unexpected error: use of undeclared SSA value name
// CHECK: within split at {{.*}}:43 offset :3:6: error: expected error "no {{[{][{]}}[0-9]+{{[}][}]}} match" was not produced

// -----

func.func @h() {
  // expected-error @+1 {{wrong message}}
  %x = arith.addi %y, %y : i32
  return
}

// -----

// expected-error @below {{never emitted}}
func.func @k() {
  return
}

// -----
// expected-error-re @above {{bad {{a(}}}}

// -----
func.func @m() {
  // expected-error-re @+1 {{no {{[0-9]+}} match}}
  %x = arith.addi %y, %y : i32
  return
}

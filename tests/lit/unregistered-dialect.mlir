// Ops of a dialect mlir-opt 19 does not register parse only with
// -allow-unregistered-dialect (its "test" dialect is registered).
// MLIR-OPT-TOO

// RUN: not tessera-opt %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: tessera-opt %s -allow-unregistered-dialect | FileCheck %s
// RUN: tessera-opt %s -allow-unregistered-dialect=true -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: not tessera-opt %s -allow-unregistered-dialect=false -split-input-file -verify-diagnostics=0 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR

// ERR: :[[# @LINE + 14]]:12: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// ERR-NEXT: {{^}}  "foo.bar"() : () -> ()
// ERR-NEXT: {{^}}           ^

// CHECK: "test.op"() : () -> ()
// CHECK-NEXT: "foo.bar"() : () -> ()
// CHECK-NEXT: %0 = "foo.value"() {attr = 3 : i64} : () -> i32

// GENERIC: "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
// GENERIC-NEXT: "test.op"() : () -> ()
// GENERIC-NEXT: "foo.bar"() : () -> ()

func.func @f() {
  "test.op"() : () -> ()
  "foo.bar"() : () -> ()
  %0 = "foo.value"() {attr = 3} : () -> i32
  return
}

// Outside -verify-diagnostics, mlir-opt follows a verifier's error with the
// op in the generic form ("see current operation") and then the notes the
// verifier attached; a note at the error's own location shows no source
// line. A type clash names the prior use; a dialect mlir-opt 19 does not
// register lists the ones it does. (tessera-opt's whole output is
// byte-identical to mlir-opt 19's on this file.)
// MLIR-OPT-TOO

// RUN: not tessera-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @f() -> i32 {
  return
}
// CHECK: offset :12:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
// CHECK-NEXT: {{^}}  return
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: offset :12:3: note: see current operation: "func.return"() : () -> ()

// -----

func.func @f(i32, i32) {
  return
}
// CHECK-NEXT: offset :3:1: error: 'func.func' op entry block must have 2 arguments to match function signature
// CHECK-NEXT: {{^}}func.func @f(i32, i32) {
// CHECK-NEXT: {{^}}^
// CHECK-NEXT: offset :3:1: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}"func.func"() <{function_type = (i32, i32) -> (), sym_name = "f"}> ({
// CHECK-NEXT: {{^}}  "func.return"() : () -> ()
// CHECK-NEXT: {{^}}}) : () -> ()

// -----

"func.func"() ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "g"} : () -> ()
// CHECK-NEXT: offset :3:1: error: 'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')

// -----

func.func @f(%x: f32) {
  %0 = arith.addi %x, %x : i32
  return
}
// CHECK: offset :4:19: error: use of value '%x' expects different type than prior uses: 'i32' vs 'f32'
// CHECK-NEXT: {{^}}  %0 = arith.addi %x, %x : i32
// CHECK-NEXT: {{^}}                  ^
// CHECK-NEXT: offset :3:14: note: prior use here
// CHECK-NEXT: {{^}}func.func @f(%x: f32) {
// CHECK-NEXT: {{^}}             ^

// -----

func.func @f() {
  frob.nicate
  return
}
// CHECK-NEXT: offset :4:3: error: Dialect `frob' not found for custom op 'frob.nicate'
// CHECK-NEXT: {{^}}  frob.nicate
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: offset :4:3: note: Registered dialects: acc, affine, {{.*}}, vector, x86vector, xegpu ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management
// CHECK-NEXT: // -----

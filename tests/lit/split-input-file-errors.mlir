// Errors in chunks carry the chunk's first line and their line within the
// chunk (the chunk starts on its marker's line), as mlir-opt prints them;
// the other chunks are still processed and printed.
// MLIR-OPT-TOO

// RUN: not tessera-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: within split at {{.*}}split-input-file-errors.mlir:1 offset :17:19: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  %x = arith.addi %y, %y : i32
// CHECK-NEXT: {{^}}                  ^
// CHECK: within split at {{.*}}split-input-file-errors.mlir:27 offset :4:3: error: 'func.return' op has 0 operands, but enclosing function (@g) returns 1
// CHECK: //{{ -----$}}
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @ok

func.func @f() {
  %x = arith.addi %y, %y : i32
  return
}

// -----

func.func @ok() {
  return
}

// -----

func.func @g() -> i32 {
  return
}

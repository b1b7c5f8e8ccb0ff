// A call may write a global the caller reads through memref.get_global:
// the load stays in the loop. mlir-opt 19 looks at the call's operands
// only and hoists it (the program then prints 0 0 0); not run by mlir-opt.

// RUN: tessera-opt %s -affine-loop-invariant-code-motion | FileCheck %s
// RUN: tessera-opt %s -affine-loop-invariant-code-motion -run=main | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func @main
// CHECK: affine.for
// CHECK-NEXT: call @bump
// CHECK-NEXT: affine.load
// OUT: 1
// OUT-NEXT: 2
// OUT-NEXT: 3

memref.global "private" @counter : memref<i64> = dense<0>

func.func @bump() {
  %c = memref.get_global @counter : memref<i64>
  %v = affine.load %c[] : memref<i64>
  %one = arith.constant 1 : i64
  %w = arith.addi %v, %one : i64
  affine.store %w, %c[] : memref<i64>
  return
}

func.func @main() {
  %c = memref.get_global @counter : memref<i64>
  affine.for %i = 0 to 3 {
    func.call @bump() : () -> ()
    %n = affine.load %c[] : memref<i64>
    vector.print %n : i64
  }
  return
}

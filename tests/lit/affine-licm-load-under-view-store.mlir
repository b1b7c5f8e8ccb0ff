// --affine-loop-invariant-code-motion compares accesses by the memory
// they denote: a load of %a stays in a loop that stores to %a through a
// subview, and so does the store.
// MLIR-OPT-WRONG: mlir-opt 19 compares memref values; it hoists both, and
// the program then prints 1 1 1 1 instead of 1 2 3 4.
//
// RUN: tessera-opt %s -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -affine-loop-invariant-code-motion -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -affine-loop-invariant-code-motion | FileCheck %s

// OUT: 1
// OUT-NEXT: 2
// OUT-NEXT: 3
// OUT-NEXT: 4
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @main
// CHECK:         affine.for
// CHECK-NEXT:      affine.load %{{.*}}[5]
// CHECK:           affine.store %{{.*}}, %subview[1]
func.func @main() {
  %a = memref.alloc() : memref<8xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  affine.store %zero, %a[5] : memref<8xi64>
  %view = memref.subview %a[4] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1], offset: 4>>
  affine.for %i = 0 to 4 {
    %v = affine.load %a[5] : memref<8xi64>
    %w = arith.addi %v, %one : i64
    vector.print %w : i64
    affine.store %w, %view[1] : memref<4xi64, strided<[1], offset: 4>>
  }
  memref.dealloc %a : memref<8xi64>
  return
}

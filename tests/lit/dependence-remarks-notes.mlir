// Outside -verify-diagnostics, mlir-opt follows each dependence remark
// with a note showing the op in the custom form, named as in its
// function, without the source line.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -test-memref-dependence-check -o /dev/null 2>&1 | FileCheck %s

// CHECK: dependence-remarks-notes.mlir:[[#@LINE+13]]:5: remark: dependence from 0 to 0 at depth 1 = [1, 9]
// CHECK-NEXT: affine.store %x, %t[1] : memref<2xf32>
// CHECK-NEXT: ^
// CHECK-NEXT: dependence-remarks-notes.mlir:[[#@LINE+10]]:5: note: see current operation: affine.store %arg0, %alloca[1] : memref<2xf32>
// CHECK: remark: dependence from 0 to 1 at depth 2 = true
// CHECK: note: see current operation: affine.store %arg0, %alloca[1] : memref<2xf32>
// CHECK: dependence-remarks-notes.mlir:[[#@LINE+8]]:10: remark: dependence from 1 to 0 at depth 1 = [1, 9]
// CHECK-NEXT: %v = affine.load %t[1] : memref<2xf32>
// CHECK-NEXT: ^
// CHECK-NEXT: note: see current operation: %0 = affine.load %alloca[1] : memref<2xf32>
func.func @f(%x: f32, %B: memref<10xf32>) {
  %t = memref.alloca() : memref<2xf32>
  affine.for %i = 0 to 10 {
    affine.store %x, %t[1] : memref<2xf32>
    %v = affine.load %t[1] : memref<2xf32>
    affine.store %v, %B[%i] : memref<10xf32>
  }
  return
}

// --test-memref-bound-check -verbose (tessera only): after each error and
// its note, a remark gives a witness — an iteration of the enclosing loops
// (outermost first) and values of the symbols at which the access is out
// of bounds.
//
// RUN: tessera-opt %s -test-memref-bound-check -verify-diagnostics -o /dev/null
// RUN: tessera-opt %s -test-memref-bound-check -verbose -o /dev/null 2>&1 | FileCheck %s

// CHECK: memref-bound-check-witness.mlir:[[#@LINE+8]]:7: error: 'affine.store' op memref out of upper bound access along dimension #2
// CHECK-NEXT: affine.store
// CHECK-NEXT: ^
// CHECK-NEXT: note: see current operation: "affine.store"(%arg2, %arg0, %arg3, %arg4)
// CHECK-NEXT: remark: test-memref-bound-check: out of bounds at iteration [0, 6] with symbols [7]
func.func @witness(%A: memref<4x8xf32>, %n: index, %x: f32) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to %n {
      affine.store %x, %A[%i, %j + 2] : memref<4x8xf32> // expected-error {{'affine.store' op memref out of upper bound access along dimension #2}}
    }
  }
  return
}

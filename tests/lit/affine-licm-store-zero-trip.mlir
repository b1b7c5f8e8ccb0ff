// --affine-loop-invariant-code-motion leaves an invariant store in a loop
// that may run zero times.
// MLIR-OPT-WRONG: mlir-opt 19 hoists it out of this loop, which never
// runs, and the program then prints 7 instead of 0.
//
// RUN: tessera-opt %s -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -affine-loop-invariant-code-motion -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -affine-loop-invariant-code-motion | FileCheck %s

// OUT: 0
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @main
// CHECK:         affine.for
// CHECK-NEXT:      affine.store
func.func @main() {
  %m = memref.alloc() : memref<1xi64>
  %zero = arith.constant 0 : i64
  %seven = arith.constant 7 : i64
  %n = arith.constant 0 : index
  affine.store %zero, %m[0] : memref<1xi64>
  affine.for %i = 0 to %n {
    affine.store %seven, %m[0] : memref<1xi64>
  }
  %v = affine.load %m[0] : memref<1xi64>
  vector.print %v : i64
  memref.dealloc %m : memref<1xi64>
  return
}

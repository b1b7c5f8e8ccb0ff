// -canonicalize reads the size of a memref.reshape from its shape operand
// right after the reshape only where the memref.dim would have run
// anyway: in the reshape's block, or at a constant index within the shape.
// MLIR-OPT-WRONG: mlir-opt 19 moves the load out of the scf.if below, where
// it reads %shape[7] of a memref<2xindex> that the program never reads.
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s
// RUN: tessera-opt %s -canonicalize -run=main | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @main
// CHECK:         memref.reshape
// CHECK-NEXT:    memref.load %{{.*}}[%c0]
// CHECK:         scf.if
// CHECK-NEXT:      memref.dim
// OUT: 2
// OUT-NOT: {{.}}
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c99 = arith.constant 99 : index
  %b = memref.alloc() : memref<6xi64>
  %shape = memref.alloc() : memref<2xindex>
  memref.store %c3, %shape[%c1] : memref<2xindex>
  %z = arith.constant 0 : index
  memref.store %c2, %shape[%z] : memref<2xindex>
  memref.store %c3, %shape[%c1] : memref<2xindex>
  %rs = memref.reshape %b(%shape) : (memref<6xi64>, memref<2xindex>) -> memref<?x?xi64>
  %d0 = memref.dim %rs, %z : memref<?x?xi64>
  vector.print %d0 : index
  %three = memref.load %shape[%c1] : memref<2xindex>
  %never = arith.cmpi eq, %three, %c99 : index
  scf.if %never {
    %d = memref.dim %rs, %c7 : memref<?x?xi64>
    vector.print %d : index
  }
  return
}

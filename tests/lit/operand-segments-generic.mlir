// Inherent attributes given in the dictionary of a generic op move to
// its properties; those given as properties win; an op with operand
// segments but no 'operandSegmentSizes' would get all zeros (and fail to
// verify), so valid ops print the sizes mlir-opt prints.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s

// CHECK-LABEL: "func.func"
// CHECK: "memref.alloc"(%{{.*}}) <{alignment = 3 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
// CHECK: "memref.alloca"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
// CHECK: "memref.alloc"(%{{.*}}) <{alignment = 8 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
func.func @f(%n: index) {
  %0 = "memref.alloc"(%n) {alignment = 3, operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<?xf32>
  %1 = "memref.alloca"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> {operandSegmentSizes = array<i32: 0, 1>} : (index) -> memref<?xf32>
  %2 = "memref.alloc"(%n) <{}> {alignment = 8, operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<?xf32>
  return
}

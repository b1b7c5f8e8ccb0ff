// The canonicalize patterns and folders of memref.view, memref.dim,
// tensor.dim and the integer identities on vectors, as mlir-opt 19 applies
// them (its own Transforms/canonicalize.mlir and Arith/canonicalize.mlir
// cases, written anew): sizes given by constants become static in a
// view's type, a view of a cast allocation views the allocation, a
// dynamic dim is the size operand of the view, subview or reinterpret
// cast that gave it (or of the cast's source), x - x, x + 0, x * 1,
// x rem 1 and x | x on splat vectors fold, a truncation of an extension
// to a type still wider than its source is that extension, and a zero
// offset times a dynamic stride is a zero offset (the subview below
// verifies).
// MLIR-OPT-TOO

// RUN: tessera-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @view_sizes_from_constants(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc() : memref<1024xi8>
// CHECK-NEXT: %view = memref.view %alloc[%c0][%arg0] : memref<1024xi8> to memref<6x?xf32>
// CHECK-NEXT: %0 = memref.load %view[%c0, %c0] : memref<6x?xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-LABEL: func.func @view_of_cast_alloc(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc() : memref<1024xi8>
// CHECK-NEXT: %view = memref.view %alloc[%c0][%arg0] : memref<1024xi8> to memref<?x4xf32>
// CHECK-NEXT: %0 = memref.load %view[%c0, %c0] : memref<?x4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-LABEL: func.func @dims_of_views(
// CHECK-NEXT: %c1024 = arith.constant 1024 : index
// CHECK-NEXT: return %arg2, %arg3, %arg2, %c1024 : index, index, index, index
// CHECK-LABEL: func.func @static_tensor_dim(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: return %c4 : index
// CHECK-LABEL: func.func @vector_identities(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: return %cst, %arg0, %arg0, %cst, %arg0 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>
// CHECK-LABEL: func.func @vector_trunc_of_extension(
// CHECK-NEXT: %0 = arith.extui %arg0 : vector<4xi1> to vector<4xi2>
// CHECK-NEXT: return %0 : vector<4xi2>
// CHECK-LABEL: func.func @subview_zero_offset_of_dynamic_stride(
// CHECK-NEXT: %subview = memref.subview %arg0[0, 0] [17, %arg1] [1, 1] : memref<?x?xf32> to memref<17x?xf32, strided<[?, 1]>>
// CHECK-NEXT: return %subview : memref<17x?xf32, strided<[?, 1]>>

func.func @view_sizes_from_constants(%i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %buf = memref.alloc() : memref<1024xi8>
  %v = memref.view %buf[%c0][%c6, %i] : memref<1024xi8> to memref<?x?xf32>
  %x = memref.load %v[%c0, %c0] : memref<?x?xf32>
  return %x : f32
}
func.func @view_of_cast_alloc(%i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<1024xi8>
  %cast = memref.cast %buf : memref<1024xi8> to memref<?xi8>
  %v = memref.view %cast[%c0][%i] : memref<?xi8> to memref<?x4xf32>
  %x = memref.load %v[%c0, %c0] : memref<?x4xf32>
  return %x : f32
}
func.func @dims_of_views(%buf: memref<1024xi8>, %m: memref<?x?xf32>, %i: index, %j: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.view %buf[%c0][%i] : memref<1024xi8> to memref<4x?xf32>
  %d0 = memref.dim %v, %c1 : memref<4x?xf32>
  %s = memref.subview %m[0, 0][1, %j][1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1]>>
  %d1 = memref.dim %s, %c0 : memref<?xf32, strided<[1]>>
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%i, 8], strides: [8, 1] : memref<?x?xf32> to memref<?x8xf32>
  %d2 = memref.dim %r, %c0 : memref<?x8xf32>
  %cast = memref.cast %buf : memref<1024xi8> to memref<?xi8>
  %d3 = memref.dim %cast, %c0 : memref<?xi8>
  return %d0, %d1, %d2, %d3 : index, index, index, index
}
func.func @static_tensor_dim(%t: tensor<8x4xf32>) -> index {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c1 : tensor<8x4xf32>
  return %d : index
}
func.func @vector_identities(%a: vector<4xi32>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>) {
  %zero = arith.constant dense<0> : vector<4xi32>
  %one = arith.constant dense<[1, 1, 1, 1]> : vector<4xi32>
  %0 = arith.subi %a, %a : vector<4xi32>
  %1 = arith.addi %a, %zero : vector<4xi32>
  %2 = arith.muli %a, %one : vector<4xi32>
  %3 = arith.remui %a, %one : vector<4xi32>
  %4 = arith.ori %a, %a : vector<4xi32>
  return %0, %1, %2, %3, %4 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>
}
func.func @vector_trunc_of_extension(%a: vector<4xi1>) -> vector<4xi2> {
  %0 = arith.extui %a : vector<4xi1> to vector<4xi8>
  %1 = arith.trunci %0 : vector<4xi8> to vector<4xi2>
  return %1 : vector<4xi2>
}
func.func @subview_zero_offset_of_dynamic_stride(%m: memref<?x?xf32>, %n: index) -> memref<17x?xf32, strided<[?, 1]>> {
  %s = memref.subview %m[0, 0][17, %n][1, 1] : memref<?x?xf32> to memref<17x?xf32, strided<[?, 1]>>
  return %s : memref<17x?xf32, strided<[?, 1]>>
}

// --canonicalize on memref.subview: constant offsets, sizes and strides
// made static (the more static type, a cast back), a subview of a cast
// that only erases static information, trivial subviews, and a subview
// of a subview of the same sizes.
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK:         %[[S:.*]] = memref.subview %arg0[2, %arg1] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: ?>>
// CHECK:         memref.load %[[S]][%{{.*}}, %{{.*}}] : memref<4x4xf32, strided<[16, 1], offset: ?>>
// CHECK:         memref.load %arg0[%{{.*}}, %{{.*}}] : memref<8x16xf32>
func.func @f(%m: memref<8x16xf32>, %i: index) -> f32 {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %s = memref.subview %m[%c2, %i] [%c4, 4] [1, %c1] : memref<8x16xf32> to memref<?x4xf32, strided<[16, ?], offset: ?>>
  %c0 = arith.constant 0 : index
  %v = memref.load %s[%c0, %c0] : memref<?x4xf32, strided<[16, ?], offset: ?>>
  %t = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
  %w = memref.load %t[%c1, %c1] : memref<8x16xf32>
  %x = arith.addf %v, %w : f32
  return %x : f32
}

// CHECK-LABEL: func.func @g
// CHECK-DAG:     %[[M1:.*]] = arith.constant -1 : index
// CHECK:         %[[A:.*]] = memref.subview %arg0[0, 1] [1, 8] [1, 3] : memref<8x16xf32> to memref<8xf32, strided<[3], offset: 1>>
// CHECK:         memref.store %arg2, %[[A]][%arg1] : memref<8xf32, strided<[3], offset: 1>>
// CHECK:         %[[B:.*]] = memref.subview %arg0[%[[M1]], 0] [2, 2] [-1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[-16, 1], offset: ?>>
// CHECK:         %[[C:.*]] = memref.subview %arg0[0, 0] [8, 8] [1, 1] : memref<8x16xf32> to memref<8x8xf32, strided<[16, 1]>>
// CHECK:         memref.store %arg2, %[[C]][%arg1, %arg1] : memref<8x8xf32, strided<[16, 1]>>
// CHECK:         %[[E:.*]] = memref.subview %arg0[0, 0] [8, 8] [1, 1] : memref<8x16xf32> to memref<8x8xf32, strided<[16, 1]>>
// CHECK:         memref.store %arg2, %arg0[%arg1, %arg1] : memref<8x16xf32>
// CHECK:         %[[U:.*]] = memref.subview %[[E]][0, 0] [4, 4] [1, 1] : memref<8x8xf32, strided<[16, 1]>> to memref<4x4xf32, strided<[16, 1]>>
func.func @g(%m: memref<8x16xf32>, %i: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cm1 = arith.constant -1 : index
  %c8 = arith.constant 8 : index
  %a = memref.subview %m[%c0, %c1] [1, %c8] [1, %c3] : memref<8x16xf32> to memref<?xf32, strided<[?], offset: ?>>
  memref.store %x, %a[%i] : memref<?xf32, strided<[?], offset: ?>>
  %b = memref.subview %m[%cm1, 0] [2, 2] [%cm1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  memref.store %x, %b[%i, %i] : memref<2x2xf32, strided<[?, 1], offset: ?>>
  %c = memref.subview %m[%c0, 0] [8, %c8] [1, 1] : memref<8x16xf32> to memref<8x?xf32, strided<[16, 1], offset: ?>>
  %d = memref.subview %c[0, 0] [8, %c8] [1, 1] : memref<8x?xf32, strided<[16, 1], offset: ?>> to memref<8x?xf32, strided<[16, 1], offset: ?>>
  memref.store %x, %d[%i, %i] : memref<8x?xf32, strided<[16, 1], offset: ?>>
  %e = memref.subview %m[0, 0] [8, %c8] [1, 1] : memref<8x16xf32> to memref<8x?xf32, strided<[16, 1]>>
  %t = memref.subview %m[0, %c0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32, strided<[16, 1], offset: ?>>
  memref.store %x, %t[%i, %i] : memref<8x16xf32, strided<[16, 1], offset: ?>>
  %u = memref.subview %e[0, 0] [4, 4] [1, 1] : memref<8x?xf32, strided<[16, 1]>> to memref<4x4xf32, strided<[16, 1]>>
  memref.store %x, %u[%i, %i] : memref<4x4xf32, strided<[16, 1]>>
  return
}

// MLIR-OPT-TOO
// Subviews as MLIR 19 verifies and folds them: unit sizes dropped so that
// the result's sizes match (any choice of them), strides and offsets read
// from layouts written as affine maps, no folding of a zero stride, and
// an allocation with layout symbols that folds a constant size.
//
// RUN: tessera-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @rank_reduced
// CHECK:         memref.subview %{{.*}} : memref<1x9x1x4x1xf32, strided<[36, 36, 4, 4, 1]>> to memref<1x9x4xf32, strided<[?, ?, ?], offset: ?>>
func.func @rank_reduced(%m: memref<1x9x1x4x1xf32, strided<[36, 36, 4, 4, 1], offset: 0>>, %i: index, %s: index) -> memref<1x9x4xf32, strided<[?, ?, ?], offset: ?>> {
  %0 = memref.subview %m[%i, %i, %i, %i, %i][1, 9, 1, 4, 1][%s, %s, %s, %s, %s] : memref<1x9x1x4x1xf32, strided<[36, 36, 4, 4, 1], offset: 0>> to memref<1x9x4xf32, strided<[?, ?, ?], offset: ?>>
  return %0 : memref<1x9x4xf32, strided<[?, ?, ?], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @map_layout
// CHECK:         memref.subview %{{.*}}[1, 1] [1, 1] [1, 1] : memref<5x3xf32> to memref<f32, #map>
func.func @map_layout(%m: memref<5x3xf32>) -> memref<f32, affine_map<() -> (4)>> {
  %0 = memref.subview %m[1, 1] [1, 1] [1, 1] : memref<5x3xf32> to memref<f32, affine_map<() -> (4)>>
  return %0 : memref<f32, affine_map<() -> (4)>>
}

// -----

// CHECK-LABEL: func.func @zero_stride
// CHECK:         %[[Z:.*]] = arith.constant 0 : index
// CHECK:         memref.subview %{{.*}}[1] [1] [%[[Z]]]
func.func @zero_stride(%m: memref<10xf32>) -> memref<1xf32, strided<[?], offset: 1>> {
  %c0 = arith.constant 0 : index
  %0 = memref.subview %m[1] [1] [%c0] : memref<10xf32> to memref<1xf32, strided<[?], offset: 1>>
  return %0 : memref<1xf32, strided<[?], offset: 1>>
}

// -----

// CHECK-LABEL: func.func @alloc_with_symbols
// CHECK:         %[[A:.*]] = memref.alloc()[%{{.*}}, %{{.*}}] : memref<1xi32, strided<[?], offset: ?>>
// CHECK-NEXT:    memref.cast %[[A]] : memref<1xi32, strided<[?], offset: ?>> to memref<?xi32, strided<[?], offset: ?>>
func.func @alloc_with_symbols() -> memref<?xi32, strided<[?], offset: ?>> {
  %c1 = arith.constant 1 : index
  %0 = memref.alloc(%c1)[%c1, %c1] : memref<?xi32, strided<[?], offset: ?>>
  return %0 : memref<?xi32, strided<[?], offset: ?>>
}

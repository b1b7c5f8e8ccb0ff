// --canonicalize folds a load from a constant memref.global: a global of
// one value whatever the indices, another's element at constant indices.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -canonicalize | FileCheck %s
// RUN: tessera-opt %s -lower-affine | FileCheck %s --check-prefix=LOWER

// --lower-affine folds them too, as MLIR's conversion driver folds ops
// before it lowers them.
// LOWER-LABEL: func.func @element
// LOWER:         arith.constant 6 : i32
// LOWER:         arith.constant 2 : i32
// LOWER-LABEL: func.func @kept
// LOWER-COUNT-2: memref.load

memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
memref.global "private" constant @twos : memref<4xi32> = dense<[2, 2, 2, 2]>
memref.global "private" constant @halves : memref<8xf64> = dense<0.5>
memref.global "private" @mutable : memref<2xi32> = dense<[7, 8]>

// CHECK-LABEL: func.func @element
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    return %[[C6]], %[[C2]] : i32, i32
func.func @element() -> (i32, i32) {
  %m = memref.get_global @table : memref<2x3xi32>
  %a = affine.load %m[1, 2] : memref<2x3xi32>
  %b = affine.load %m[0, 1] : memref<2x3xi32>
  return %a, %b : i32, i32
}

// All elements equal: folded at any index.
// CHECK-LABEL: func.func @splat
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[HALF:.*]] = arith.constant 5.000000e-01 : f64
// CHECK:         affine.for
// CHECK-NEXT:      affine.store %[[TWO]]
// CHECK-NEXT:      affine.store %[[HALF]]
func.func @splat(%o: memref<4xi32>, %p: memref<4xf64>) {
  %t = memref.get_global @twos : memref<4xi32>
  %h = memref.get_global @halves : memref<8xf64>
  affine.for %i = 0 to 4 {
    %v = affine.load %t[%i] : memref<4xi32>
    affine.store %v, %o[%i] : memref<4xi32>
    %w = affine.load %h[%i * 2] : memref<8xf64>
    affine.store %w, %p[%i] : memref<4xf64>
  }
  return
}

// Not a constant global, or indices not constant: the loads stay.
// CHECK-LABEL: func.func @kept
// CHECK:         affine.load %{{.*}}[0] : memref<2xi32>
// CHECK:         affine.load %{{.*}}[symbol(%arg0), 0] : memref<2x3xi32>
func.func @kept(%i: index) -> (i32, i32) {
  %m = memref.get_global @mutable : memref<2xi32>
  %a = affine.load %m[0] : memref<2xi32>
  %t = memref.get_global @table : memref<2x3xi32>
  %b = affine.load %t[%i, 0] : memref<2x3xi32>
  return %a, %b : i32, i32
}

// A tensor.extract of a constant tensor folds the same way.
// CHECK-LABEL: func.func @extract
// CHECK-DAG:     arith.constant 2.500000e+00 : f32
// CHECK-DAG:     arith.constant 7 : i32
// CHECK:         tensor.extract %{{.*}}[%arg0] : tensor<2xf32>
// LOWER-LABEL: func.func @extract
// LOWER:         arith.constant 2.500000e+00 : f32
// LOWER:         tensor.extract %{{.*}}[%arg0] : tensor<2xf32>
func.func @extract(%i: index) -> (f32, f32, i32) {
  %c1 = arith.constant 1 : index
  %t = arith.constant dense<[1.5, 2.5]> : tensor<2xf32>
  %a = tensor.extract %t[%c1] : tensor<2xf32>
  %b = tensor.extract %t[%i] : tensor<2xf32>
  %s = arith.constant dense<7> : tensor<3x3xi32>
  %c = tensor.extract %s[%i, %c1] : tensor<3x3xi32>
  return %a, %b, %c : f32, f32, i32
}

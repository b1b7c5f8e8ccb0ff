// The memref view ops, memref.alloca_scope and scf.execute_region: custom
// and generic forms as mlir-opt 19 prints them.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessera-opt %s -mlir-print-op-generic | tessera-opt | FileCheck %s

// CHECK-LABEL: func.func @v
// CHECK: %subview = memref.subview %arg0[2, 4] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: 36>>
// CHECK: %subview_0 = memref.subview %arg0[%arg1, 0] [2, %arg2] [1, 2] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 2], offset: ?>>
// CHECK: %expand_shape = memref.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [8, 4, 4] : memref<8x16xf32> into memref<8x4x4xf32>
// CHECK: %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<8x16xf32> into memref<128xf32>
// CHECK: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16, 8], strides: [8, 1] : memref<8x16xf32> to memref<16x8xf32>
// CHECK: %view = memref.view %alloc[%c0][] : memref<2048xi8> to memref<16x32xf32>
// CHECK: %reshape = memref.reshape %arg0(%alloc_1) : (memref<8x16xf32>, memref<1xindex>) -> memref<?xf32>
// CHECK: memref.alloca_scope  {
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: }
// CHECK: %0 = scf.execute_region -> i32 {
// GENERIC: "memref.subview"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 2>}>
// GENERIC: "memref.expand_shape"(%{{.*}}) <{reassociation = {{\[\[}}0], [1, 2]], static_output_shape = array<i64: 8, 4, 4>}>
// GENERIC: "memref.alloca_scope.return"() : () -> ()
func.func @v(%A: memref<8x16xf32>, %i: index, %n: index) {
  %s = memref.subview %A[2, 4] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: 36>>
  %d = memref.subview %A[%i, 0] [2, %n] [1, 2] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 2], offset: ?>>
  %e = memref.expand_shape %A [[0], [1, 2]] output_shape [8, 4, 4] : memref<8x16xf32> into memref<8x4x4xf32>
  %c = memref.collapse_shape %A [[0, 1]] : memref<8x16xf32> into memref<128xf32>
  %r = memref.reinterpret_cast %A to offset: [0], sizes: [16, 8], strides: [8, 1] : memref<8x16xf32> to memref<16x8xf32>
  %buf = memref.alloc() : memref<2048xi8>
  %c0 = arith.constant 0 : index
  %vw = memref.view %buf[%c0][] : memref<2048xi8> to memref<16x32xf32>
  %shape = memref.alloc() : memref<1xindex>
  %rs = memref.reshape %A(%shape) : (memref<8x16xf32>, memref<1xindex>) -> memref<?xf32>
  memref.alloca_scope {
    %t = memref.alloca() : memref<4xf32>
  }
  %x = scf.execute_region -> i32 {
    %one = arith.constant 1 : i32
    scf.yield %one : i32
  }
  return
}

// CHECK-LABEL: func.func @w
// CHECK: %0 = memref.alloca_scope  -> (f32) {
// CHECK: memref.alloca_scope.return %cst : f32
// CHECK: %1:2 = scf.execute_region -> (i32, i32) {
// CHECK: ^bb1(%2: i32):  // pred: ^bb0
// CHECK: %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
// CHECK: %subview = memref.subview %arg0[0, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1]>>
func.func @w(%A: memref<8x16xf32>, %i: index) -> (f32, i32) {
  %r = memref.alloca_scope -> (f32) {
    %t = memref.alloca() : memref<4xf32>
    %c = arith.constant 1.0 : f32
    memref.alloca_scope.return %c : f32
  }
  %x:2 = scf.execute_region -> (i32, i32) {
    %one = arith.constant 1 : i32
    cf.br ^bb1(%one : i32)
  ^bb1(%y: i32):
    scf.yield %y, %y : i32, i32
  }
  scf.execute_region {
    scf.yield
  }
  %tr = memref.transpose %A (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
  %e = memref.expand_shape %A [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  %rr = memref.subview %A[0, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1]>>
  return %r, %x#0 : f32, i32
}

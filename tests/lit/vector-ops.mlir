// The vector dialect's ops (seed `vector_transfer_*` in today's
// spelling): custom and generic forms, default properties elided.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessera-opt %s -mlir-print-op-generic | tessera-opt | FileCheck %s

// CHECK: #[[BCAST:.*]] = affine_map<(d0, d1) -> (0)>
// CHECK-LABEL: func.func @v
func.func @v(%A: memref<100x128xf32>, %i: index, %j: index, %x: f32, %n: index) -> f32 {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%i, %j], %pad : memref<100x128xf32>, vector<8xf32>
  %w = vector.transfer_read %A[%i, %j], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : memref<100x128xf32>, vector<8xf32>
  %m = vector.create_mask %n : vector<8xi1>
  %u = vector.transfer_read %A[%i, %j], %pad, %m : memref<100x128xf32>, vector<8xf32>
  vector.transfer_write %v, %A[%i, %j] : vector<8xf32>, memref<100x128xf32>
  vector.transfer_write %v, %A[%i, %j], %m {in_bounds = [false]} : vector<8xf32>, memref<100x128xf32>
  %b = vector.broadcast %x : f32 to vector<8xf32>
  %s = vector.splat %x : vector<8xf32>
  %r = vector.reduction <add>, %v : vector<8xf32> into f32
  %r2 = vector.reduction <maximumf>, %v, %x fastmath<nnan> : vector<8xf32> into f32
  %e = vector.extract %v[3] : f32 from vector<8xf32>
  %e2 = vector.extract %v[%n] : f32 from vector<8xf32>
  %ins = vector.insert %x, %v[2] : f32 into vector<8xf32>
  %l = vector.load %A[%i, %j] : memref<100x128xf32>, vector<8xf32>
  vector.store %l, %A[%i, %j] : memref<100x128xf32>, vector<8xf32>
  %f = vector.fma %v, %w, %u : vector<8xf32>
  %sel = arith.select %m, %v, %w : vector<8xi1>, vector<8xf32>
  %cm = vector.constant_mask [3] : vector<8xi1>
  return %r : f32
}
// CHECK: %[[R:.*]] = vector.transfer_read %arg0[%arg1, %arg2], %[[PAD:.*]] : memref<100x128xf32>, vector<8xf32>
// CHECK: vector.transfer_read %arg0[%arg1, %arg2], %[[PAD]] {in_bounds = [true], permutation_map = #[[BCAST]]} : memref<100x128xf32>, vector<8xf32>
// CHECK: %[[M:.*]] = vector.create_mask %arg4 : vector<8xi1>
// CHECK: vector.transfer_read %arg0[%arg1, %arg2], %[[PAD]], %[[M]] : memref<100x128xf32>, vector<8xf32>
// CHECK: vector.transfer_write %[[R]], %arg0[%arg1, %arg2] : vector<8xf32>, memref<100x128xf32>
// CHECK: vector.transfer_write %[[R]], %arg0[%arg1, %arg2], %[[M]] : vector<8xf32>, memref<100x128xf32>
// CHECK: vector.broadcast %arg3 : f32 to vector<8xf32>
// CHECK: vector.splat %arg3 : vector<8xf32>
// CHECK: vector.reduction <add>, %[[R]] : vector<8xf32> into f32
// CHECK: vector.reduction <maximumf>, %[[R]], %arg3 fastmath<nnan> : vector<8xf32> into f32
// CHECK: vector.extract %[[R]][3] : f32 from vector<8xf32>
// CHECK: vector.extract %[[R]][%arg4] : f32 from vector<8xf32>
// CHECK: vector.insert %arg3, %[[R]] [2] : f32 into vector<8xf32>
// CHECK: %[[L:.*]] = vector.load %arg0[%arg1, %arg2] : memref<100x128xf32>, vector<8xf32>
// CHECK: vector.store %[[L]], %arg0[%arg1, %arg2] : memref<100x128xf32>, vector<8xf32>
// CHECK: vector.fma %[[R]], %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: arith.select %[[M]], %[[R]], %{{.*}} : vector<8xi1>, vector<8xf32>
// CHECK: vector.constant_mask [3] : vector<8xi1>

// GENERIC: "vector.transfer_read"(%arg0, %arg1, %arg2, %0) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}>
// GENERIC: "vector.transfer_write"(%1, %arg0, %arg1, %arg2, %3) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 2, 1>, permutation_map = #map}>
// GENERIC: "vector.reduction"(%1) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<8xf32>) -> f32
// GENERIC: "vector.extract"(%1, %arg4) <{static_position = array<i64: -9223372036854775808>}> : (vector<8xf32>, index) -> f32
// GENERIC: "vector.constant_mask"() <{mask_dim_sizes = [3]}> : () -> vector<8xi1>

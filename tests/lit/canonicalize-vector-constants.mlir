// --canonicalize: arith ops on vector constants folded lane by lane (a
// splat stays a splat, a lane that does not fold — division by zero —
// leaves the op), and vector.extractelement / insertelement of constants.
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-DAG:     %[[S:.*]] = arith.constant dense<[11, 12, 13, 14]> : vector<4xi32>
// CHECK-DAG:     %[[M:.*]] = arith.constant dense<[3.000000e+00, 5.000000e+00, 7.000000e+00, 9.000000e+00]> : vector<4xf32>
// CHECK-DAG:     %[[K:.*]] = arith.constant dense<30> : vector<4xi32>
// CHECK-DAG:     %[[Q:.*]] = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-DAG:     %[[W:.*]] = arith.constant dense<[-56, 0]> : vector<2xi8>
// CHECK:         return %[[S]], %[[M]], %[[K]], %[[Q]], %[[W]]
func.func @f(%x: vector<4xi32>) -> (vector<4xi32>, vector<4xf32>, vector<4xi32>, vector<4xf32>, vector<2xi8>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<10> : vector<4xi32>
  %s = arith.addi %a, %b : vector<4xi32>
  %f = arith.constant dense<[1.5, 2.5, 3.5, 4.5]> : vector<4xf32>
  %g = arith.constant dense<2.0> : vector<4xf32>
  %m = arith.mulf %f, %g : vector<4xf32>
  %h = arith.constant dense<3> : vector<4xi32>
  %k = arith.muli %b, %h : vector<4xi32>
  %q = arith.divf %g, %g : vector<4xf32>
  %i8a = arith.constant dense<[100, -100]> : vector<2xi8>
  %i8b = arith.constant dense<[100, 100]> : vector<2xi8>
  %w = arith.addi %i8a, %i8b : vector<2xi8>
  return %s, %m, %k, %q, %w : vector<4xi32>, vector<4xf32>, vector<4xi32>, vector<4xf32>, vector<2xi8>
}

// CHECK-LABEL: func.func @g
// CHECK-DAG:     %[[Z:.*]] = arith.constant dense<[0, 1]> : vector<2xi32>
// CHECK-DAG:     %[[T:.*]] = arith.constant dense<[6, 2, 3]> : vector<3xi32>
// CHECK-DAG:     %[[E:.*]] = arith.constant 2 : i32
// CHECK:         %[[D:.*]] = arith.divsi %{{.*}}, %[[Z]] : vector<2xi32>
// CHECK:         return %[[D]], %[[T]], %[[E]], %arg0
func.func @g(%x: i32) -> (vector<2xi32>, vector<3xi32>, i32, i32) {
  %a = arith.constant dense<[4, 5]> : vector<2xi32>
  %z = arith.constant dense<[0, 1]> : vector<2xi32>
  %d = arith.divsi %a, %z : vector<2xi32>
  %v = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %c6 = arith.constant 6 : i32
  %c0 = arith.constant 0 : index
  %t = vector.insertelement %c6, %v[%c0 : index] : vector<3xi32>
  %c1 = arith.constant 1 : i8
  %e = vector.extractelement %v[%c1 : i8] : vector<3xi32>
  %b = vector.broadcast %x : i32 to vector<3xi32>
  %y = vector.extractelement %b[%c1 : i8] : vector<3xi32>
  return %d, %t, %e, %y : vector<2xi32>, vector<3xi32>, i32, i32
}

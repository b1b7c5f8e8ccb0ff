// --canonicalize and --lower-affine: math ops on vector constants fold
// lane by lane, as MLIR's constFoldUnaryOp / constFoldBinaryOp fold dense
// attributes (a splat stays a splat; one lane that does not fold — the
// square root of -4 — leaves the op); the folded floats print with
// APFloat's digits (exp(2) : f32 is 7.3890562).
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s
// RUN: tessera-opt %s -lower-affine | FileCheck %s --check-prefix=LOWER

// CHECK-LABEL: func.func @f
// CHECK-DAG:     %[[CS:.*]] = arith.constant dense<[-2.000000e+00, 2.000000e+00, -2.000000e+00, 2.000000e+00]> : vector<4xf32>
// CHECK-DAG:     %[[N:.*]] = arith.constant dense<[4.000000e+00, -4.000000e+00]> : vector<2xf32>
// CHECK-DAG:     %[[S:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-DAG:     %[[E:.*]] = arith.constant dense<7.3890562> : vector<4xf32>
// CHECK-DAG:     %[[T:.*]] = arith.constant dense<[0.46211715726000974, -0.46211715726000974]> : vector<2xf64>
// CHECK-DAG:     %[[Z:.*]] = arith.constant dense<[31, 30, 24, 32]> : vector<4xi32>
// CHECK-DAG:     %[[P:.*]] = arith.constant dense<[1.000000e+00, 1.600000e+01, 8.100000e+01, 2.560000e+02]> : vector<4xf32>
// CHECK:         %[[R:.*]] = math.sqrt %[[N]] : vector<2xf32>
// CHECK:         return %[[S]], %[[E]], %[[T]], %[[Z]], %[[P]], %[[R]], %[[CS]]
// LOWER-LABEL: func.func @f
// LOWER:         arith.constant dense<7.3890562> : vector<4xf32>
// LOWER:         arith.constant dense<[31, 30, 24, 32]> : vector<4xi32>
// LOWER:         math.sqrt %{{.*}} : vector<2xf32>
func.func @f() -> (vector<4xf32>, vector<4xf32>, vector<2xf64>, vector<4xi32>, vector<4xf32>, vector<2xf32>, vector<4xf32>) {
  %a = arith.constant dense<[1.0, 4.0, 9.0, 16.0]> : vector<4xf32>
  %s = math.sqrt %a : vector<4xf32>
  %b = arith.constant dense<2.0> : vector<4xf32>
  %e = math.exp %b : vector<4xf32>
  %c = arith.constant dense<[0.5, -0.5]> : vector<2xf64>
  %t = math.tanh %c : vector<2xf64>
  %i = arith.constant dense<[1, 2, 255, 0]> : vector<4xi32>
  %z = math.ctlz %i : vector<4xi32>
  %p = math.powf %a, %b : vector<4xf32>
  %n = arith.constant dense<[4.0, -4.0]> : vector<2xf32>
  %r = math.sqrt %n : vector<2xf32>
  %m = arith.constant dense<[-1.0, 1.0, -2.0, 2.0]> : vector<4xf32>
  %cs = math.copysign %b, %m : vector<4xf32>
  return %s, %e, %t, %z, %p, %r, %cs : vector<4xf32>, vector<4xf32>, vector<2xf64>, vector<4xi32>, vector<4xf32>, vector<2xf32>, vector<4xf32>
}

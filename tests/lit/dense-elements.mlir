// Dense elements attributes as mlir-opt 19 reads and prints them: nested
// lists by the type's shape, float and bool elements, splats (a list of
// equal elements prints as one), `dense<>`, hexadecimal float bits, and
// vector and tensor constants of `arith.constant`.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func @shapes
// CHECK: arith.constant dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// CHECK: arith.constant dense<{{\[\[\[}}1], [2]], {{\[\[}}3], [4]]]> : tensor<2x2x1xi64>
// CHECK: arith.constant dense<7> : vector<4xi32>
// CHECK: arith.constant dense<-1> : vector<2xi8>
// CHECK: arith.constant dense<> : tensor<0xi32>
// CHECK: arith.constant dense<5> : tensor<i16>
// GENERIC: "arith.constant"() <{value = dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
func.func @shapes() -> (tensor<2x3xi32>, tensor<2x2x1xi64>, vector<4xi32>, vector<2xi8>, tensor<0xi32>, tensor<i16>) {
  %a = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = arith.constant dense<[[[1], [2]], [[3], [4]]]> : tensor<2x2x1xi64>
  %c = arith.constant dense<[7, 7, 7, 7]> : vector<4xi32>
  %d = arith.constant dense<[255, -1]> : vector<2xi8>
  %e = arith.constant dense<> : tensor<0xi32>
  %f = arith.constant dense<5> : tensor<i16>
  return %a, %b, %c, %d, %e, %f : tensor<2x3xi32>, tensor<2x2x1xi64>, vector<4xi32>, vector<2xi8>, tensor<0xi32>, tensor<i16>
}

// CHECK-LABEL: func @floats
// CHECK: %[[X:.*]] = arith.constant dense<[1.000000e+00, 2.500000e+00]> : vector<2xf32>
// CHECK: arith.constant dense<{{\[}}[0x7FF8000000000000, -0.000000e+00], [1.000000e-01, 3.000000e+00]]> : tensor<2x2xf64>
// CHECK: arith.constant dense<1.500000e+00> : vector<8xf64>
// CHECK: arith.constant dense<1.000000e-01> : tensor<f32>
func.func @floats() -> (vector<2xf32>, tensor<2x2xf64>, vector<8xf64>, tensor<f32>) {
  %a = arith.constant dense<[1.0, 2.5]> : vector<2xf32>
  %b = arith.constant dense<[[0x7FF8000000000000, -0.0], [0.1, 3.0]]> : tensor<2x2xf64>
  %c = arith.constant dense<1.5> : vector<8xf64>
  %d = arith.constant dense<0x3DCCCCCD> : tensor<f32>
  return %a, %b, %c, %d : vector<2xf32>, tensor<2x2xf64>, vector<8xf64>, tensor<f32>
}

// CHECK-LABEL: func @bools
// CHECK: arith.constant dense<[true, false]> : vector<2xi1>
// CHECK: arith.constant dense<true> : vector<3xi1>
func.func @bools() -> (vector<2xi1>, vector<3xi1>) {
  %a = arith.constant dense<[true, false]> : vector<2xi1>
  %b = arith.constant dense<[1, 1, 1]> : vector<3xi1>
  return %a, %b : vector<2xi1>, vector<3xi1>
}

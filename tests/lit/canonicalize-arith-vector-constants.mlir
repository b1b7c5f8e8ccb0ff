// --canonicalize: arith casts, cmpi and select on vector constants fold
// lane by lane, as MLIR 19's constFoldCastOp / constFoldBinaryOp and
// SelectOp::fold do (a splat condition picks an operand; a constant
// condition picks lanes of two constants; cmpi of one value with itself
// is a splat; a constant on the left moves right); where a lane does not
// fold (a float out of i32's range, 0.1 to f32) the op stays. The output
// is mlir-opt 19's byte for byte (4.2949673E+9 included).
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @casts(
// CHECK-NEXT:    %cst = arith.constant dense<[1.500000e+00, -2.750000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf64>
// CHECK-NEXT:    %cst_0 = arith.constant dense<[1, -2, 3, 4]> : vector<4xi32>
// CHECK-NEXT:    %cst_1 = arith.constant dense<[1.500000e+00, -2.750000e+00, 3.000000e+00, 4.000000e+09]> : vector<4xf32>
// CHECK-NEXT:    %cst_2 = arith.constant dense<[1.000000e+00, 1.000000e-01]> : vector<2xf64>
// CHECK-NEXT:    %cst_3 = arith.constant dense<[-1, 2, 300, -129]> : vector<4xi64>
// CHECK-NEXT:    %cst_4 = arith.constant dense<[4294967295, 2, 300, 4294967167]> : vector<4xi64>
// CHECK-NEXT:    %cst_5 = arith.constant dense<[-1, 2, 44, 127]> : vector<4xi8>
// CHECK-NEXT:    %cst_6 = arith.constant dense<[4.2949673E+9, 2.000000e+00, 3.000000e+02, 4.29496704E+9]> : vector<4xf32>
// CHECK-NEXT:    %cst_7 = arith.constant dense<[-1.000000e+00, 2.000000e+00, 3.000000e+02, -1.290000e+02]> : vector<4xf64>
// CHECK-NEXT:    %0 = arith.fptosi %cst_1 : vector<4xf32> to vector<4xi32>
// CHECK-NEXT:    %1 = arith.truncf %cst_2 : vector<2xf64> to vector<2xf32>
// CHECK-NEXT:    return %cst_3, %cst_4, %cst_5, %cst_6, %cst_7, %0, %cst_0, %cst, %1 : vector<4xi64>, vector<4xi64>, vector<4xi8>, vector<4xf32>, vector<4xf64>, vector<4xi32>, vector<4xi32>, vector<4xf64>, vector<2xf32>
// CHECK-LABEL: func.func @compare(
// CHECK-NEXT:    %cst = arith.constant dense<[false, true]> : vector<2xi1>
// CHECK-NEXT:    %cst_0 = arith.constant dense<3> : vector<4xi32>
// CHECK-NEXT:    %cst_1 = arith.constant dense<[true, true, false, false]> : vector<4xi1>
// CHECK-NEXT:    %cst_2 = arith.constant dense<[false, true, false, false]> : vector<4xi1>
// CHECK-NEXT:    %cst_3 = arith.constant dense<true> : vector<4xi1>
// CHECK-NEXT:    %0 = arith.cmpi sgt, %arg0, %cst_0 : vector<4xi32>
// CHECK-NEXT:    return %cst_1, %cst_2, %cst_3, %0, %cst : vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<2xi1>
// CHECK-LABEL: func.func @select(
// CHECK-NEXT:    %cst = arith.constant dense<[true, false, false, true]> : vector<4xi1>
// CHECK-NEXT:    %cst_0 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT:    %cst_1 = arith.constant dense<[1, 9, 9, 4]> : vector<4xi32>
// CHECK-NEXT:    %cst_2 = arith.constant dense<[1.500000e+00, 0.000000e+00, 0.000000e+00, 4.500000e+00]> : vector<4xf32>
// CHECK-NEXT:    %0 = arith.select %cst, %cst_0, %arg0 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT:    return %arg0, %arg1, %cst_1, %cst_2, %0 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xf32>, vector<4xi32>

func.func @casts() -> (vector<4xi64>, vector<4xi64>, vector<4xi8>, vector<4xf32>, vector<4xf64>, vector<4xi32>, vector<4xi32>, vector<4xf64>, vector<2xf32>) {
  %a = arith.constant dense<[-1, 2, 300, -129]> : vector<4xi32>
  %x = arith.constant dense<[1.5, -2.75, 3.0, 4.0e9]> : vector<4xf32>
  %y = arith.constant dense<[1.5, -2.75, 3.0, 4.0]> : vector<4xf32>
  %d = arith.constant dense<[1.0, 0.1]> : vector<2xf64>
  %0 = arith.extsi %a : vector<4xi32> to vector<4xi64>
  %1 = arith.extui %a : vector<4xi32> to vector<4xi64>
  %2 = arith.trunci %a : vector<4xi32> to vector<4xi8>
  %3 = arith.uitofp %a : vector<4xi32> to vector<4xf32>
  %4 = arith.sitofp %a : vector<4xi32> to vector<4xf64>
  // 4.0e9 does not fit in i32: no fold.
  %5 = arith.fptosi %x : vector<4xf32> to vector<4xi32>
  %6 = arith.fptosi %y : vector<4xf32> to vector<4xi32>
  %7 = arith.extf %y : vector<4xf32> to vector<4xf64>
  // 0.1 is not exact in f32: no fold.
  %8 = arith.truncf %d : vector<2xf64> to vector<2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : vector<4xi64>, vector<4xi64>, vector<4xi8>, vector<4xf32>, vector<4xf64>, vector<4xi32>, vector<4xi32>, vector<4xf64>, vector<2xf32>
}

func.func @compare(%v: vector<4xi32>) -> (vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<2xi1>) {
  %a = arith.constant dense<[-1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<3> : vector<4xi32>
  %i = arith.constant dense<[7, -7]> : vector<2xindex>
  %j = arith.constant dense<[-7, 7]> : vector<2xindex>
  %0 = arith.cmpi slt, %a, %b : vector<4xi32>
  %1 = arith.cmpi ult, %a, %b : vector<4xi32>
  %2 = arith.cmpi sge, %v, %v : vector<4xi32>
  // The constant moves to the right.
  %3 = arith.cmpi slt, %b, %v : vector<4xi32>
  %4 = arith.cmpi ugt, %i, %j : vector<2xindex>
  return %0, %1, %2, %3, %4 : vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<2xi1>
}

func.func @select(%v: vector<4xi32>, %w: vector<4xi32>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xf32>, vector<4xi32>) {
  %t = arith.constant dense<true> : vector<4xi1>
  %f = arith.constant dense<false> : vector<4xi1>
  %m = arith.constant dense<[true, false, false, true]> : vector<4xi1>
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<9> : vector<4xi32>
  %x = arith.constant dense<[1.5, 2.5, 3.5, 4.5]> : vector<4xf32>
  %y = arith.constant dense<0.0> : vector<4xf32>
  %0 = arith.select %t, %v, %w : vector<4xi1>, vector<4xi32>
  %1 = arith.select %f, %v, %w : vector<4xi1>, vector<4xi32>
  %2 = arith.select %m, %a, %b : vector<4xi1>, vector<4xi32>
  %3 = arith.select %m, %x, %y : vector<4xi1>, vector<4xf32>
  // An operand that is not constant: no fold.
  %4 = arith.select %m, %a, %v : vector<4xi1>, vector<4xi32>
  return %0, %1, %2, %3, %4 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xf32>, vector<4xi32>
}

// MLIR-OPT-WRONG
// --canonicalize on comparisons of converted integers where mlir-opt 19
// fails: CmpFIntToFPConst has no integer predicate for `false` and `true`
// and reaches an llvm_unreachable (mlir-opt 19 crashes with a segmentation
// fault on this file). tessera leaves those comparisons alone, and still
// rewrites the others.
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @always
// CHECK-DAG:     %[[F:.*]] = arith.uitofp %arg0 : i8 to f16
// CHECK-DAG:     %[[C:.*]] = arith.constant 3.000000e+00 : f16
// CHECK:         %[[T:.*]] = arith.cmpf true, %[[F]], %[[C]] : f16
// CHECK:         %[[N:.*]] = arith.cmpf false, %[[F]], %[[C]] : f16
// CHECK:         %[[E:.*]] = arith.cmpi eq, %arg0, %{{.*}} : i8
// CHECK:         return %[[T]], %[[N]], %[[E]]
func.func @always(%k: i8) -> (i1, i1, i1) {
  %h = arith.uitofp %k : i8 to f16
  %c = arith.constant 3.0 : f16
  %t = arith.cmpf true, %h, %c : f16
  %n = arith.cmpf false, %h, %c : f16
  %e = arith.cmpf oeq, %h, %c : f16
  return %t, %n, %e : i1, i1, i1
}

// --canonicalize simplifies a remainder of a value minus its own
// remainder by the same divisor, (x - x mod s) mod s, to 0 (MLIR's
// isModOfModSubtraction), for a symbolic divisor.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @mod_of_mod
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[K:.*]] = affine.apply #{{.*}}()[%arg0, %arg1, %arg2]
// CHECK-NEXT:    return %[[C0]], %[[C0]], %[[K]] : index, index, index
func.func @mod_of_mod(%a: index, %s: index, %b: index) -> (index, index, index) {
  %0 = affine.apply affine_map<()[s0, s1] -> ((s0 - s0 mod s1) mod s1)>()[%a, %s]
  %1 = affine.apply affine_map<()[s0, s1, s2] -> ((s0 + s2 - (s2 + s0) mod s1) mod s1)>()[%a, %s, %b]
  // A remainder by another divisor: kept.
  %2 = affine.apply affine_map<()[s0, s1, s2] -> ((s0 - s0 mod s2) mod s1)>()[%a, %s, %b]
  return %0, %1, %2 : index, index, index
}

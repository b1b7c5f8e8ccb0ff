// maxnumf and minnumf with a NaN operand give the other operand (IEEE
// maxNum/minNum, what LLVM's lowering computes). mlir-opt 19's folder
// turns a constant maxnumf with a NaN into NaN, so its --canonicalize
// changes what this function returns; tessera's keeps it.
// MLIR-OPT-WRONG (the canonicalizer tests do not compare this file)

// RUN: tessera-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @f() -> (f32, f32, f32) {
// CHECK-NEXT:    %[[M:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-NEXT:    return %[[M]], %[[M]], %[[M]] : f32, f32, f32
func.func @f() -> (f32, f32, f32) {
  %g = arith.constant -2.0 : f32
  %zero = arith.constant 0.0 : f32
  %nan = arith.divf %zero, %zero : f32
  %0 = arith.maxnumf %nan, %g : f32
  %1 = arith.maxnumf %g, %nan : f32
  %2 = arith.minnumf %nan, %g : f32
  return %0, %1, %2 : f32, f32, f32
}

// CHECK-LABEL: func.func @neutral(%arg0: f32) -> (f32, f32) {
// CHECK-NEXT:    return %arg0, %arg0 : f32, f32
func.func @neutral(%x: f32) -> (f32, f32) {
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %0 = arith.maxnumf %x, %ninf : f32
  %1 = arith.minnumf %pinf, %x : f32
  return %0, %1 : f32, f32
}

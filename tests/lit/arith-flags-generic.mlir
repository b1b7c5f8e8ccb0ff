// The arith dialect's flag attributes in the generic form: checked and
// normalised as in the custom form (found by soaking: `#arith.fastmath<one>`
// was accepted and printed in a custom form that did not parse back).
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s

// CHECK-LABEL: func @order
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<nnan,contract> : f32
// CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
func.func @order(%x: f32, %i: i32) -> (f32, i32) {
  %0 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<contract,nnan>}> : (f32, f32) -> f32
  %1 = "arith.addi"(%i, %i) <{overflowFlags = #arith.overflow<nuw, nsw>}> : (i32, i32) -> i32
  return %0, %1 : f32, i32
}

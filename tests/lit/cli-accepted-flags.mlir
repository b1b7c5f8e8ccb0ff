// mlir-opt's printing and threading flags are accepted (single or double
// dash, with or without a boolean value), and --verify-each is on by
// default.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -mlir-disable-threading -mlir-print-local-scope --verify-each | FileCheck %s
// RUN: tessera-opt %s --mlir-disable-threading=true -verify-each=false -mlir-print-local-scope=0 | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessera-opt %s -mlir-print-op-generic -split-input-file | tessera-opt | FileCheck %s
// RUN: tessera-opt %s -pass-pipeline='builtin.module(func.func(affine-loop-tile{tile-size=2}))' \
// RUN:   | FileCheck %s --check-prefix=TILE
// RUN: tessera-opt %s -pass-pipeline='builtin.module(any(affine-loop-tile{tile-size=2}))' \
// RUN:   | FileCheck %s --check-prefix=TILE
// RUN: tessera-opt %s --pass-pipeline 'builtin.module(func.func(affine-loop-tile{tile-size=2}))' \
// RUN:   | FileCheck %s --check-prefix=TILE

// CHECK: module {
// CHECK-NEXT: func.func @f(%arg0: memref<8xi32>) {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: affine.for %arg1 = 0 to 8 {

// GENERIC: #map1 = affine_map<() -> (0)>
// GENERIC-NEXT: #map2 = affine_map<() -> (8)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (memref<8xi32>) -> (), sym_name = "f"}> ({
// GENERIC-NEXT: ^bb0(%arg0: memref<8xi32>):
// GENERIC-NEXT: %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// GENERIC-NEXT: "affine.for"() <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map2}> ({

// TILE: affine.for %arg1 = 0 to 8 step 2 {

func.func @f(%A: memref<8xi32>) {
  %c = arith.constant 1 : i32
  affine.for %i = 0 to 8 {
    affine.store %c, %A[%i] : memref<8xi32>
  }
  return
}

// Pass flags take their options only after '=', the input file stands
// anywhere, '-' and no file read standard input, -o writes a file, and a
// pass given twice runs twice, in command-line order.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -affine-loop-tile=tile-size=4 | FileCheck %s --check-prefix=TILE
// RUN: tessera-opt -affine-loop-tile=tile-size=4 %s | FileCheck %s --check-prefix=TILE
// RUN: tessera-opt --affine-loop-tile="tile-size=4" - < %s | FileCheck %s --check-prefix=TILE
// RUN: cat %s | tessera-opt --affine-loop-tile=tile-size=4 | FileCheck %s --check-prefix=TILE
// RUN: tessera-opt %s -o %t --affine-loop-tile=tile-size=4 && FileCheck %s --check-prefix=TILE < %t
// RUN: tessera-opt %s -o=%t -affine-loop-tile=tile-size=4 && FileCheck %s --check-prefix=TILE < %t
// RUN: tessera-opt -affine-loop-normalize %s -affine-loop-invariant-code-motion | FileCheck %s --check-prefix=NONE
// RUN: tessera-opt -- %s | FileCheck %s --check-prefix=NONE
// RUN: tessera-opt -affine-loop-unroll=unroll-factor=2 %s --affine-loop-unroll=unroll-factor=2 \
// RUN:   | FileCheck %s --check-prefix=TWICE

// TILE: #map = affine_map<(d0) -> (d0)>
// TILE: #map1 = affine_map<(d0) -> (d0 + 4)>
// TILE-LABEL: func.func @copy
// TILE: affine.for %arg2 = 0 to 16 step 4 {
// TILE-NEXT: affine.for %arg3 = 0 to 16 step 4 {
// TILE-NEXT: affine.for %arg4 = #map(%arg2) to #map1(%arg2) {
// TILE-NEXT: affine.for %arg5 = #map(%arg3) to #map1(%arg3) {
// TILE-LABEL: func.func @scale
// TILE: affine.for %arg1 = 0 to 16 step 4 {
// TILE-NEXT: affine.for %arg2 = #map(%arg1) to #map1(%arg1) {

// NONE-LABEL: func.func @copy
// NONE: affine.for %arg2 = 0 to 16 {
// NONE-NEXT: affine.for %arg3 = 0 to 16 {

// Unrolled by 2, then by 2 again: four copies, step 4.
// TWICE-LABEL: func.func @scale
// TWICE: affine.for %arg1 = 0 to 16 step 4 {
// TWICE-COUNT-4: arith.mulf
// TWICE-NOT: arith.mulf
// TWICE: return

func.func @copy(%A: memref<16x16xf32>, %B: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<16x16xf32>
      affine.store %v, %B[%i, %j] : memref<16x16xf32>
    }
  }
  return
}

func.func @scale(%A: memref<16xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xf32>
    %w = arith.mulf %v, %c : f32
    affine.store %w, %A[%i] : memref<16xf32>
  }
  return
}

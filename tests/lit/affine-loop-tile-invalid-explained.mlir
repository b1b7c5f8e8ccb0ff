// tessera's dependence check is exact, so it refuses bands mlir-opt 19
// tiles (mlir-opt flags a dependence only when its distance on a band loop
// ranges over negative values, and misses a constant negative distance):
// these get mlir-opt's remark too, and, outside -verify-diagnostics,
// after the op, tessera's explanation as a note — the dependence and a
// pair of iterations it would reverse. Under -verify-diagnostics the
// notes are left out, as mlir-opt leaves out its own, so MLIR's own test
// files pass unchanged.

// RUN: tessera-opt %s -split-input-file -affine-loop-tile=tile-size=8 -verify-diagnostics | FileCheck %s
// RUN: tessera-opt %s -split-input-file -affine-loop-tile=tile-size=8 -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTE

// A[i][j] = A[i-1][j+1]: the distance (1, -1). mlir-opt 19 tiles this,
// and the tiled nest reads elements before they are written.
// CHECK-LABEL: func.func @anti_diagonal
// CHECK:         affine.for %{{.*}} = 1 to 32 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 31 {
// NOTE: remark: tiling nest is invalid due to dependences
// NOTE: note: see current operation:
// NOTE: note: affine-loop-tile: band not tiled: the band is not fully permutable: the dependence from access 1 to access 0 has a negative distance on a band loop and would be reversed (iterations [1, 1] -> [2, 0])
func.func @anti_diagonal(%A: memref<32x32xf32>) {
  affine.for %i = 1 to 32 {
    // expected-remark@above {{tiling nest is invalid due to dependences}}
    affine.for %j = 0 to 31 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<32x32xf32>
      affine.store %v, %A[%i, %j] : memref<32x32xf32>
    }
  }
  return
}

// -----

// The dependences are checked before the bounds, as in mlir-opt: a
// triangular band with a reversed dependence gets the remark.
// NOTE: remark: tiling nest is invalid due to dependences
// NOTE: note: affine-loop-tile: band not tiled: the band is not fully permutable
func.func @triangular(%A: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    // expected-remark@above {{tiling nest is invalid due to dependences}}
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 64 {
      %0 = affine.load %A[%j, %i] : memref<64x64xf32>
      %1 = affine.load %A[%i, %j - 1] : memref<64x64xf32>
      %2 = arith.addf %0, %1 : f32
      affine.store %2, %A[%j - %i, %j] : memref<64x64xf32>
    }
  }
  return
}

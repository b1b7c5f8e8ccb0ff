// Flags whose output differs from mlir-opt's: tessera's default tile size
// and pass remarks under --verbose (checked by -verify-diagnostics).

// RUN: tessera-opt --affine-loop-tile %s | FileCheck %s --check-prefix=DEFAULT
// RUN: tessera-opt %s -affine-loop-tile="tile-sizes=4,2 separate" | FileCheck %s --check-prefix=SIZES
// RUN: tessera-opt %s -affine-parallelize --verbose -verify-diagnostics -o /dev/null
// RUN: not tessera-opt %s -affine-parallelize -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=QUIET

// The pass flag before the file does not take it as its options.
// DEFAULT: func.func @copy(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) {
// SIZES: affine.for %arg2 = 0 to 64 step 4 {
// SIZES-NEXT: affine.for %arg3 = 0 to 64 step 2 {

// Without --verbose, the pass says nothing.
// QUIET: error: expected remark "loop parallelized" was not produced
// QUIET: error: expected remark "loop parallelized" was not produced

func.func @copy(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    // expected-remark @above {{loop parallelized}}
    affine.for %j = 0 to 64 {
      // expected-remark @above {{loop parallelized}}
      %v = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %v, %B[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

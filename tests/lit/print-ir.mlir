// -mlir-print-ir-before/after[-all]: the IR on standard error around each
// pass, as mlir-opt 19 writes it: a function pass once per function (its
// consecutive function passes as one pipeline per function, the function
// in local scope), a module pass on the module; -after-change only when
// the pass changed it; -module-scope the whole module each time, as it is
// at that point of the nested pipeline (it needs -mlir-disable-threading).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -mlir-disable-threading -affine-loop-tile=tile-size=8 -cse -affine-loop-unroll \
// RUN:   -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: tessera-opt %s -mlir-disable-threading -affine-loop-tile=tile-size=8 -affine-loop-unroll \
// RUN:   -mlir-print-ir-before-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: tessera-opt %s -mlir-disable-threading -affine-loop-tile=tile-size=8 -cse \
// RUN:   -mlir-print-ir-after-all -mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: tessera-opt %s -mlir-disable-threading -affine-loop-tile=tile-size=8 -cse \
// RUN:   -mlir-print-ir-after=cse -mlir-print-ir-before=affine-loop-tile,cse -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NAMED
// RUN: tessera-opt %s -mlir-disable-threading -affine-loop-tile=tile-size=8 -affine-loop-unroll \
// RUN:   -mlir-print-ir-after-all -mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: not tessera-opt %s -affine-loop-tile -mlir-print-ir-after-all -mlir-print-ir-module-scope 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THREADS
// RUN: not tessera-opt %s -affine-loop-tile -mlir-print-ir-after=no-such-pass 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN

// AFTER: // -----// IR Dump After AffineLoopTiling (affine-loop-tile) //----- //
// AFTER-NEXT: func.func private @ext(i32) -> i32
// AFTER-EMPTY:
// AFTER-NEXT: // -----// IR Dump After AffineLoopTiling (affine-loop-tile) //----- //
// AFTER-NEXT: func.func @f(%arg0: memref<64xf32>) {
// AFTER-NEXT: affine.for %arg1 = 0 to 64 step 8 {
// AFTER-NEXT: affine.for %arg2 = affine_map<(d0) -> (d0)>(%arg1) to affine_map<(d0) -> (d0 + 8)>(%arg1) {
// AFTER: // -----// IR Dump After AffineLoopTiling (affine-loop-tile) //----- //
// AFTER-NEXT: func.func @g() {
// AFTER: // -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: #map = affine_map<(d0) -> (d0)>
// AFTER-NEXT: #map1 = affine_map<(d0) -> (d0 + 8)>
// AFTER-NEXT: module {
// AFTER: // -----// IR Dump After AffineLoopUnroll (affine-loop-unroll) //----- //
// AFTER-NEXT: func.func private @ext(i32) -> i32
// AFTER: // -----// IR Dump After AffineLoopUnroll (affine-loop-unroll) //----- //
// AFTER-NEXT: func.func @f(%arg0: memref<64xf32>) {
// AFTER: // -----// IR Dump After AffineLoopUnroll (affine-loop-unroll) //----- //
// AFTER-NEXT: func.func @g() {

// The tiling pipeline and the unrolling one run one function after the other.
// BEFORE: IR Dump Before AffineLoopTiling (affine-loop-tile)
// BEFORE-NEXT: func.func private @ext
// BEFORE: IR Dump Before AffineLoopUnroll (affine-loop-unroll)
// BEFORE-NEXT: func.func private @ext
// BEFORE: IR Dump Before AffineLoopTiling (affine-loop-tile)
// BEFORE-NEXT: func.func @f(
// BEFORE-NEXT: affine.for %arg1 = 0 to 64 {
// BEFORE: IR Dump Before AffineLoopUnroll (affine-loop-unroll)
// BEFORE-NEXT: func.func @f(
// BEFORE-NEXT: affine.for %arg1 = 0 to 64 step 8 {
// BEFORE: IR Dump Before AffineLoopTiling (affine-loop-tile)
// BEFORE-NEXT: func.func @g(
// BEFORE: IR Dump Before AffineLoopUnroll (affine-loop-unroll)
// BEFORE-NEXT: func.func @g(

// Only @f changes.
// CHANGE-COUNT-1: IR Dump After
// CHANGE-NOT: IR Dump After
// CHANGE: @f

// NAMED: IR Dump Before AffineLoopTiling
// NAMED: IR Dump Before AffineLoopTiling
// NAMED: IR Dump Before AffineLoopTiling
// NAMED: IR Dump Before CSE (cse)
// NAMED: IR Dump After CSE (cse)
// NAMED-NOT: IR Dump

// SCOPE: // -----// IR Dump After AffineLoopTiling (affine-loop-tile) ('func.func' operation: @ext) //----- //
// SCOPE-NEXT: module {
// SCOPE: affine.for %arg1 = 0 to 64 {
// SCOPE: // -----// IR Dump After AffineLoopUnroll (affine-loop-unroll) ('func.func' operation: @ext) //----- //
// SCOPE-NEXT: module {
// SCOPE: // -----// IR Dump After AffineLoopTiling (affine-loop-tile) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: #map = affine_map<(d0) -> (d0)>
// SCOPE: affine.for %arg1 = 0 to 64 step 8 {
// SCOPE: // -----// IR Dump After AffineLoopUnroll (affine-loop-unroll) ('func.func' operation: @g) //----- //

// THREADS: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.

// UNKNOWN: for the --mlir-print-ir-after option: Cannot find option named 'no-such-pass'!

func.func private @ext(i32) -> i32
func.func @f(%A: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %A[%i] : memref<64xf32>
  }
  return
}
func.func @g() {
  return
}

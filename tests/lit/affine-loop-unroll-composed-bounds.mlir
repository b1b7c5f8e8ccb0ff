// A loop whose bounds are affine.apply results has the trip count of the
// bounds composed with those applies, as MLIR's getConstantTripCount
// computes it: here 4, so the loop unrolls fully, and by 3 it gets a
// cleanup iteration whose lower bound is expressed over the composed
// operands (4 * i + 3), as MLIR's getCleanupLoopLowerBound builds it.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -affine-loop-unroll=unroll-full | FileCheck %s --check-prefix=FULL
// RUN: tessera-opt %s -affine-loop-unroll=unroll-factor=3 | FileCheck %s --check-prefix=THREE

// FULL-LABEL: func.func @shift
// FULL:         affine.for %{{.*}} = 0 to 3 {
// FULL-NOT:     affine.for
// FULL-COUNT-4: affine.store
// FULL:         return

// THREE-DAG:    #[[CLEANUP:.*]] = affine_map<(d0) -> (d0 * 4 + 3)>
// THREE-LABEL:  func.func @shift
// THREE:        affine.for %[[I:.*]] = 0 to 3 {
// THREE-NOT:    affine.for
// THREE:        affine.apply #[[CLEANUP]](%[[I]])
// THREE:        return
func.func @shift(%A: memref<13xf32>) {
  affine.for %i = 0 to 3 {
    %lb = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %ub = affine.apply affine_map<(d0) -> (d0 * 4 + 4)>(%i)
    affine.for %j = affine_map<(d0) -> (d0)>(%lb) to affine_map<(d0) -> (d0)>(%ub) {
      %v = affine.load %A[%j] : memref<13xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%j + 1] : memref<13xf32>
    }
  }
  return
}

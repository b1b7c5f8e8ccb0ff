// --test-affine-loop-unswitch where mlir-opt 19 is wrong: it hoists an
// affine.if out of the affine.parallel defining its operand (its check of
// the parallel's induction variables never stops the walk up), and its
// output does not verify. tessera hoists it above the inner loop only.

// RUN: tessera-opt %s --test-affine-loop-unswitch -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @in_parallel
// CHECK-NEXT:    affine.parallel (%[[I:.*]]) = (0) to (100) {
// CHECK-NEXT:      affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT:        affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT:          "test.use"(%[[I]], %[[J]])
func.func @in_parallel(%n: index) {
  affine.parallel (%i) = (0) to (100) {
    affine.for %j = 0 to 10 {
      affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%i) {
        "test.use"(%i, %j) : (index, index) -> ()
      }
    }
  }
  return
}

// --affine-loop-coalescing: perfectly nested loops from 0 with step 1 whose
// bounds are known before the band become one loop over the product of
// their trip counts; floordiv/mod applies recover the induction variables.
// MLIR-OPT-TOO

// RUN: tessera-opt %s --affine-loop-coalescing -split-input-file -allow-unregistered-dialect | FileCheck %s

// Three constant loops: the bounds, then their running product, before
// the loop; the induction variables from the innermost out.
// CHECK-DAG:   #[[MUL:.*]] = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-DAG:   #[[MOD:.*]] = affine_map<(d0)[s0] -> (d0 mod s0)>
// CHECK-DAG:   #[[DIV:.*]] = affine_map<(d0)[s0] -> (d0 floordiv s0)>
// CHECK-LABEL: func.func @three
// CHECK:         %[[UI:.*]] = affine.apply #{{.*}}()
// CHECK-NEXT:    %[[UJ:.*]] = affine.apply #{{.*}}()
// CHECK-NEXT:    %[[P1:.*]] = affine.apply #[[MUL]](%[[UI]])[%[[UJ]]]
// CHECK-NEXT:    %[[UK:.*]] = affine.apply #{{.*}}()
// CHECK-NEXT:    %[[P2:.*]] = affine.apply #[[MUL]](%[[P1]])[%[[UK]]]
// CHECK-NEXT:    affine.for %[[IV:.*]] = 0 to %[[P2]] {
// CHECK-NEXT:      %[[K:.*]] = affine.apply #[[MOD]](%[[IV]])[%[[UK]]]
// CHECK-NEXT:      %[[Q:.*]] = affine.apply #[[DIV]](%[[IV]])[%[[UK]]]
// CHECK-NEXT:      %[[J:.*]] = affine.apply #[[MOD]](%[[Q]])[%[[UJ]]]
// CHECK-NEXT:      %[[I:.*]] = affine.apply #[[DIV]](%[[Q]])[%[[UJ]]]
// CHECK-NEXT:      "test.use"(%[[I]], %[[J]], %[[K]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @three() {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 3 {
        "test.use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  return
}

// -----

// Symbolic bounds, and a min upper bound through affine.min.
// CHECK-LABEL: func.func @symbolic
// CHECK:         %[[N:.*]] = affine.apply #{{.*}}()[%arg0]
// CHECK-NEXT:    %[[M:.*]] = affine.min #{{.*}}()[%arg1]
// CHECK-NEXT:    %[[P:.*]] = affine.apply #{{.*}}(%[[N]])[%[[M]]]
// CHECK-NEXT:    affine.for %{{.*}} = 0 to %[[P]] {
// CHECK-NOT:     affine.for
func.func @symbolic(%n: index, %m: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to min affine_map<()[s0] -> (s0, 20)>()[%m] {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// A loop not from 0 or not of step 1 stops the band: the loops below it
// are coalesced inside it; with a non-normalized innermost loop nothing is.
// CHECK-LABEL: func.func @not_normalized
// CHECK:         affine.for %[[I:.*]] = 1 to 10 {
// CHECK:           affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NOT:       affine.for
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 step 2 {
func.func @not_normalized() {
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        "test.use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 step 2 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// A bound depending on the loop above it cuts the nest into bands: the
// outer two loops are coalesced, the triangular one stays inside.
// CHECK-LABEL: func.func @triangular_inner
// CHECK:         affine.for %[[IV:.*]] = 0 to %{{.*}} {
// CHECK:           %[[J:.*]] = affine.apply #{{.*}}(%[[IV]])
// CHECK:           affine.for %{{.*}} = 0 to #{{.*}}(%[[J]]) {
func.func @triangular_inner() {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%j) {
        "test.use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  return
}

// -----

// Imperfect nests and single loops are left alone.
// CHECK-LABEL: func.func @imperfect
// CHECK:         affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      "test.use"
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 5 {
func.func @imperfect() {
  affine.for %i = 0 to 4 {
    "test.use"(%i) : (index) -> ()
    affine.for %j = 0 to 5 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// Under a loop the band's bounds must be symbols there: an affine.apply of
// symbols is, so the band is coalesced inside the outer loop.
// CHECK-LABEL: func.func @symbols_under_a_loop
// CHECK:         affine.for %{{.*}} = 1 to 4 {
// CHECK-NEXT:      %[[M:.*]] = affine.apply #{{.*}}()[%arg1]
// CHECK-NEXT:      %[[N:.*]] = affine.apply #{{.*}}()[%arg0]
// CHECK-NEXT:      %[[P:.*]] = affine.apply #{{.*}}(%[[M]])[%[[N]]]
// CHECK-NEXT:      affine.for %{{.*}} = 0 to %[[P]] {
func.func @symbols_under_a_loop(%n: index, %m: index) {
  affine.for %i = 1 to 4 {
    affine.for %j = 0 to affine_map<()[s0] -> (s0 + 2)>()[%m] {
      affine.for %k = 0 to %n {
        "test.use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  return
}

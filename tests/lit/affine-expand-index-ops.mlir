// --affine-expand-index-ops: affine.delinearize_index expanded into
// affine.apply ops, constants of the basis folded into the maps, valid
// symbols made symbols, dead results and constants gone.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -affine-expand-index-ops -split-input-file | FileCheck %s

// CHECK-DAG: #[[$S0:.+]] = affine_map<()[s0] -> (s0 floordiv 50176)>
// CHECK-DAG: #[[$S1:.+]] = affine_map<()[s0] -> ((s0 mod 50176) floordiv 224)>
// CHECK-DAG: #[[$S2:.+]] = affine_map<()[s0] -> (s0 mod 224)>
// CHECK-LABEL: func.func @static_basis
// CHECK-NOT:     arith.constant
// CHECK:         %[[N:.+]] = affine.apply #[[$S0]]()[%arg0]
// CHECK-NEXT:    %[[P:.+]] = affine.apply #[[$S1]]()[%arg0]
// CHECK-NEXT:    %[[Q:.+]] = affine.apply #[[$S2]]()[%arg0]
// CHECK-NEXT:    return %[[N]], %[[P]], %[[Q]]
func.func @static_basis(%linear_index: index) -> (index, index, index) {
  %b0 = arith.constant 16 : index
  %b1 = arith.constant 224 : index
  %b2 = arith.constant 224 : index
  %1:3 = affine.delinearize_index %linear_index into (%b0, %b1, %b2) : index, index, index
  return %1#0, %1#1, %1#2 : index, index, index
}

// -----

// CHECK-DAG: #[[$D0:.+]] = affine_map<()[s0, s1, s2] -> (s2 floordiv (s0 * s1))>
// CHECK-DAG: #[[$D1:.+]] = affine_map<()[s0, s1, s2] -> ((s2 mod (s0 * s1)) floordiv s1)>
// CHECK-DAG: #[[$D2:.+]] = affine_map<()[s0, s1, s2] -> ((s2 mod (s0 * s1)) mod s1)>
// CHECK-LABEL: func.func @dynamic_basis
// CHECK:         %[[DIM1:.+]] = memref.dim %arg1, %c1
// CHECK-NEXT:    %[[DIM2:.+]] = memref.dim %arg1, %c2
// CHECK-NEXT:    affine.apply #[[$D0]]()[%[[DIM1]], %[[DIM2]], %arg0]
// CHECK-NEXT:    affine.apply #[[$D1]]()[%[[DIM1]], %[[DIM2]], %arg0]
// CHECK-NEXT:    affine.apply #[[$D2]]()[%[[DIM1]], %[[DIM2]], %arg0]
func.func @dynamic_basis(%linear_index: index, %src: memref<?x?x?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b0 = memref.dim %src, %c0 : memref<?x?x?xf32>
  %b1 = memref.dim %src, %c1 : memref<?x?x?xf32>
  %b2 = memref.dim %src, %c2 : memref<?x?x?xf32>
  %1:3 = affine.delinearize_index %linear_index into (%b0, %b1, %b2) : index, index, index
  return %1#0, %1#1, %1#2 : index, index, index
}

// -----

// A loop's induction variable stays a dim; the unused results go.
// CHECK: #[[$L:.+]] = affine_map<(d0)[s0] -> ((d0 mod (s0 * 8)) floordiv s0)>
// CHECK-LABEL: func.func @in_loop
// CHECK:         affine.for %[[I:.+]] = 0 to 64 {
// CHECK-NEXT:      affine.apply #[[$L]](%[[I]])[%arg2]
func.func @in_loop(%A: memref<64xf32>, %n: index, %m: index) {
  %c8 = arith.constant 8 : index
  affine.for %i = 0 to 64 {
    %0:3 = affine.delinearize_index %i into (%n, %c8, %m) : index, index, index
    %1 = arith.index_cast %0#1 : index to i64
    %2 = arith.sitofp %1 : i64 to f32
    affine.store %2, %A[%i] : memref<64xf32>
  }
  return
}

// -----

// One basis element: the index itself.
// CHECK-LABEL: func.func @one
// CHECK-NEXT:    return %arg0 : index
func.func @one(%i: index, %a: index) -> index {
  %0 = affine.delinearize_index %i into (%a) : index
  return %0 : index
}

// -----

// Constant and dynamic factors mixed in the divisors.
// CHECK-DAG: #[[$M0:.+]] = affine_map<()[s0, s1] -> (s1 floordiv (s0 * 12))>
// CHECK-DAG: #[[$M1:.+]] = affine_map<()[s0, s1] -> ((s1 mod (s0 * 12)) floordiv (s0 * 3))>
// CHECK-DAG: #[[$M2:.+]] = affine_map<()[s0, s1] -> (((s1 mod (s0 * 12)) mod (s0 * 3)) mod 3)>
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT:    affine.apply #[[$M0]]()[%arg2, %arg0]
// CHECK-NEXT:    affine.apply #[[$M1]]()[%arg2, %arg0]
// CHECK-NEXT:    affine.apply #[[$M2]]()[%arg2, %arg0]
func.func @mixed(%i: index, %a: index, %b: index) -> (index, index, index) {
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %0:4 = affine.delinearize_index %i into (%a, %c4, %b, %c3) : index, index, index, index
  return %0#0, %0#1, %0#3 : index, index, index
}

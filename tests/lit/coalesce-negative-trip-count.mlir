// RUN: tessera-opt --affine-loop-coalescing --affine-simplify-structures %s | FileCheck %s
// A nest whose inner loop runs no iteration (its upper bound is below its
// lower one): coalescing would multiply by the negative bound (wrapping
// past 64 bits to a positive trip count: 6 * -(2^63 - 1) is 6 modulo 2^64)
// and divide by it, which folded into a map divides by a non-positive
// constant, a map the verifier rejects. tessera refuses such bands, and
// never folds a non-positive constant into a divisor (found by the
// no_crash soak, seed 0x26112605, input 16242). MLIR-OPT-WRONG: mlir-opt
// 19 coalesces both nests (the empty one into 6 iterations) and folds -5
// into the divisor below; the corpus comparisons with mlir-opt skip this
// file.

// CHECK-LABEL: func.func @empty_inner
// CHECK: affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to -9223372036854775807 {
// CHECK-NOT: floordiv
// CHECK: return
func.func @empty_inner(%R: memref<6x6xf64>) {
  %c0 = arith.constant 0.0 : f64
  affine.for %i0 = 0 to 6 {
    affine.for %i1 = 0 to -9223372036854775807 {
      affine.store %c0, %R[%i0, %i1] : memref<6x6xf64>
    }
  }
  return
}

// A product of constant trip counts past 64 bits is refused too.
// CHECK-LABEL: func.func @huge_product
// CHECK: affine.for %{{.*}} = 0 to 4294967296 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 4294967296 {
func.func @huge_product(%R: memref<?xf64>) {
  %c0 = arith.constant 0.0 : f64
  affine.for %i0 = 0 to 4294967296 {
    affine.for %i1 = 0 to 4294967296 {
      affine.store %c0, %R[%i1] : memref<?xf64>
    }
  }
  return
}

// Symbolic divisors stay symbols when their value is a non-positive
// constant: affine-simplify-structures keeps the apply valid.
// CHECK-LABEL: func.func @negative_divisor
// CHECK: affine.apply #{{.*}}(%{{.*}})[%{{.*}}]
func.func @negative_divisor(%i: index) -> index {
  %c = arith.constant -5 : index
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%i)[%c]
  return %0 : index
}

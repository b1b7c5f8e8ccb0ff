// --canonicalize keeps (x - x mod s) floordiv s and ceildiv s: only the
// remainder of such a difference is 0.
// MLIR-OPT-WRONG: mlir-opt 19 rewrites (x - x mod s) floordiv s and
// ceildiv s to 0 (its simplification of a remainder applied to every
// division); at x = 10, s = 3 the value is 3. tessera keeps them.
//
// RUN: tessera-opt %s -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -canonicalize -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -canonicalize | FileCheck %s

// OUT: 3
// OUT-NEXT: 3
// OUT-NEXT: 0

// CHECK-DAG: affine_map<()[s0, s1] -> ((s0 - s0 mod s1) floordiv s1)>
// CHECK-DAG: affine_map<()[s0, s1] -> ((s0 - s0 mod s1) ceildiv s1)>
func.func @main() {
  %x = arith.constant 10 : index
  %s = arith.constant 3 : index
  %q = call @quotients(%x, %s) : (index, index) -> index
  vector.print %q : index
  %c = call @ceil_quotient(%x, %s) : (index, index) -> index
  vector.print %c : index
  %r = call @remainder(%x, %s) : (index, index) -> index
  vector.print %r : index
  return
}
func.func @quotients(%x: index, %s: index) -> index {
  %0 = affine.apply affine_map<()[s0, s1] -> ((s0 - s0 mod s1) floordiv s1)>()[%x, %s]
  return %0 : index
}
func.func @ceil_quotient(%x: index, %s: index) -> index {
  %0 = affine.apply affine_map<()[s0, s1] -> ((s0 - s0 mod s1) ceildiv s1)>()[%x, %s]
  return %0 : index
}
func.func @remainder(%x: index, %s: index) -> index {
  %0 = affine.apply affine_map<()[s0, s1] -> ((s0 - s0 mod s1) mod s1)>()[%x, %s]
  return %0 : index
}

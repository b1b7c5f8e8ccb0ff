// --affine-loop-invariant-code-motion keeps a signed division by -1 in a
// loop that may not run: its dividend may be the smallest integer.
// MLIR-OPT-WRONG: mlir-opt 19 hoists it out of this loop, which never
// runs, and the program then stops on the division's overflow.
//
// RUN: tessera-opt %s -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -affine-loop-invariant-code-motion -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -affine-loop-invariant-code-motion | FileCheck %s

// OUT: -1
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @main
// CHECK:         affine.for
// CHECK-NEXT:      arith.divsi
func.func @main() {
  %min = arith.constant -9223372036854775808 : i64
  %m1 = arith.constant -1 : i64
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to %c0 {
    %q = arith.divsi %min, %m1 : i64
    vector.print %q : i64
  }
  vector.print %m1 : i64
  return
}

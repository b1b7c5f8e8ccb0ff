// -test-memref-dependence-check is a pass in mlir-opt: its remarks are
// about the IR as the passes before it left it.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -test-memref-dependence-check -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: tessera-opt %s -affine-loop-tile=tile-size=2 -test-memref-dependence-check -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AFTER
// RUN: tessera-opt %s -pass-pipeline='builtin.module(func.func(affine-loop-tile{tile-size=2},test-memref-dependence-check))' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER

// BEFORE: remark: dependence from 0 to 0 at depth 1 = false
// BEFORE: remark: dependence from 0 to 0 at depth 2 = false
// BEFORE-NOT: at depth 3

// AFTER: remark: dependence from 0 to 0 at depth 1 = false
// AFTER: remark: dependence from 0 to 0 at depth 2 = false
// AFTER: remark: dependence from 0 to 0 at depth 3 = false

func.func @f(%A: memref<8xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %c, %A[%i] : memref<8xf32>
  }
  return
}

// Bad pass options are refused before the input is read, once, with a
// non-zero exit status (tessera's wording: mlir-opt words them its own way).

// RUN: not tessera-opt %s -affine-loop-tile=bogus -split-input-file 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <unknown>:0: error: 'affine-loop-tile' has no option 'bogus'
// UNKNOWN-NOT: error

// RUN: not tessera-opt %s -affine-loop-tile=tile-size=4294967296 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: tessera-opt: for the --tile-size option: '4294967296' value invalid for uint argument!

// RUN: not tessera-opt %s --pass-pipeline='builtin.module(func.func(no-such-pass))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASS
// PASS: <unknown>:0: error: unknown pass 'no-such-pass'

func.func @f() {
  return
}

// -----

func.func @g() {
  return
}

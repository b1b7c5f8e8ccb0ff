// Bad command lines are refused with LLVM's messages and a non-zero exit
// status, before the input is read.
// MLIR-OPT-TOO

// RUN: not tessera-opt -foo %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: {{.*}}: Unknown command line argument '-foo'.  Try: '{{.*}} --help'
// UNKNOWN-NEXT: {{.*}}: Did you mean '-o'?

// RUN: not tessera-opt %s -affine-loop-tiel 2>&1 | FileCheck %s --check-prefix=NEAR
// NEAR: Unknown command line argument '-affine-loop-tiel'.
// NEAR-NEXT: Did you mean '--affine-loop-tile'?

// RUN: not tessera-opt %s ---split-input-file 2>&1 | FileCheck %s --check-prefix=DASHES
// DASHES: Unknown command line argument '---split-input-file'.
// DASHES-NEXT: Did you mean '--split-input-file'?

// RUN: not tessera-opt %s -o 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: for the -o option: requires a value!

// RUN: not tessera-opt %s --pass-pipeline 2>&1 | FileCheck %s --check-prefix=NOPIPELINE
// NOPIPELINE: for the --pass-pipeline option: requires a value!

// RUN: not tessera-opt %s %s 2>&1 | FileCheck %s --check-prefix=TWOFILES
// TWOFILES: Too many positional arguments specified!
// TWOFILES-NEXT: Can specify at most 1 positional arguments: See: {{.*}} --help

// RUN: not tessera-opt %s -verify-diagnostics=maybe 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: for the --verify-diagnostics option: 'maybe' is invalid value for boolean argument! Try 0 or 1

// RUN: not tessera-opt %s -pass-pipeline='builtin.module(func.func(affine-loop-tile))' -affine-loop-tile 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOTH
// BOTH: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options

// RUN: not tessera-opt %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: cannot open input file '{{.*}}.missing': No such file or directory

func.func @f() {
  return
}

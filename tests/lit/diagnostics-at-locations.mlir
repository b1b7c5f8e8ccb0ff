// RUN: tessera-opt diagnostics-at-locations.mlir -test-memref-dependence-check -verify-diagnostics -o /dev/null
// MLIR-OPT-TOO

// With -verify-diagnostics, a diagnostic at an op with a location written
// after it is expected at the line that location names in this file (the
// RUN line names the file as the locations do), not where the op is.

// expected-remark {{dependence from 0 to 0 at depth 1 = false}}
// expected-remark@-1 {{dependence from 0 to 0 at depth 2 = false}}
// expected-remark@-2 {{dependence from 0 to 1 at depth 1 = false}}
// expected-remark@-3 {{dependence from 0 to 1 at depth 2 = false}}

// The callee of a call site names no file position: its caller's is used.
// expected-remark {{dependence from 1 to 0 at depth 1 = [1, 1]}}
// expected-remark@-1 {{dependence from 1 to 0 at depth 2 = false}}
// expected-remark@-2 {{dependence from 1 to 1 at depth 1 = false}}
// expected-remark@-3 {{dependence from 1 to 1 at depth 2 = false}}

func.func @shift(%m: memref<10xf32>) {
  affine.for %i = 0 to 9 {
    %v = affine.load %m[%i] : memref<10xf32> loc("diagnostics-at-locations.mlir":8:1)
    affine.store %v, %m[%i + 1] : memref<10xf32> loc(callsite("store" at "diagnostics-at-locations.mlir":14:1))
  }
  return
}

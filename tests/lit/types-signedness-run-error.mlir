// The executors refuse what they cannot run with a located error.

// RUN: not tessera-opt %s --run=main 2>&1 | FileCheck %s --check-prefix=INTERP
// RUN: not tessera-opt %s --emit=c 2>&1 | FileCheck %s --check-prefix=EMIT

// INTERP: types-signedness-run-error.mlir:[[#@LINE+3]]:8: error: memrefs of 'ui8' elements are not supported by the interpreter
// EMIT: types-signedness-run-error.mlir:[[#@LINE+2]]:8: error: cannot translate 'memref.alloc' to C: type 'ui8' is not supported by the C back end
func.func @main() {
  %m = memref.alloc() : memref<4xui8>
  return
}

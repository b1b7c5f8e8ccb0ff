// A diagnostic at an op with a location written after it is reported at
// that location, as mlir-opt reports it: at its first "file":line:col (the
// line shown when the file can be read), with a `called from` note for each
// caller of a call site; a location with no file position is printed before
// the message.
// MLIR-OPT-TOO

// RUN: not tessera-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not tessera-opt %s -split-input-file -verify-diagnostics 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERIFY

// A file that does not exist: no line shown.
// CHECK: x.c:4:5: error: 'memref.load' op incorrect number of indices for load, expected 1 but got 2
// CHECK-NOT: memref.load %a
// VERIFY: x.c:4:5: error: unexpected error: 'memref.load' op incorrect number of indices for load, expected 1 but got 2
func.func @missing_file(%a: memref<4xf32>, %i: index) {
  %0 = memref.load %a[%i, %i] : memref<4xf32> loc("x.c":4:5)
  return
}

// -----

// A name without a file position.
// CHECK: <unknown>:0: error: loc("load"): 'memref.load' op incorrect number of indices
// VERIFY: <unknown>:0: error: loc("load"): unexpected error: 'memref.load' op incorrect number of indices
func.func @name(%a: memref<4xf32>, %i: index) {
  %0 = memref.load %a[%i, %i] : memref<4xf32> loc("load")
  return
}

// -----

// A call site: the callee's position, then each caller's. This file is read
// from disk for the line of the last one (the chunk's buffer has another
// name, as in mlir-opt).
// CHECK: callee.c:1:2: error: 'memref.load' op incorrect number of indices
// CHECK-NEXT: caller.c:3:4: note: called from
// CHECK-NEXT: diagnostics-at-locations-errors.mlir:5:3: note: called from
// CHECK-NEXT: {{^}}// the message.{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// VERIFY: callee.c:1:2: error: unexpected error: 'memref.load' op incorrect number of indices
// VERIFY-NOT: called from
func.func @call_site(%a: memref<4xf32>, %i: index) {
  %0 = memref.load %a[%i, %i] : memref<4xf32> loc(callsite("callee.c":1:2 at callsite("caller.c":3:4 at "diagnostics-at-locations-errors.mlir":5:3)))
  return
}

// -----

// A fused location: its first file position.
// CHECK: inlined.c:7:9: error: 'memref.load' op incorrect number of indices
// VERIFY: inlined.c:7:9: error: unexpected error: 'memref.load' op incorrect number of indices
func.func @fused(%a: memref<4xf32>, %i: index) {
  %0 = memref.load %a[%i, %i] : memref<4xf32> loc(fused["load", "inlined.c":7:9, "other.c":1:1])
  return
}

// -----

// An unknown location.
// CHECK: <unknown>:0: error: 'memref.load' op incorrect number of indices
// VERIFY: <unknown>:0: error: unexpected error: 'memref.load' op incorrect number of indices
func.func @unknown(%a: memref<4xf32>, %i: index) {
  %0 = memref.load %a[%i, %i] : memref<4xf32> loc(unknown)
  return
}

// -----

// A position past the end of its line, or of the file: no line shown.
// CHECK: diagnostics-at-locations-errors.mlir:1:500: error: 'memref.load' op incorrect number of indices
// CHECK-NOT: memref.load %a
// CHECK: diagnostics-at-locations-errors.mlir:100000:1: error: 'memref.load' op incorrect number of indices
// CHECK-NOT: memref.load %a
func.func @past_the_end(%a: memref<4xf32>, %i: index) {
  %0 = memref.load %a[%i, %i] : memref<4xf32> loc("diagnostics-at-locations-errors.mlir":1:500)
  return
}

// -----

func.func @past_the_end(%a: memref<4xf32>, %i: index) {
  %0 = memref.load %a[%i, %i] : memref<4xf32> loc("diagnostics-at-locations-errors.mlir":100000:1)
  return
}

// -----

// The verifier's notes are at their ops' written locations too.
// CHECK: second.c:2:2: error: redefinition of symbol named 'f'
// CHECK: first.c:1:1: note: see existing symbol definition here
func.func @f() {
  return
} loc("first.c":1:1)
func.func @f() {
  return
} loc("second.c":2:2)

// -----

// CHECK: use.c:1:1: error: operand #0 does not dominate this use
// CHECK: def.c:2:2: note: operand defined here (op in the same block)
func.func @f() {
  %0 = arith.addi %1, %1 : i32 loc("use.c":1:1)
  %1 = arith.constant 0 : i32 loc("def.c":2:2)
  return
}

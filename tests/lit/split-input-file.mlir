// -split-input-file processes each chunk alone and joins the outputs with
// the marker; a chunk's errors are located within the chunk, and any
// failing chunk fails the run.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -affine-loop-tile=tile-size=2 2>&1 | FileCheck %s
// RUN: tessera-opt %s -split-input-file= | FileCheck %s --check-prefix=PLAIN
// RUN: tessera-opt %s -split-input-file --output-split-marker='// ====' | FileCheck %s --check-prefix=MARKER
// RUN: tessera-opt %s | FileCheck %s --check-prefix=WHOLE

// CHECK-LABEL: func.func @first
// CHECK: affine.for %arg0 = 0 to 8 step 2 {
// CHECK: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: //{{ -----$}}
// CHECK-NEXT: #map
// CHECK: module {
// CHECK-NEXT: func.func @second
// CHECK: //{{ -----$}}
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @third

// PLAIN: func.func @first
// PLAIN-NOT: func.func @second
// PLAIN: //{{ -----$}}
// PLAIN-NEXT: module {
// PLAIN-NEXT: func.func @second

// MARKER: // ====
// MARKER-NEXT: module {
// MARKER-NEXT: func.func @second
// MARKER-NOT: //{{ -----$}}

// Without splitting, the three functions are one module.
// WHOLE: module {
// WHOLE-NEXT: func.func @first
// WHOLE-NOT: //{{ -----$}}
// WHOLE: func.func @second
// WHOLE: func.func @third

func.func @first() {
  affine.for %i = 0 to 8 {
  }
  return
}

// -----

func.func @second() {
  affine.for %i = 0 to 8 {
  }
  return
}

// -----
func.func @third() {
  return
}

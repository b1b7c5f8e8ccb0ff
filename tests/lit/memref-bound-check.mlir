// --test-memref-bound-check: an error for each access dimension that can
// be out of bounds (upper bound first), and, outside -verify-diagnostics,
// a note showing the op in the generic form, numbered from its function.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -test-memref-bound-check -split-input-file -verify-diagnostics
// RUN: tessera-opt %s -test-memref-bound-check -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE

// NOTE: {{.*}}:[[#@LINE+6]]:10: error: 'affine.load' op memref out of upper bound access along dimension #1
// NOTE-NEXT: %v = affine.load %A[%i] : memref<10xf32>
// NOTE-NEXT: ^
// NOTE-NEXT: {{.*}}:[[#@LINE+3]]:10: note: see current operation: %0 = "affine.load"(%arg0, %arg1) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, index) -> f32
func.func @one_past_the_end(%A: memref<10xf32>) {
  affine.for %i = 0 to 11 {
    %v = affine.load %A[%i] : memref<10xf32> // expected-error {{'affine.load' op memref out of upper bound access along dimension #1}}
  }
  return
}

// -----

// Both bounds, both dimensions, a store, a mod subscript.
func.func @both_sides(%B: memref<9x9xi32>) {
  %c0 = arith.constant 0 : i32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 9 {
      // expected-error@+2 {{'affine.load' op memref out of upper bound access along dimension #1}}
      // expected-error@+1 {{'affine.load' op memref out of lower bound access along dimension #2}}
      %x = affine.load %B[%i, %j - 1] : memref<9x9xi32>
      // In bounds: (i + 8) mod 9 is in [0, 8].
      affine.store %x, %B[(%i + 8) mod 9, %j] : memref<9x9xi32>
      // expected-error@+1 {{'affine.store' op memref out of upper bound access along dimension #2}}
      affine.store %c0, %B[%j, %j + %i floordiv 9] : memref<9x9xi32>
    }
  }
  return
}

// -----

// A symbol is any index: the loop may run past the end.
func.func @symbolic(%A: memref<10xf32>, %n: index) {
  %c = arith.constant 0.0 : f32
  affine.for %i = 0 to %n {
    affine.store %c, %A[%i] : memref<10xf32> // expected-error {{'affine.store' op memref out of upper bound access along dimension #1}}
  }
  // Bounded by min(n, 10): in bounds.
  affine.for %i = 0 to min affine_map<()[s0] -> (s0, 10)>()[%n] {
    affine.store %c, %A[%i] : memref<10xf32>
  }
  return
}

// -----

// Steps and iv-dependent bounds: i in {0, 3, 6, 9}, j in [i, 10); at
// i = 9, i + 1 = 10 is past the end, i + 2 never reaches 10.
func.func @strided(%A: memref<10x10xf32>) {
  affine.for %i = 0 to 10 step 3 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 10 {
      %v = affine.load %A[%i, %j] : memref<10x10xf32>
      // expected-error@+1 {{'affine.store' op memref out of upper bound access along dimension #2}}
      affine.store %v, %A[%j, %i + 1] : memref<10x10xf32>
      affine.store %v, %A[%j, (%i * 2) floordiv 3] : memref<10x10xf32>
    }
  }
  return
}

// -----

// A 0-d memref has nothing to check.
func.func @rank0(%S: memref<f32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %S[] : memref<f32>
    affine.store %v, %S[] : memref<f32>
  }
  return
}

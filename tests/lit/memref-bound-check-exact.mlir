// --test-memref-bound-check where tessera is exact and mlir-opt 19 is not.
// mlir-opt reports six errors on this file's accesses; none of them can
// be out of bounds (tests/bound_check.rs refutes each by enumerating the
// access's domain, and runs these programs in the interpreter, the C back
// end and mlir-cpu-runner; `-run` below: every access bounds-checked).
//
// RUN: tessera-opt %s -test-memref-bound-check -split-input-file -verify-diagnostics
// RUN: tessera-opt %s -split-input-file -run=main | FileCheck %s

// No integer (i, j) satisfies 27 <= 11i + 13j <= 45 and -10 <= 7i - 9j <= 4
// (Pugh's example), though rational points do: the load never runs, and
// the Fourier-Motzkin shadow MLIR projects to still reaches i >= 2.
#pugh = affine_set<(i, j) : (11 * i + 13 * j - 27 >= 0, -11 * i - 13 * j + 45 >= 0, 7 * i - 9 * j + 10 >= 0, -7 * i + 9 * j + 4 >= 0)>
func.func @main() {
  %A = memref.alloc() : memref<2xf32>
  %one = arith.constant 1.0 : f32
  affine.store %one, %A[0] : memref<2xf32>
  affine.store %one, %A[1] : memref<2xf32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      affine.if #pugh(%i, %j) {
        %v = affine.load %A[%i] : memref<2xf32>
        affine.store %v, %A[%j] : memref<2xf32>
      }
    }
  }
  %c0 = arith.constant 0 : index
  %r = memref.load %A[%c0] : memref<2xf32>
  vector.print %r : f32
  return
}
// CHECK: 1

// -----

// An affine.if's condition bounds what runs under it: the then block sees
// i < 10 and the else block i >= 10 (mlir-opt leaves the condition out of
// the access region and reports both).
#lt10 = affine_set<(i) : (9 - i >= 0)>
func.func @main() {
  %A = memref.alloc() : memref<10xf32>
  %B = memref.alloc() : memref<20xf32>
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 20 {
    affine.if #lt10(%i) {
      affine.store %two, %A[%i] : memref<10xf32>
    } else {
      affine.store %two, %B[%i] : memref<20xf32>
      %v = affine.load %A[%i - 10] : memref<10xf32>
      affine.store %v, %B[%i - 10] : memref<20xf32>
    }
  }
  %c9 = arith.constant 9 : index
  %r = memref.load %B[%c9] : memref<20xf32>
  vector.print %r : f32
  return
}
// CHECK: 2

// -----

// A dynamic dimension has no known size: only a negative subscript is an
// error (mlir-opt 19 reports every dynamic dimension as out of its upper
// bound: it compares the size with -1, but stores `?` as INT64_MIN).
func.func @main() {
  %c4 = arith.constant 4 : index
  %D = memref.alloc(%c4) : memref<?x4xf32>
  %three = arith.constant 3.0 : f32
  affine.for %i = 0 to 4 {
    affine.store %three, %D[%i, 3 - %i] : memref<?x4xf32>
  }
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %r = memref.load %D[%c0, %c3] : memref<?x4xf32>
  vector.print %r : f32
  return
}
// CHECK: 3

// --tessera-accumulate-in-place: a one-element buffer that carries a value
// to a store at the end of a loop body accumulates in that memory cell,
// when nothing in between touches the cell.

// RUN: tessera-opt %s -tessera-accumulate-in-place -split-input-file | FileCheck %s

// ludcmp's first nest: `w` starts as A[i][j], accumulates over k < j and
// ends in A[i][j]. A[i][k] and A[k][j] (k < j < i) are never A[i][j]; the
// copy in and the buffer go.
// CHECK-LABEL: func.func @ludcmp_lower
// CHECK-NOT:     memref.alloca
// CHECK:         affine.for %arg1 = 0 to 16 {
// CHECK-NEXT:      affine.for %arg2 = 0 to #map(%arg1) {
// CHECK-NEXT:        affine.for %arg3 = 0 to #map(%arg2) {
// CHECK-NEXT:          affine.load %arg0[%arg1, %arg2] : memref<16x16xf64>
// CHECK-NEXT:          affine.load %arg0[%arg1, %arg3] : memref<16x16xf64>
// CHECK-NEXT:          affine.load %arg0[%arg3, %arg2] : memref<16x16xf64>
// CHECK-NEXT:          arith.mulf
// CHECK-NEXT:          arith.subf
// CHECK-NEXT:          affine.store %{{.*}}, %arg0[%arg1, %arg2] : memref<16x16xf64>
// CHECK-NEXT:        }
// CHECK-NEXT:        affine.load %arg0[%arg1, %arg2] : memref<16x16xf64>
// CHECK-NEXT:        affine.load %arg0[%arg2, %arg2] : memref<16x16xf64>
// CHECK-NEXT:        arith.divf
// CHECK-NEXT:        affine.store %{{.*}}, %arg0[%arg1, %arg2] : memref<16x16xf64>
func.func @ludcmp_lower(%A: memref<16x16xf64>) {
  %w = memref.alloca() : memref<1xf64>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %0 = affine.load %A[%i, %j] : memref<16x16xf64>
      affine.store %0, %w[0] : memref<1xf64>
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%j) {
        %1 = affine.load %w[0] : memref<1xf64>
        %2 = affine.load %A[%i, %k] : memref<16x16xf64>
        %3 = affine.load %A[%k, %j] : memref<16x16xf64>
        %4 = arith.mulf %2, %3 : f64
        %5 = arith.subf %1, %4 : f64
        affine.store %5, %w[0] : memref<1xf64>
      }
      %6 = affine.load %w[0] : memref<1xf64>
      %7 = affine.load %A[%j, %j] : memref<16x16xf64>
      %8 = arith.divf %6, %7 : f64
      affine.store %8, %A[%i, %j] : memref<16x16xf64>
    }
  }
  return
}

// -----

// Two windows of one buffer, each with its own cell: the forward
// substitution starts y[i] from b[i].
// CHECK-LABEL: func.func @two_windows
// CHECK-NOT:     memref.alloca
// CHECK:         affine.load %arg1[%arg3] : memref<16xf64>
// CHECK-NEXT:    affine.store %{{.*}}, %arg2[%arg3] : memref<16xf64>
// CHECK:         affine.load %arg2[%arg3] : memref<16xf64>
// CHECK:         affine.store %{{.*}}, %arg2[%arg3] : memref<16xf64>
// CHECK:         affine.store %{{.*}}, %arg1[%arg3] : memref<16xf64>
func.func @two_windows(%A: memref<16x16xf64>, %b: memref<16xf64>, %y: memref<16xf64>) {
  %w = memref.alloca() : memref<1xf64>
  affine.for %i = 0 to 16 {
    %0 = affine.load %b[%i] : memref<16xf64>
    affine.store %0, %w[0] : memref<1xf64>
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %1 = affine.load %w[0] : memref<1xf64>
      %2 = affine.load %A[%i, %j] : memref<16x16xf64>
      %3 = affine.load %y[%j] : memref<16xf64>
      %4 = arith.mulf %2, %3 : f64
      %5 = arith.subf %1, %4 : f64
      affine.store %5, %w[0] : memref<1xf64>
    }
    %6 = affine.load %w[0] : memref<1xf64>
    affine.store %6, %y[%i] : memref<16xf64>
  }
  affine.for %i = 0 to 16 {
    %7 = affine.load %y[%i] : memref<16xf64>
    affine.store %7, %w[0] : memref<1xf64>
    %8 = affine.load %w[0] : memref<1xf64>
    %9 = arith.addf %8, %8 : f64
    affine.store %9, %b[%i] : memref<16xf64>
  }
  return
}

// -----

// symm: the cell C[i][j] is read between the buffer's first store and the
// store into it, so the buffer stays.
// CHECK-LABEL: func.func @cell_read_in_window
// CHECK:         memref.alloca
// CHECK:         affine.store %cst, %alloca[0] : memref<1xf64>
func.func @cell_read_in_window(%C: memref<8x8xf64>, %A: memref<8x8xf64>) {
  %t = memref.alloca() : memref<1xf64>
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.store %zero, %t[0] : memref<1xf64>
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
        %1 = affine.load %t[0] : memref<1xf64>
        %2 = affine.load %A[%i, %k] : memref<8x8xf64>
        %3 = arith.addf %1, %2 : f64
        affine.store %3, %t[0] : memref<1xf64>
      }
      %4 = affine.load %C[%i, %j] : memref<8x8xf64>
      %5 = affine.load %t[0] : memref<1xf64>
      %6 = arith.addf %4, %5 : f64
      affine.store %6, %C[%i, %j] : memref<8x8xf64>
    }
  }
  return
}

// -----

// A running sum: the buffer's value flows from one iteration to the next
// (its first access in the body is a load), so it stays.
// CHECK-LABEL: func.func @running_sum
// CHECK:         memref.alloca
// CHECK:         affine.load %alloca[0] : memref<1xf64>
func.func @running_sum(%A: memref<8xf64>, %B: memref<8xf64>) {
  %s = memref.alloca() : memref<1xf64>
  %zero = arith.constant 0.0 : f64
  affine.store %zero, %s[0] : memref<1xf64>
  affine.for %i = 0 to 8 {
    %0 = affine.load %s[0] : memref<1xf64>
    %1 = affine.load %A[%i] : memref<8xf64>
    %2 = arith.addf %0, %1 : f64
    affine.store %2, %s[0] : memref<1xf64>
    affine.store %2, %B[%i] : memref<8xf64>
  }
  return
}

// -----

// The cell A[k][i] is A[i][i] at k == i: touched in the window, refused
// (an exact answer: the loops meet at one point only).
// CHECK-LABEL: func.func @diagonal_meets
// CHECK:         memref.alloca
func.func @diagonal_meets(%A: memref<8x8xf64>) {
  %w = memref.alloca() : memref<1xf64>
  affine.for %i = 0 to 8 {
    %0 = affine.load %A[%i, %i] : memref<8x8xf64>
    affine.store %0, %w[0] : memref<1xf64>
    affine.for %k = 0 to 8 {
      %1 = affine.load %w[0] : memref<1xf64>
      %2 = affine.load %A[%k, %i] : memref<8x8xf64>
      %3 = arith.addf %1, %2 : f64
      affine.store %3, %w[0] : memref<1xf64>
    }
    %4 = affine.load %w[0] : memref<1xf64>
    affine.store %4, %A[%i, %i] : memref<8x8xf64>
  }
  return
}

// -----

// A memref.copy into the cell's memref in the window writes the cell: the
// buffer stays (only the copy's source was looked at once).
// CHECK-LABEL: func.func @copy_writes_the_cell
// CHECK:         memref.alloca() : memref<1xf64>
// CHECK:         memref.copy
func.func @copy_writes_the_cell(%A: memref<4xf64>, %B: memref<4xf64>, %c: f64) {
  %w = memref.alloca() : memref<1xf64>
  affine.for %i = 0 to 4 {
    affine.store %c, %w[0] : memref<1xf64>
    memref.copy %B, %A : memref<4xf64> to memref<4xf64>
    %v = affine.load %w[0] : memref<1xf64>
    affine.store %v, %A[%i] : memref<4xf64>
  }
  return
}

// -----

// A vector load of the cell's memref in the window: modelled by its first
// element only, so it counts as touching the cell and the buffer stays.
// CHECK-LABEL: func.func @vector_read_in_window
// CHECK:         memref.alloca() : memref<1xf64>
func.func @vector_read_in_window(%A: memref<8xf64>, %B: memref<8xvector<2xf64>>, %c: f64) {
  %w = memref.alloca() : memref<1xf64>
  affine.for %i = 1 to 8 {
    affine.store %c, %w[0] : memref<1xf64>
    %v = affine.vector_load %A[%i - 1] : memref<8xf64>, vector<2xf64>
    affine.store %v, %B[%i] : memref<8xvector<2xf64>>
    %x = affine.load %w[0] : memref<1xf64>
    affine.store %x, %A[%i] : memref<8xf64>
  }
  return
}

// --tessera-expand-scalars: a one-element buffer private to each iteration
// of a loop that walks its arrays along their last subscript becomes an
// array over that loop; its initialisation runs in a loop of its own.

// RUN: tessera-opt %s -tessera-expand-scalars -split-input-file | FileCheck %s

// deriche's vertical recurrence: the column loop `j` gets one cell per
// column, and the band `j, i` is perfect.
// CHECK-LABEL: func.func @column_recurrence
// CHECK:         %[[Y:.*]] = memref.alloca() : memref<16xf32>
// CHECK-NOT:     memref<1xf32>
// CHECK:         affine.for %[[J0:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.store %{{.*}}, %[[Y]][%[[J0]]] : memref<16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.load %arg0[%[[I]], %[[J]]] : memref<8x16xf32>
// CHECK-NEXT:        affine.load %[[Y]][%[[J]]] : memref<16xf32>
// CHECK:             affine.store %{{.*}}, %[[Y]][%[[J]]] : memref<16xf32>
func.func @column_recurrence(%A: memref<8x16xf32>, %B: memref<8x16xf32>) {
  %ym1 = memref.alloca() : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 16 {
    affine.store %zero, %ym1[0] : memref<1xf32>
    affine.for %i = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      %y = affine.load %ym1[0] : memref<1xf32>
      %s = arith.addf %a, %y : f32
      affine.store %s, %B[%i, %j] : memref<8x16xf32>
      affine.store %s, %ym1[0] : memref<1xf32>
    }
  }
  return
}

// -----

// A row recurrence: the loop `i` is not along the arrays' last subscript,
// the buffer stays.
// CHECK-LABEL: func.func @row_recurrence
// CHECK:         memref.alloca() : memref<1xf32>
// CHECK-NOT:     memref<8xf32>
func.func @row_recurrence(%A: memref<8x16xf32>, %B: memref<8x16xf32>) {
  %ym1 = memref.alloca() : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %zero, %ym1[0] : memref<1xf32>
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      %y = affine.load %ym1[0] : memref<1xf32>
      %s = arith.addf %a, %y : f32
      affine.store %s, %B[%i, %j] : memref<8x16xf32>
      affine.store %s, %ym1[0] : memref<1xf32>
    }
  }
  return
}

// -----

// The buffer's value flows from one column to the next (it is read
// before it is stored in the body): no window, the buffer stays.
// CHECK-LABEL: func.func @carried_across_columns
// CHECK:         memref.alloca() : memref<1xf32>
// CHECK-NOT:     memref<16xf32>
func.func @carried_across_columns(%A: memref<8x16xf32>, %B: memref<8x16xf32>) {
  %ym1 = memref.alloca() : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %ym1[0] : memref<1xf32>
  affine.for %j = 0 to 16 {
    %c = affine.load %ym1[0] : memref<1xf32>
    affine.store %c, %ym1[0] : memref<1xf32>
    affine.for %i = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      %y = affine.load %ym1[0] : memref<1xf32>
      %s = arith.addf %a, %y : f32
      affine.store %s, %B[%i, %j] : memref<8x16xf32>
      affine.store %s, %ym1[0] : memref<1xf32>
    }
  }
  return
}

// -----

// A symbolic trip count: no array size, the buffer stays.
// CHECK-LABEL: func.func @symbolic_columns
// CHECK:         memref.alloca() : memref<1xf32>
func.func @symbolic_columns(%A: memref<8x?xf32>, %n: index) {
  %ym1 = memref.alloca() : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to %n {
    affine.store %zero, %ym1[0] : memref<1xf32>
    affine.for %i = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x?xf32>
      %y = affine.load %ym1[0] : memref<1xf32>
      %s = arith.addf %a, %y : f32
      affine.store %s, %A[%i, %j] : memref<8x?xf32>
      affine.store %s, %ym1[0] : memref<1xf32>
    }
  }
  return
}

// -----

// A loop with iter_args: expanded, but its initialisation is not split off
// (the copy would yield values it no longer defines).
// CHECK-LABEL: func.func @with_iter_args
// CHECK:         memref.alloca() : memref<16xf64>
// CHECK:         affine.for %{{.*}} = 0 to 16 iter_args
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<16xf64>
// CHECK-NEXT:      affine.for
func.func @with_iter_args(%A: memref<8x16xf64>, %z: f64) -> f64 {
  %w = memref.alloca() : memref<1xf64>
  %r = affine.for %j = 0 to 16 iter_args(%acc = %z) -> f64 {
    affine.store %z, %w[0] : memref<1xf64>
    affine.for %i = 0 to 8 {
      %0 = affine.load %w[0] : memref<1xf64>
      %1 = affine.load %A[%i, %j] : memref<8x16xf64>
      %2 = arith.addf %0, %1 : f64
      affine.store %2, %A[%i, %j] : memref<8x16xf64>
      affine.store %2, %w[0] : memref<1xf64>
    }
    %v = affine.load %w[0] : memref<1xf64>
    %s = arith.addf %acc, %v : f64
    affine.yield %s : f64
  }
  return %r : f64
}

// -----

// A buffer allocated inside a loop is not expanded (the array would be
// allocated once per iteration).
// CHECK-LABEL: func.func @buffer_in_a_loop
// CHECK-NOT:     memref<16xf32>
func.func @buffer_in_a_loop(%A: memref<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %t = 0 to 2 {
    %ym1 = memref.alloca() : memref<1xf32>
    affine.for %j = 0 to 16 {
      affine.store %zero, %ym1[0] : memref<1xf32>
      affine.for %i = 0 to 8 {
        %a = affine.load %A[%i, %j] : memref<8x16xf32>
        %y = affine.load %ym1[0] : memref<1xf32>
        %s = arith.addf %a, %y : f32
        affine.store %s, %A[%i, %j] : memref<8x16xf32>
        affine.store %s, %ym1[0] : memref<1xf32>
      }
    }
  }
  return
}

// --affine-loop-unroll-jam of loops with iter_args where tessera differs
// from mlir-opt 19: each copy of a sum or product starts from the
// identity (mlir-opt starts every copy from the initial value, so a sum
// from 100 by 2 copies counts the 100 twice); an iter_arg that is no
// reduction (the last value, a value carried through an inner loop) and
// a float sum without the 'reassoc' flag are left alone (mlir-opt jams
// them all, keeping only the first copy's value of the first two).
// MLIR-OPT-WRONG: after mlir-opt 19's pass, mlir-cpu-runner prints 336,
// 0, 15, 0 and 120 where the original prints 236, 0, 16, 1 and 120.
//
// RUN: tessera-opt %s -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -affine-loop-unroll-jam=unroll-jam-factor=2 -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -affine-loop-unroll-jam=unroll-jam-factor=2 | FileCheck %s

// OUT: 236
// OUT-NEXT: 0
// OUT-NEXT: 16
// OUT-NEXT: 1
// OUT-NEXT: 120
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @sum_from_init
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[R:.*]]:2 = affine.for %{{.*}} = 0 to 16 step 2 iter_args(%{{.*}} = %arg1, %{{.*}} = %[[ZERO]]) -> (i32, i32) {
// CHECK:         %[[S:.*]] = arith.addi %[[R]]#0, %[[R]]#1 : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @sum_from_init(%A: memref<16xi32>, %init: i32) -> i32 {
  %r = affine.for %i = 0 to 16 iter_args(%acc = %init) -> (i32) {
    %v = affine.load %A[%i] : memref<16xi32>
    %s = arith.addi %acc, %v : i32
    affine.yield %s : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @product_of_i1
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[R:.*]]:2 = affine.for %{{.*}} iter_args(%{{.*}} = %arg1, %{{.*}} = %[[TRUE]]) -> (i1, i1) {
// CHECK:         arith.muli %[[R]]#0, %[[R]]#1 : i1
func.func @product_of_i1(%A: memref<16xi1>, %init: i1) -> i1 {
  %r = affine.for %i = 0 to 16 iter_args(%acc = %init) -> (i1) {
    %v = affine.load %A[%i] : memref<16xi1>
    %s = arith.muli %acc, %v : i1
    affine.yield %s : i1
  }
  return %r : i1
}

// CHECK-LABEL: func.func @last
// CHECK:         affine.for %{{.*}} = 0 to 16 iter_args
func.func @last(%A: memref<16xi32>, %init: i32) -> i32 {
  %r = affine.for %i = 0 to 16 iter_args(%acc = %init) -> (i32) {
    %v = affine.load %A[%i] : memref<16xi32>
    affine.yield %v : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @through_inner
// CHECK:         affine.for %{{.*}} = 0 to 4 iter_args
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 2 iter_args
func.func @through_inner(%A: memref<16xi32>, %init: i32) -> i32 {
  %r = affine.for %i = 0 to 4 iter_args(%o = %init) -> (i32) {
    %t = affine.for %j = 0 to 2 iter_args(%acc = %o) -> (i32) {
      %v = affine.load %A[%i * 2 + %j] : memref<16xi32>
      %s = arith.muli %acc, %v : i32
      affine.yield %s : i32
    }
    affine.yield %t : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @float_sum
// CHECK:         affine.for %{{.*}} = 0 to 16 iter_args
func.func @float_sum(%A: memref<16xf32>, %init: f32) -> f32 {
  %r = affine.for %i = 0 to 16 iter_args(%acc = %init) -> (f32) {
    %v = affine.load %A[%i] : memref<16xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// With the 'reassoc' flag a float sum is jammed, each copy from -0.
// CHECK-LABEL: func.func @float_sum_reassoc
// CHECK:         %[[NEG0:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    %[[R:.*]]:2 = affine.for %{{.*}} = 0 to 16 step 2 iter_args(%{{.*}} = %arg1, %{{.*}} = %[[NEG0]]) -> (f32, f32) {
// CHECK:         arith.addf %[[R]]#0, %[[R]]#1 fastmath<reassoc> : f32
func.func @float_sum_reassoc(%A: memref<16xf32>, %init: f32) -> f32 {
  %r = affine.for %i = 0 to 16 iter_args(%acc = %init) -> (f32) {
    %v = affine.load %A[%i] : memref<16xf32>
    %s = arith.addf %acc, %v fastmath<reassoc> : f32
    affine.yield %s : f32
  }
  return %r : f32
}

func.func @main() {
  %A = memref.alloc() : memref<16xi32>
  %B = memref.alloc() : memref<16xi1>
  %F = memref.alloc() : memref<16xf32>
  %one = arith.constant 1 : i32
  %false = arith.constant false
  affine.for %i = 0 to 16 {
    %ii = arith.index_cast %i : index to i32
    %v = arith.addi %ii, %one : i32
    affine.store %v, %A[%i] : memref<16xi32>
    affine.store %false, %B[%i] : memref<16xi1>
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %F[%i] : memref<16xf32>
  }
  %c100 = arith.constant 100 : i32
  %true = arith.constant true
  %sum = call @sum_from_init(%A, %c100) : (memref<16xi32>, i32) -> i32
  %product = call @product_of_i1(%B, %true) : (memref<16xi1>, i1) -> i1
  %last = call @last(%A, %c100) : (memref<16xi32>, i32) -> i32
  %through = call @through_inner(%A, %one) : (memref<16xi32>, i32) -> i32
  %zero = arith.constant 0.0 : f32
  %fsum = call @float_sum(%F, %zero) : (memref<16xf32>, f32) -> f32
  vector.print %sum : i32
  vector.print %product : i1
  vector.print %last : i32
  %t8 = arith.constant 40320 : i32
  %is = arith.cmpi eq, %through, %t8 : i32
  vector.print %is : i1
  vector.print %fsum : f32
  memref.dealloc %A : memref<16xi32>
  memref.dealloc %B : memref<16xi1>
  memref.dealloc %F : memref<16xf32>
  return
}

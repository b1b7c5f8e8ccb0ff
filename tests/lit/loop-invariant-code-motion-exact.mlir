// --loop-invariant-code-motion where tessera moves less than mlir-opt 19:
// ops MLIR calls pure that tessera's executors stop on (a remainder by
// zero, a tensor index out of bounds) leave only a loop that surely runs.
// MLIR-OPT-WRONG: mlir-opt 19 hoists the remainder below out of a loop
// that runs zero times, and the program then divides by zero.
//
// RUN: tessera-opt %s -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -loop-invariant-code-motion -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -loop-invariant-code-motion | FileCheck %s

// OUT: 1
// OUT-NEXT: 1
// OUT-NEXT: 2.5
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @main
// The loop of a known positive trip count runs the remainder anyway.
// CHECK:         %[[R:.*]] = arith.remsi %c7_i32, %c2_i32 : i32
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:      vector.print %[[R]] : i32
// CHECK:         affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:      arith.remsi %c7_i32, %c0_i32 : i32
// An index in bounds moves out of both loops, one out of bounds stays.
// CHECK:         tensor.extract %{{.*}}[%c1] : tensor<2xf32>
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 1 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:        tensor.extract %{{.*}}[%c5] : tensor<2xf32>
// An affine.parallel of step 2 stays (mlir-opt 19 moves it too).
// CHECK:         arith.addi %c7_i32, %c2_i32 : i32
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 1 {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (0) to (4) step (2) {
// CHECK-NEXT:      }
func.func @main() {
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.index_cast %c0 : i32 to index
  %t = arith.constant dense<[1.5, 2.5]> : tensor<2xf32>
  affine.for %i = 0 to 2 {
    %r = arith.remsi %c7, %c2 : i32
    vector.print %r : i32
  }
  affine.for %i = 0 to %zero {
    %r = arith.remsi %c7, %c0 : i32
    vector.print %r : i32
  }
  affine.for %i = 0 to 1 {
    affine.for %j = 0 to %zero {
      %e = tensor.extract %t[%c1] : tensor<2xf32>
      %f = tensor.extract %t[%c5] : tensor<2xf32>
      vector.print %f : f32
    }
  }
  affine.for %i = 0 to 1 {
    affine.parallel (%k) = (0) to (4) step (2) {
      %s = arith.addi %c7, %c2 : i32
    }
  }
  %e = tensor.extract %t[%c1] : tensor<2xf32>
  vector.print %e : f32
  return
}

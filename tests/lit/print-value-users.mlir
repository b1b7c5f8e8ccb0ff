// -mlir-print-value-users: a comment after each op naming the users of its
// results (an op by its results, or by its number when it has none: ops
// without results are numbered with the values), and one at the top of
// each block per argument, as mlir-opt 19 prints them.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -mlir-print-value-users | FileCheck %s
// RUN: tessera-opt %s -mlir-print-value-users -mlir-print-op-generic \
// RUN:   | FileCheck %s --check-prefix=GENERIC

// The two functions are numbered 0 and 1, so the values start at 2.
// CHECK-LABEL: func.func @users
// CHECK-NEXT:    // %arg0 is used by %10, %5, %3, %2
// CHECK-NEXT:    // %arg1 is used by %11, %2
// CHECK-NEXT:    %2 = arith.addi %arg0, %arg1 : index // users: %6#0, %6#1, %4, %3
// CHECK-NEXT:    %3 = arith.muli %2, %arg0 : index // user: %4
// CHECK:         %6:2 = "test.two"(%2) : (index) -> (index, index) // users: (%7), (%8, %7)
// CHECK:         %alloc = memref.alloc() : memref<4xindex> // users: %11, %10
// CHECK-NEXT:    memref.store %9, %alloc[%arg0] : memref<4xindex> // id: %10
// CHECK-NEXT:    %11 = memref.load %alloc[%arg1] : memref<4xindex> // user: %12
// CHECK-NEXT:    return %11 : index // id: %12
// The module and the functions are numbered in the generic form too, and
// the numbers go on from region to region.
// GENERIC:       "func.func"
// GENERIC-NEXT:  ^bb0(%[[A:arg[0-9]+]]: index, %{{arg[0-9]+}}: index):
// GENERIC-NEXT:    // %[[A]] is used by %21, %15, %13, %12
func.func @users(%a: index, %b: index) -> index {
  %0 = arith.addi %a, %b : index
  %1 = arith.muli %0, %a : index
  %2 = arith.subi %0, %1 : index
  %3 = arith.addi %a, %2 : index
  %4:2 = "test.two"(%0) : (index) -> (index, index)
  %5 = arith.addi %4#0, %4#1 : index
  %6 = arith.addi %4#1, %3 : index
  %7 = arith.addi %5, %6 : index
  %alloc = memref.alloc() : memref<4xindex>
  memref.store %7, %alloc[%a] : memref<4xindex>
  %8 = memref.load %alloc[%b] : memref<4xindex>
  return %8 : index
}

// Loop bodies are numbered after the function's block; an op with a
// region carries its comment after the closing brace; an unused value and
// a block argument are said so.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    // %arg0 is used by %{{[0-9]+}}
// CHECK-NEXT:    // %arg1 is unused
// CHECK-NEXT:    %c0 = arith.constant 0 : index // unused
// CHECK-NEXT:    %cst = arith.constant 0.000000e+00 : f32 // user: %[[FOR:[0-9]+]]
// CHECK-NEXT:    %[[FOR]] = affine.for %arg2 = 0 to 4 iter_args(%arg3 = %cst) -> (f32) {
// CHECK-NEXT:      // %arg2 is used by %[[LOAD:[0-9]+]]
// CHECK-NEXT:      // %arg3 is used by %[[ADD:[0-9]+]]
// CHECK-NEXT:      %[[LOAD]] = affine.load
// CHECK-NEXT:      %[[ADD]] = arith.addf %arg3, %[[LOAD]] : f32 // user: %[[YIELD:[0-9]+]]
// CHECK-NEXT:      affine.yield %[[ADD]] : f32 // id: %[[YIELD]]
// CHECK-NEXT:    } // user: %[[RET:[0-9]+]]
// CHECK-NEXT:    cf.br ^bb1(%[[FOR]] : f32) // id: %[[RET]]
// CHECK-NEXT:  ^bb1(%[[Q:[0-9]+]]: f32):  // pred: ^bb0
// CHECK-NEXT:    // %[[Q]] is used by %{{[0-9]+}}
func.func @regions(%a: memref<4xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 4 iter_args(%s = %z) -> f32 {
    %v = affine.load %a[%i] : memref<4xf32>
    %t = arith.addf %s, %v : f32
    affine.yield %t : f32
  }
  cf.br ^bb1(%r : f32)
^bb1(%q: f32):
  return %q : f32
}

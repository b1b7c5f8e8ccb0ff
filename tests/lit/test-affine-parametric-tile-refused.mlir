// --test-affine-parametric-tile leaves alone a band whose tiling would run
// a read of A[i-1][j+1] after the write it needs (distance (1, -1)): a
// remark names the dependence, and the program prints what it printed.
// mlir-opt 19 tiles it and the tiled program prints 1, 6, 23 instead of
// 1, 7, 28; not run by mlir-opt. (@main's own nest has no tile sizes: the
// error both tools report for it does not fail the run.)

// RUN: tessera-opt %s -test-affine-parametric-tile 2>&1 | FileCheck %s
// RUN: tessera-opt %s -test-affine-parametric-tile -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -run=main | FileCheck %s --check-prefix=OUT

// CHECK: remark: test-affine-parametric-tile: band not tiled: {{.*}}negative distance
// CHECK-LABEL: func.func @k
// CHECK-NEXT:    affine.for %{{.*}} = 1 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 7 {
// OUT: 1
// OUT-NEXT: 7
// OUT-NEXT: 28

func.func @k(%t0: index, %t1: index, %A: memref<8x8xi64>) {
  affine.for %i = 1 to 8 {
    affine.for %j = 0 to 7 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<8x8xi64>
      %one = arith.constant 1 : i64
      %s = arith.addi %a, %one : i64
      affine.store %s, %A[%i, %j] : memref<8x8xi64>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<8x8xi64>
  %zero = arith.constant 0 : i64
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.store %zero, %A[%i, %j] : memref<8x8xi64>
    }
  }
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  func.call @k(%c2, %c3, %A) : (index, index, memref<8x8xi64>) -> ()
  %a = affine.load %A[1, 0] : memref<8x8xi64>
  vector.print %a : i64
  %b = affine.load %A[7, 0] : memref<8x8xi64>
  vector.print %b : i64
  %sum = affine.for %i = 0 to 8 iter_args(%s = %zero) -> i64 {
    %x = affine.load %A[%i, 0] : memref<8x8xi64>
    %t = arith.addi %s, %x : i64
    affine.yield %t : i64
  }
  vector.print %sum : i64
  return
}

// --affine-super-vectorize: the loop chosen in each nest, the transfers
// (contiguous, broadcast, along a non-minor dimension), splat constants
// and broadcasts, widened ops, reductions, the options and their errors.
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -affine-super-vectorize=virtual-vector-size=8 | FileCheck %s
// RUN: tessera-opt %s -affine-super-vectorize="virtual-vector-size=8 vectorize-reductions" | FileCheck %s --check-prefix=RED
// RUN: tessera-opt %s -affine-super-vectorize="virtual-vector-size=8 test-fastest-varying=0" | FileCheck %s --check-prefix=FAST
// RUN: tessera-opt %s -affine-super-vectorize | FileCheck %s --check-prefix=NONE
// RUN: not tessera-opt %s -affine-super-vectorize=virtual-vector-size=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not tessera-opt %s -affine-super-vectorize="virtual-vector-size=4,4 vectorize-reductions" 2>&1 | FileCheck %s --check-prefix=RED2D
// RUN: not tessera-opt %s -affine-super-vectorize="virtual-vector-size=4 test-fastest-varying=0,1" 2>&1 | FileCheck %s --check-prefix=FASTN
// RUN: not tessera-opt %s -affine-super-vectorize=virtual-vector-size=x 2>&1 | FileCheck %s --check-prefix=BAD

// ZERO: error: Vectorization factor must be greater than zero.
// RED2D: error: Vectorizing reductions is supported only for 1-D vectors.
// FASTN: Fastest varying pattern specified with different size than the vector size.
// BAD: for the --virtual-vector-size option: 'x' value invalid for long argument!

// Contiguous loads and stores, a constant from inside the loop and one
// from outside (splats, the newest first), a function argument broadcast
// at the top of the function.
// CHECK-LABEL: func.func @elementwise
// CHECK-NEXT:    %[[S:.*]] = vector.broadcast %arg3 : f32 to vector<8xf32>
// CHECK:         affine.for %[[I:.*]] = 0 to 128 step 8 {
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
// CHECK-NEXT:      %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<8xf32>
// CHECK-NEXT:      %[[P0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[A:.*]] = vector.transfer_read %arg0[%[[I]]], %[[P0]] : memref<128xf32>, vector<8xf32>
// CHECK-NEXT:      %[[P1:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[B:.*]] = vector.transfer_read %arg1[%[[I]]], %[[P1]] : memref<128xf32>, vector<8xf32>
// CHECK-NEXT:      %[[X:.*]] = arith.addf %[[A]], %[[B]] : vector<8xf32>
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf %[[X]], %[[TWO]] : vector<8xf32>
// CHECK-NEXT:      %[[Z:.*]] = arith.addf %[[Y]], %[[ONE]] : vector<8xf32>
// CHECK-NEXT:      %[[W:.*]] = arith.subf %[[Z]], %[[S]] : vector<8xf32>
// CHECK-NEXT:      vector.transfer_write %[[W]], %arg2[%[[I]]] : vector<8xf32>, memref<128xf32>
// NONE-LABEL: func.func @elementwise
// NONE:         affine.for %{{.*}} = 0 to 128 {
func.func @elementwise(%A: memref<128xf32>, %B: memref<128xf32>, %C: memref<128xf32>, %s: f32) {
  %c1 = arith.constant 1.0 : f32
  affine.for %i = 0 to 128 {
    %c2 = arith.constant 2.0 : f32
    %a = affine.load %A[%i] : memref<128xf32>
    %b = affine.load %B[%i] : memref<128xf32>
    %x = arith.addf %a, %b : f32
    %y = arith.mulf %x, %c2 : f32
    %z = arith.addf %y, %c1 : f32
    %w = arith.subf %z, %s : f32
    affine.store %w, %C[%i] : memref<128xf32>
  }
  return
}

// The innermost loop is vectorized; an access invariant in it is a
// broadcast read. test-fastest-varying=0 keeps only loops whose accesses
// move along the minor dimension.
// CHECK-LABEL: func.func @nest
// CHECK:         affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 64 step 8 {
// CHECK:             vector.transfer_read %arg0[%[[I]], %[[J]]], %{{.*}} : memref<16x64xf32>, vector<8xf32>
// CHECK:             vector.transfer_read %arg1[%[[I]]], %{{.*}} {in_bounds = [true], permutation_map = #{{.*}}} : memref<16xf32>, vector<8xf32>
// CHECK:             vector.transfer_write %{{.*}}, %arg0[%[[I]], %[[J]]] : vector<8xf32>, memref<16x64xf32>
func.func @nest(%A: memref<16x64xf32>, %r: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<16x64xf32>
      %b = affine.load %r[%i] : memref<16xf32>
      %x = arith.addf %a, %b : f32
      affine.store %x, %A[%i, %j] : memref<16x64xf32>
    }
  }
  return
}

// Accesses moving along the major dimension get a permutation map. With
// test-fastest-varying=0 the inner loop moves the wrong dimension, and the
// outer one, moving the minor dimension, is vectorized instead.
// CHECK-LABEL: func.func @column
// CHECK:         affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 64 step 8 {
// CHECK:             vector.transfer_read %arg0[%[[J]], %[[I]]], %{{.*}} {permutation_map = #[[COL:.*]]} : memref<64x16xf32>, vector<8xf32>
// CHECK:             vector.transfer_write %{{.*}}, %arg0[%[[J]], %[[I]]] {permutation_map = #[[COL]]} : vector<8xf32>, memref<64x16xf32>
// FAST-LABEL: func.func @column
// FAST:         affine.for %{{.*}} = 0 to 16 step 8 {
// FAST-NEXT:      affine.for %{{.*}} = 0 to 64 {
// FAST:             vector.transfer_read %arg0[%{{.*}}, %{{.*}}], %{{.*}} : memref<64x16xf32>, vector<8xf32>
func.func @column(%D: memref<64x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %d = affine.load %D[%j, %i] : memref<64x16xf32>
      %x = arith.addf %d, %d : f32
      affine.store %x, %D[%j, %i] : memref<64x16xf32>
    }
  }
  return
}

// Comparisons widen to vectors of i1, selects take a vector condition,
// casts and math ops keep their flags; an integer padding is a 0 of the
// element type.
// CHECK-LABEL: func.func @widen
// CHECK:         %[[C:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:         arith.select %[[C]], %{{.*}}, %{{.*}} : vector<8xi1>, vector<8xi32>
// CHECK:         arith.sitofp %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK:         math.exp %{{.*}} fastmath<fast> : vector<8xf32>
func.func @widen(%A: memref<64xi32>, %B: memref<64xi32>, %F: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %b = affine.load %B[%i] : memref<64xi32>
    %c = arith.cmpi slt, %a, %b : i32
    %m = arith.select %c, %a, %b : i32
    affine.store %m, %A[%i] : memref<64xi32>
    %f = arith.sitofp %m : i32 to f32
    %e = math.exp %f fastmath<fast> : f32
    affine.store %e, %F[%i] : memref<64xf32>
  }
  return
}

// Reductions: a splat of the neutral element feeds the loop, the lanes
// are folded after it and combined with the initial value, unless that is
// the neutral element. Without vectorize-reductions the loop stays. (A
// float sum needs the reassoc flag in tessera: see
// affine-super-vectorize-exact.mlir.)
// CHECK-LABEL: func.func @sum
// CHECK:         affine.for %{{.*}} = 0 to 128 iter_args
// RED-LABEL: func.func @sum
// RED:         %[[N:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// RED-NEXT:    %[[V:.*]] = affine.for %{{.*}} = 0 to 128 step 8 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<8xf32>) {
// RED:           %[[S:.*]] = arith.addf %[[ACC]], %{{.*}} fastmath<reassoc> : vector<8xf32>
// RED-NEXT:      affine.yield %[[S]] : vector<8xf32>
// RED:         %[[R:.*]] = vector.reduction <add>, %[[V]] : vector<8xf32> into f32
// RED-NEXT:    %[[T:.*]] = arith.addf %[[R]], %arg1 : f32
// RED-NEXT:    return %[[T]] : f32
func.func @sum(%A: memref<128xf32>, %init: f32) -> f32 {
  %r = affine.for %i = 0 to 128 iter_args(%acc = %init) -> f32 {
    %a = affine.load %A[%i] : memref<128xf32>
    %s = arith.addf %acc, %a fastmath<reassoc> : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// RED-LABEL: func.func @max_from_neutral
// RED:         arith.constant dense<-2147483648> : vector<8xi32>
// RED:         %[[R:.*]] = vector.reduction <maxsi>, %{{.*}} : vector<8xi32> into i32
// RED-NEXT:    return %[[R]] : i32
func.func @max_from_neutral(%A: memref<64xi32>) -> i32 {
  %lowest = arith.constant -2147483648 : i32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %lowest) -> i32 {
    %a = affine.load %A[%i] : memref<64xi32>
    %m = arith.maxsi %acc, %a : i32
    affine.yield %m : i32
  }
  return %r : i32
}

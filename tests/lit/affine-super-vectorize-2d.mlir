// --affine-super-vectorize with two and three vector dimensions: the
// loops MLIR's nested patterns pick (innermost nests first, sibling loops
// sharing a dimension), transposing permutation maps, splats of both
// dimensions, test-fastest-varying, and more than three sizes (no
// pattern: nothing changes).
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -affine-super-vectorize=virtual-vector-size=4,8 | FileCheck %s
// RUN: tessera-opt %s -affine-super-vectorize=virtual-vector-size=2,4,8 | FileCheck %s --check-prefix=THREE
// RUN: tessera-opt %s -affine-super-vectorize="virtual-vector-size=4,8 test-fastest-varying=0,2" | FileCheck %s --check-prefix=FAST
// RUN: tessera-opt %s -affine-super-vectorize=virtual-vector-size=2,2,4,8 | FileCheck %s --check-prefix=FOUR

// FOUR-NOT: vector
// The maps of @transposed come first.
// CHECK:      #[[T:.*]] = affine_map<(d0, d1, d2) -> (d1, d0)>
// FAST:       #[[F:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>

// A perfect nest: the outer loop takes vector dimension 0, the inner one
// dimension 1; splats and broadcasts have both dimensions.
// CHECK-LABEL: func.func @perfect
// CHECK-NEXT:    %[[S:.*]] = vector.broadcast %arg2 : f32 to vector<4x8xf32>
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 64 step 4 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 128 step 8 {
// CHECK-NEXT:        %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<4x8xf32>
// CHECK-NEXT:        %[[P:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:        %[[A:.*]] = vector.transfer_read %arg0[%[[I]], %[[J]]], %[[P]] : memref<64x128xf32>, vector<4x8xf32>
// CHECK-NEXT:        %[[M:.*]] = arith.mulf %[[A]], %[[TWO]] : vector<4x8xf32>
// CHECK-NEXT:        %[[X:.*]] = arith.addf %[[M]], %[[S]] : vector<4x8xf32>
// CHECK-NEXT:        vector.transfer_write %[[X]], %arg1[%[[I]], %[[J]]] : vector<4x8xf32>, memref<64x128xf32>
// THREE-LABEL: func.func @perfect
// THREE-NOT:     vector
// THREE:         return
func.func @perfect(%A: memref<64x128xf32>, %B: memref<64x128xf32>, %s: f32) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      %v = affine.load %A[%i, %j] : memref<64x128xf32>
      %c = arith.constant 2.0 : f32
      %w = arith.mulf %v, %c : f32
      %x = arith.addf %w, %s : f32
      affine.store %x, %B[%i, %j] : memref<64x128xf32>
    }
  }
  return
}

// Three parallel loops: the innermost pair is vectorized (the outer loop
// would give vector dimension 1 to two loops nested in one another).
// CHECK-LABEL: func.func @innermost_pair
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 64 step 4 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 128 step 8 {
// CHECK:               vector.transfer_read {{.*}} : memref<8x64x128xf32>, vector<4x8xf32>
// THREE-LABEL: func.func @innermost_pair
// THREE-NEXT:    affine.for %{{.*}} = 0 to 8 step 2 {
// THREE-NEXT:      affine.for %{{.*}} = 0 to 64 step 4 {
// THREE-NEXT:        affine.for %{{.*}} = 0 to 128 step 8 {
// THREE:               %[[V:.*]] = vector.transfer_read {{.*}} : memref<8x64x128xf32>, vector<2x4x8xf32>
// THREE-NEXT:          %[[W:.*]] = arith.addf %[[V]], %[[V]] : vector<2x4x8xf32>
// THREE-NEXT:          vector.transfer_write %[[W]], {{.*}} : vector<2x4x8xf32>, memref<8x64x128xf32>
func.func @innermost_pair(%A: memref<8x64x128xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 64 {
      affine.for %j = 0 to 128 {
        %u = affine.load %A[%i, %k, %j] : memref<8x64x128xf32>
        %w = arith.addf %u, %u : f32
        affine.store %w, %A[%i, %k, %j] : memref<8x64x128xf32>
      }
    }
  }
  return
}

// Two sibling loops take vector dimension 1; a constant of the outer
// loop is splat at its top and serves both.
// CHECK-LABEL: func.func @siblings
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 64 step 4 {
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<4x8xf32>
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 128 step 8 {
// CHECK:             arith.addf %{{.*}}, %[[ONE]] : vector<4x8xf32>
// CHECK:           affine.for %{{.*}} = 0 to 128 step 8 {
// CHECK:             arith.mulf {{.*}} : vector<4x8xf32>
func.func @siblings(%A: memref<64x128xf32>, %B: memref<64x128xf32>) {
  affine.for %i = 0 to 64 {
    %c = arith.constant 1.0 : f32
    affine.for %j = 0 to 128 {
      %u = affine.load %A[%i, %j] : memref<64x128xf32>
      %w = arith.addf %u, %c : f32
      affine.store %w, %B[%i, %j] : memref<64x128xf32>
    }
    affine.for %j = 0 to 128 {
      %u = affine.load %B[%i, %j] : memref<64x128xf32>
      %w = arith.mulf %u, %u : f32
      affine.store %w, %A[%i, %j] : memref<64x128xf32>
    }
  }
  return
}

// Lanes along memref dimensions 1 and 0: a transposing permutation map;
// with test-fastest-varying=0,2 the outer loop (along the minor memref
// dimension) takes vector dimension 0.
// CHECK-LABEL: func.func @transposed
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 128 {
// CHECK-NEXT:      affine.for %[[K:.*]] = 0 to 16 step 4 {
// CHECK-NEXT:        affine.for %[[J:.*]] = 0 to 64 step 8 {
// CHECK:               vector.transfer_read %arg0[%[[J]], %[[K]], %[[I]]], %{{.*}} {permutation_map = #[[T]]} : memref<64x16x128xf32>, vector<4x8xf32>
// CHECK:               vector.transfer_write %{{.*}}, %arg0[%[[J]], %[[K]], %[[I]]] {permutation_map = #[[T]]} : vector<4x8xf32>, memref<64x16x128xf32>
// FAST-LABEL:  func.func @transposed
// FAST-NEXT:     affine.for %{{.*}} = 0 to 128 step 4 {
// FAST-NEXT:       affine.for %{{.*}} = 0 to 16 {
// FAST-NEXT:         affine.for %{{.*}} = 0 to 64 step 8 {
// FAST:                vector.transfer_read {{.*}} {permutation_map = #[[F]]} : memref<64x16x128xf32>, vector<4x8xf32>
func.func @transposed(%A: memref<64x16x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %k = 0 to 16 {
      affine.for %j = 0 to 64 {
        %u = affine.load %A[%j, %k, %i] : memref<64x16x128xf32>
        %w = arith.addf %u, %u : f32
        affine.store %w, %A[%j, %k, %i] : memref<64x16x128xf32>
      }
    }
  }
  return
}

// 100 is not a multiple of 8, but the lanes past the bound are past the
// memref too: the transfers skip them.
// CHECK-LABEL: func.func @past_the_memref
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 60 step 4 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 100 step 8 {
// CHECK:             vector.transfer_read {{.*}} : memref<60x100xf32>, vector<4x8xf32>
func.func @past_the_memref(%A: memref<60x100xf32>, %B: memref<60x100xf32>) {
  affine.for %i = 0 to 60 {
    affine.for %j = 0 to 100 {
      %u = affine.load %A[%i, %j] : memref<60x100xf32>
      affine.store %u, %B[%i, %j] : memref<60x100xf32>
    }
  }
  return
}

// --affine-pipeline-data-transfer on loops it pipelines as mlir-opt 19
// does: the same double buffers (memref<2x...>), the transfer of the
// first iteration before the loop, the steady-state loop from the second
// iteration on, the last computation after it. `tests/pipeline_dma.rs`
// compares the double buffers and transfers with mlir-opt's output.
//
// RUN: tessera-opt %s -split-input-file --affine-pipeline-data-transfer | FileCheck %s

// CHECK-LABEL: func.func @simple
// CHECK: memref.alloc() : memref<2x32xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_start
// CHECK: affine.for %{{.*}} = 1 to 8 {
// CHECK: affine.dma_wait
// CHECK: return
func.func @simple(%A: memref<256xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 8 {
    affine.dma_start %A[%i * 32], %buf[0], %tag[0], %c32 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c32 : memref<1xi32>
    %v = affine.load %buf[5] : memref<32xf32, 1>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @step_lb
// CHECK: memref.alloc() : memref<2x4xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_start
// CHECK: affine.for %{{.*}} = 6 to 30 step 4 {
// CHECK: affine.dma_wait
// CHECK: return
func.func @step_lb(%A: memref<256xf32>, %out: memref<64xf32>) {
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 2 to 30 step 4 {
    affine.dma_start %A[%i], %buf[0], %tag[0], %c4 : memref<256xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c4 : memref<1xi32>
    %v = affine.load %buf[3] : memref<4xf32, 1>
    affine.store %v, %out[%i] : memref<64xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<4xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @trip2
// CHECK: memref.alloc() : memref<2x32xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_wait
// CHECK: return
func.func @trip2(%A: memref<256xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 2 {
    affine.dma_start %A[%i * 32], %buf[0], %tag[0], %c32 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c32 : memref<1xi32>
    %v = affine.load %buf[5] : memref<32xf32, 1>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @trip3
// CHECK: memref.alloc() : memref<2x32xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_start
// CHECK: affine.for %{{.*}} = 1 to 3 {
// CHECK: affine.dma_wait
// CHECK: return
func.func @trip3(%A: memref<256xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 3 {
    affine.dma_start %A[%i * 32], %buf[0], %tag[0], %c32 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c32 : memref<1xi32>
    %v = affine.load %buf[5] : memref<32xf32, 1>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @symlb
// CHECK: memref.alloc() : memref<2x32xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_start
// CHECK: affine.for %{{.*}} = #{{.*}}()[%{{.*}}] to #{{.*}}()[%{{.*}}] {
// CHECK: affine.dma_wait
// CHECK: return
func.func @symlb(%A: memref<256xf32>, %out: memref<16xf32>, %N: index) {
  %c32 = arith.constant 32 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = %N to affine_map<()[s0] -> (s0 + 8)>()[%N] {
    affine.dma_start %A[%i], %buf[0], %tag[0], %c32 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c32 : memref<1xi32>
    %v = affine.load %buf[5] : memref<32xf32, 1>
    affine.store %v, %out[%i] : memref<16xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @shared_apply
// CHECK: memref.alloc() : memref<2x32xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_start
// CHECK: affine.for %{{.*}} = 1 to 8 {
// CHECK: affine.dma_wait
// CHECK: return
// %idx feeds both the dma_start and a store -> createAffineComputationSlice
// makes a private copy for the dma_start (shift 0); %idx keeps shift 1.
func.func @shared_apply(%A: memref<256xf32>, %out: memref<256xf32>) {
  %c32 = arith.constant 32 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 8 {
    %idx = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    affine.dma_start %A[%idx], %buf[0], %tag[0], %c32 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c32 : memref<1xi32>
    %v = affine.load %buf[5] : memref<32xf32, 1>
    affine.store %v, %out[%idx] : memref<256xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @two_pairs
// CHECK: memref.alloc() : memref<2x16xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: memref.alloc() : memref<2x16xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_start
// CHECK: affine.for %{{.*}} = 1 to 8 {
// CHECK: affine.dma_wait
// CHECK: return
// Two independent incoming DMAs with separate buffers and tags + a nested loop
// using the iv.
func.func @two_pairs(%A: memref<256xf32>, %B: memref<256xf32>, %out: memref<8x4xf32>) {
  %c16 = arith.constant 16 : index
  %b1 = memref.alloc() : memref<16xf32, 1>
  %b2 = memref.alloc() : memref<16xf32, 1>
  %t1 = memref.alloc() : memref<1xi32>
  %t2 = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 8 {
    affine.dma_start %A[%i * 16], %b1[0], %t1[0], %c16 : memref<256xf32>, memref<16xf32, 1>, memref<1xi32>
    affine.dma_start %B[%i * 16], %b2[0], %t2[0], %c16 : memref<256xf32>, memref<16xf32, 1>, memref<1xi32>
    affine.dma_wait %t1[0], %c16 : memref<1xi32>
    affine.dma_wait %t2[0], %c16 : memref<1xi32>
    affine.for %j = 0 to 4 {
      %v = affine.load %b1[%j] : memref<16xf32, 1>
      %w = affine.load %b2[%j + 4] : memref<16xf32, 1>
      %s = arith.addf %v, %w : f32
      affine.store %s, %out[%i, %j] : memref<8x4xf32>
    }
  }
  memref.dealloc %t2 : memref<1xi32>
  memref.dealloc %t1 : memref<1xi32>
  memref.dealloc %b2 : memref<16xf32, 1>
  memref.dealloc %b1 : memref<16xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @step3
// CHECK: memref.alloc() : memref<2x4xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_start
// CHECK: affine.for %{{.*}} = 4 to 12 step 4 {
// CHECK: affine.dma_wait
// CHECK: return
func.func @step3(%A: memref<256xf32>, %out: memref<16xf32>) {
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 10 step 4 {
    affine.dma_start %A[%i], %buf[0], %tag[0], %c4 : memref<256xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c4 : memref<1xi32>
    %v = affine.load %buf[1] : memref<4xf32, 1>
    affine.store %v, %out[%i] : memref<16xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<4xf32, 1>
  return
}

// -----

// CHECK-LABEL: func.func @minub
// CHECK: memref.alloc() : memref<2x32xf32, 1>
// CHECK: memref.alloc() : memref<2x1xi32>
// CHECK: affine.dma_start
// CHECK: affine.for %{{.*}} = 1 to 8 {
// CHECK: affine.dma_wait
// CHECK: return
// ub is a min of two constants -> trip count min(8,10)=8
func.func @minub(%A: memref<256xf32>, %out: memref<256xf32>) {
  %c32 = arith.constant 32 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to min affine_map<() -> (8, 10)>() {
    affine.dma_start %A[%i], %buf[0], %tag[0], %c32 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c32 : memref<1xi32>
    %v = affine.load %buf[5] : memref<32xf32, 1>
    affine.store %v, %out[%i] : memref<256xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

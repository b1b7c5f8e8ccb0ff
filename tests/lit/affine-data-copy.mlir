// --affine-data-copy-generate and --test-affine-data-copy: the copies'
// placement and form (MLIR 19's, without its unused constants and dead
// affine.apply ops), DMA transfers with a stride, and the test pass.
//
// RUN: tessera-opt %s -split-input-file -affine-data-copy-generate="generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops" | FileCheck %s
// RUN: tessera-opt %s -split-input-file -affine-data-copy-generate="skip-non-unit-stride-loops fast-mem-space=2 tag-mem-space=3" | FileCheck %s --check-prefix=DMA
// RUN: tessera-opt %s -split-input-file -test-affine-data-copy=memref-filter | FileCheck %s --check-prefix=FILTER
// RUN: not tessera-opt %s -affine-data-copy-generate="min-dma-transfer=abc" 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: for the --min-dma-transfer option: 'abc' value invalid for integer argument!

#id = affine_map<(d0) -> (d0)>
#ub = affine_map<(d0) -> (d0 + 32)>

// A tiled matmul: copies of A's and B's tiles around the %ii loop, C's
// tile hoisted above %k's loop (its box does not depend on %k): copied
// in before, out after.
// CHECK-LABEL: func.func @matmul
// CHECK:      affine.for %[[I:.*]] = 0 to 128 step 32 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 128 step 32 {
// CHECK-NEXT:     %[[C:.*]] = memref.alloc() : memref<32x32xf32>
// CHECK-NEXT:     affine.for %[[X:.*]] = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
// CHECK-NEXT:       affine.for %[[Y:.*]] = #{{.*}}(%[[J]]) to #{{.*}}(%[[J]]) {
// CHECK-NEXT:         %[[V:.*]] = affine.load %arg2[%[[X]], %[[Y]]] : memref<128x128xf32>
// CHECK-NEXT:         affine.store %[[V]], %[[C]][%[[X]] - %[[I]], %[[Y]] - %[[J]]] : memref<32x32xf32>
// CHECK:          affine.for %[[K:.*]] = 0 to 128 step 32 {
// CHECK-NEXT:       %[[A:.*]] = memref.alloc() : memref<32x32xf32>
// CHECK:            %[[B:.*]] = memref.alloc() : memref<32x32xf32>
// CHECK:            affine.load %[[A]][-%[[I]] + %{{.*}}, -%[[K]] + %{{.*}}] : memref<32x32xf32>
// CHECK:            memref.dealloc %[[B]] : memref<32x32xf32>
// CHECK-NEXT:       memref.dealloc %[[A]] : memref<32x32xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for
// CHECK:              affine.store %{{.*}}, %arg2[%{{.*}}, %{{.*}}] : memref<128x128xf32>
// CHECK:          memref.dealloc %[[C]] : memref<32x32xf32>

// The same with DMA ops, where a 32 x 32 tile of a 128 x 128 memref is 32 runs of
// 32 elements, 128 apart; the tags are in memory space 3.
// DMA-LABEL: func.func @matmul
// DMA:         %[[C:.*]] = memref.alloc() : memref<32x32xf32, 2>
// DMA-NEXT:    %[[T:.*]] = memref.alloc() : memref<1xi32, 3>
// DMA-NEXT:    %[[N:.*]] = arith.constant 1024 : index
// DMA-NEXT:    %[[S:.*]] = arith.constant 128 : index
// DMA-NEXT:    %[[P:.*]] = arith.constant 32 : index
// DMA-NEXT:    affine.dma_start %arg2[%{{.*}}, %{{.*}}], %[[C]][0, 0], %[[T]][0], %[[N]], %[[S]], %[[P]] : memref<128x128xf32>, memref<32x32xf32, 2>, memref<1xi32, 3>
// DMA-NEXT:    affine.dma_wait %[[T]][0], %[[N]] : memref<1xi32, 3>
// DMA-NEXT:    memref.dealloc %[[T]] : memref<1xi32, 3>

// The test pass copies the memref of the innermost loop's first load (A)
// in the outermost loop's body: a 32 x 128 band per %i.
// FILTER-LABEL: func.func @matmul
// FILTER:      affine.for %[[I:.*]] = 0 to 128 step 32 {
// FILTER-NEXT:   %[[A:.*]] = memref.alloc() : memref<32x128xf32>
// FILTER-NOT:    memref.alloc
// FILTER:        memref.dealloc %[[A]] : memref<32x128xf32>
func.func @matmul(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 step 32 {
    affine.for %j = 0 to 128 step 32 {
      affine.for %k = 0 to 128 step 32 {
        affine.for %ii = #id(%i) to #ub(%i) {
          affine.for %jj = #id(%j) to #ub(%j) {
            affine.for %kk = #id(%k) to #ub(%k) {
              %a = affine.load %A[%ii, %kk] : memref<128x128xf32>
              %b = affine.load %B[%kk, %jj] : memref<128x128xf32>
              %c = affine.load %C[%ii, %jj] : memref<128x128xf32>
              %p = arith.mulf %a, %b : f32
              %s = arith.addf %c, %p : f32
              affine.store %s, %C[%ii, %jj] : memref<128x128xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Partial tiles (a min upper bound): the box is 100 wide but the last
// tile leaves the memref, so the copy loops are clipped to it — and, as
// the box may leave the memref, no DMA is used.
// CHECK-LABEL: func.func @partial_tiles
// CHECK:       memref.alloc() : memref<100xf32>
// CHECK-NEXT:  affine.for %{{.*}} = max #{{.*}}(%{{.*}}) to min #{{.*}}(%{{.*}}) {
// DMA-LABEL:   func.func @partial_tiles
// DMA-NOT:     affine.dma_start
// DMA:         return
func.func @partial_tiles(%A: memref<250xf32>) {
  affine.for %i = 0 to 250 step 100 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0) -> (250, d0 + 100)>(%i) {
      %v = affine.load %A[%ii] : memref<250xf32>
      %w = arith.mulf %v, %v : f32
      affine.store %w, %A[%ii] : memref<250xf32>
    }
  }
  return
}

// -----

// B's box starts at %m, defined inside the straight-line range: its copy
// cannot go before the range, so B is left alone (mlir-opt 19 copies it
// anyway and fails its own verifier: "operand #0 does not dominate this
// use"). A's one element is copied.
// CHECK-LABEL: func.func @symbol_defined_in_range
// CHECK:       memref.alloc() : memref<1xf32>
// CHECK-NOT:   memref.alloc()
// CHECK:       return
func.func @symbol_defined_in_range(%A: memref<100xf32>, %B: memref<100xf32>, %n: index) {
  %x = affine.load %A[0] : memref<100xf32>
  %m = arith.addi %n, %n : index
  %y = affine.load %B[symbol(%m)] : memref<100xf32>
  %z = arith.addf %x, %y : f32
  affine.store %z, %B[symbol(%m) + 1] : memref<100xf32>
  return
}

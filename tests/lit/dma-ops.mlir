// The DMA ops of the affine and memref dialects (the seeds' `dma_start` /
// `dma_wait`): custom and generic forms, maps folded into the affine
// subscripts and the optional stride operands.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessera-opt %s -mlir-print-op-generic | tessera-opt | FileCheck %s

// CHECK-LABEL: func.func @affine_dma
// CHECK: affine.dma_start %{{.*}}[%[[I:.*]] * 64 + 3], %{{.*}}[%[[I]] * 64], %{{.*}}[%c0], %c64 : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
// CHECK: affine.dma_wait %{{.*}}[%c0], %c64 : memref<1xi32>
// CHECK: affine.dma_start %{{.*}}[%[[I]], 0], %{{.*}}[0, symbol(%{{.*}})], %{{.*}}[%[[I]] mod 2], %c64, %{{.*}}, %c8 : memref<4x256xf32>, memref<2x64xf32, 1>, memref<2xi32>
// CHECK: affine.dma_wait %{{.*}}[%[[I]] mod 2], %c64 : memref<2xi32>
// GENERIC: "affine.dma_start"(%{{.*}}) {dst_map = #map{{[0-9]*}}, src_map = #map{{[0-9]*}}, tag_map = #map{{[0-9]*}}} : (memref<256xf32>, index, memref<256xf32, 1>, index, memref<1xi32>, index, index) -> ()
// GENERIC: "affine.dma_wait"(%{{.*}}) {tag_map = #map{{[0-9]*}}} : (memref<1xi32>, index, index) -> ()
func.func @affine_dma(%A: memref<256xf32>, %B: memref<4x256xf32>, %n: index) {
  %buf = memref.alloc() : memref<256xf32, 1>
  %buf2 = memref.alloc() : memref<2x64xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %tags = memref.alloc() : memref<2xi32>
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  affine.for %i = 0 to 4 {
    affine.dma_start %A[%i * 64 + 3], %buf[%i * 64 + 1 - 1], %tag[%c0], %c64 : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c64 : memref<1xi32>
    affine.dma_start %B[%i, 0], %buf2[0, symbol(%n)], %tags[%i mod 2], %c64, %n, %c8 : memref<4x256xf32>, memref<2x64xf32, 1>, memref<2xi32>
    affine.dma_wait %tags[%i mod 2], %c64 : memref<2xi32>
  }
  return
}

// CHECK-LABEL: func.func @memref_dma
// CHECK: memref.dma_start %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] : memref<4x8xf32>, memref<8xf32, 2>, memref<1xi32>
// CHECK: memref.dma_start %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<4x8xf32>, memref<8xf32, 2>, memref<1xi32>
// CHECK: memref.dma_wait %{{.*}}[%{{.*}}], %{{.*}} : memref<1xi32>
// GENERIC: "memref.dma_start"(%{{.*}}) : (memref<4x8xf32>, index, index, memref<8xf32, 2>, index, index, memref<1xi32>, index) -> ()
// GENERIC: "memref.dma_wait"(%{{.*}}) : (memref<1xi32>, index, index) -> ()
func.func @memref_dma(%A: memref<4x8xf32>, %buf: memref<8xf32, 2>, %tag: memref<1xi32>, %i: index, %n: index) {
  "memref.dma_start"(%A, %i, %i, %buf, %i, %n, %tag, %i) : (memref<4x8xf32>, index, index, memref<8xf32, 2>, index, index, memref<1xi32>, index) -> ()
  memref.dma_start %A[%i, %i], %buf[%i], %n, %tag[%i], %n, %n : memref<4x8xf32>, memref<8xf32, 2>, memref<1xi32>
  memref.dma_wait %tag[%i], %n : memref<1xi32>
  return
}

// A trailing comma with no stride operands after it is accepted, as
// MLIR's parseTrailingOperandList accepts it (upstream's test writes it).
// CHECK-LABEL: func.func @trailing_comma
// CHECK: affine.dma_start %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}} : memref<512xf32>, memref<4xf32, 1>, memref<1xi32>
func.func @trailing_comma(%A: memref<512xf32>, %i: index, %c0: index, %c4: index) {
  %1 = memref.alloc() : memref<4xf32, 1>
  %2 = memref.alloc() : memref<1xi32>
  affine.dma_start %A[%i], %1[%c0], %2[%c0], %c4,
            : memref<512xf32>, memref<4xf32, 1>, memref<1xi32>
  return
}

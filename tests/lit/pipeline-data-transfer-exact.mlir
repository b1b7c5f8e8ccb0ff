// --affine-pipeline-data-transfer where mlir-opt 19 changes what the
// program computes; tessera leaves each loop as it is (with --verbose, a
// remark says why). `tests/pipeline_dma.rs` runs each @main and
// mlir-opt's output of it in the interpreter: they print differently or
// fault. (mlir-cpu-runner cannot run DMA ops.)
//
// RUN: tessera-opt %s -split-input-file --affine-pipeline-data-transfer --verbose 2>&1 | FileCheck %s

// The loop stores A[i + 1], which the next iteration's transfer reads: the
// skew starts that transfer before the store. mlir-opt prints
// 100 110 111 112 ... for 100 110 120 130 ...
// CHECK: remark: not pipelined: line {{[0-9]+}} writes the memory a transfer reads
func.func @main() {
  %A = memref.alloc() : memref<9xf32>
  %c1 = arith.constant 1 : index
  %ten = arith.constant 10.0 : f32
  %first = arith.constant 100.0 : f32
  affine.for %k = 0 to 9 {
    affine.store %first, %A[%k] : memref<9xf32>
  }
  %buf = memref.alloc() : memref<1xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 8 {
    affine.dma_start %A[%i], %buf[0], %tag[0], %c1 : memref<9xf32>, memref<1xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c1 : memref<1xi32>
    %v = affine.load %buf[0] : memref<1xf32, 1>
    %w = arith.addf %v, %ten : f32
    affine.store %w, %A[%i + 1] : memref<9xf32>
  }
  %u = memref.cast %A : memref<9xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)

// -----

// Transfer i writes only buf[i], and every iteration reads buf[0], which
// only the first transfer wrote: after double buffering, odd iterations
// read the other slot, which nothing wrote.
// CHECK: remark: not pipelined: a transfer does not overwrite its whole buffer
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  %out = memref.alloc() : memref<8xf32>
  %c1 = arith.constant 1 : index
  affine.for %k = 0 to 8 {
    %x = arith.index_cast %k : index to i32
    %f = arith.sitofp %x : i32 to f32
    affine.store %f, %A[%k] : memref<8xf32>
  }
  %buf = memref.alloc() : memref<8xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 8 {
    affine.dma_start %A[%i], %buf[%i], %tag[0], %c1 : memref<8xf32>, memref<8xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c1 : memref<1xi32>
    %v = affine.load %buf[0] : memref<8xf32, 1>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  %u = memref.cast %out : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)

// -----

// A loop that never runs: mlir-opt's epilogue runs its computation once,
// with i = lb - 1, storing to out[-1].
// CHECK: remark: not pipelined: the loop never runs
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  %out = memref.alloc() : memref<8xf32>
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  affine.for %k = 0 to 8 {
    affine.store %zero, %out[%k] : memref<8xf32>
  }
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 0 {
    affine.dma_start %A[%i * 32], %buf[0], %tag[0], %c32 : memref<64xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c32 : memref<1xi32>
    %v = affine.load %buf[5] : memref<32xf32, 1>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  %u = memref.cast %out : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)

// -----

// The buffer is the caller's: after the loop it holds the last tile.
// mlir-opt double-buffers into a new allocation and never writes it.
// CHECK: remark: not pipelined: a buffer or tag is not a memref.alloc of a static shape made before the loop
func.func @tiles(%A: memref<64xf32>, %buf: memref<8xf32, 1>, %out: memref<8xf32>) {
  %c8 = arith.constant 8 : index
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 8 {
    affine.dma_start %A[%i * 8], %buf[0], %tag[0], %c8 : memref<64xf32>, memref<8xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[0], %c8 : memref<1xi32>
    %v = affine.load %buf[3] : memref<8xf32, 1>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  return
}
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  %buf = memref.alloc() : memref<8xf32, 1>
  %out = memref.alloc() : memref<8xf32>
  affine.for %k = 0 to 64 {
    %x = arith.index_cast %k : index to i32
    %f = arith.sitofp %x : i32 to f32
    affine.store %f, %A[%k] : memref<64xf32>
  }
  call @tiles(%A, %buf, %out) : (memref<64xf32>, memref<8xf32, 1>, memref<8xf32>) -> ()
  %copy = memref.alloc() : memref<8xf32>
  memref.copy %buf, %copy : memref<8xf32, 1> to memref<8xf32>
  %u = memref.cast %copy : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)

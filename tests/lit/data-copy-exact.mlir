// affine-data-copy-generate where mlir-opt 19 changes what the program
// computes: `tests/data_copy.rs` runs each case's @main, the original,
// mlir-opt's output and tessera's, under mlir-cpu-runner. mlir-opt's
// prints something else; tessera's prints what the original prints.
//
// RUN: tessera-opt %s -split-input-file -affine-data-copy-generate="generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops" | FileCheck %s

// Stores with a gap (B[i] and B[i + 32], i < 4): the 36-element box is
// copied out whole, so it must be copied in first. mlir-opt does not copy
// it in and writes garbage over B[4..31].
// CHECK-LABEL: func.func @main
// CHECK:      %[[BUF:.*]] = memref.alloc() : memref<36xf32>
// CHECK-NEXT: affine.for %[[X:.*]] = 0 to 36 {
// CHECK-NEXT:   %[[V:.*]] = affine.load %[[B:.*]][%[[X]]] : memref<64xf32>
// CHECK-NEXT:   affine.store %[[V]], %[[BUF]][%[[X]]] : memref<36xf32>
func.func @main() {
  %B = memref.alloc() : memref<64xf32>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 64 {
    affine.store %one, %B[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 4 {
    affine.store %two, %B[%i] : memref<64xf32>
    affine.store %two, %B[%i + 32] : memref<64xf32>
  }
  %u = memref.cast %B : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)

// -----

// The copies of A for the first inner loop are not hoisted above %t's
// loop: the second inner loop reads A inside it. mlir-opt hoists the
// copy-out after %t's loop, so the second loop reads the old A.
// CHECK-LABEL: func.func @main
// CHECK:      affine.for %{{.*}} = 0 to 2 step 2 {
// CHECK-NEXT:   %[[A:.*]] = memref.alloc() : memref<8xf32>
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  %B = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %one, %A[%i] : memref<8xf32>
    affine.store %one, %B[%i] : memref<8xf32>
  }
  affine.for %t = 0 to 2 step 2 {
    affine.for %i = 0 to 8 {
      affine.store %two, %A[%i] : memref<8xf32>
    }
    affine.for %i = 0 to 8 {
      %v = affine.load %A[%i] : memref<8xf32>
      affine.store %v, %B[%i] : memref<8xf32>
    }
  }
  %u = memref.cast %B : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)

// -----

// A memref.load and memref.store of A beside its affine accesses: tessera
// leaves A alone. mlir-opt copies A in and out but cannot redirect the
// memref ops, so its copy-out overwrites what they stored.
// CHECK-LABEL: func.func @main
// CHECK:      arith.addf
// CHECK-NEXT: affine.store %{{.*}}, %[[A:[a-z_0-9]+]][%[[I:[a-z_0-9]+]]] : memref<8xf32>
// CHECK-NEXT: memref.load %[[A]][%[[I]]] : memref<8xf32>
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %one, %A[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i] : memref<8xf32>
    %x = memref.load %A[%i] : memref<8xf32>
    %y = arith.addf %x, %one : f32
    memref.store %y, %A[%i] : memref<8xf32>
  }
  %u = memref.cast %A : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)

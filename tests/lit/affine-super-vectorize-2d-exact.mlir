// Two-dimensional vectorization where mlir-opt 19 makes IR its own
// verifier rejects or computes something else than the program, and
// tessera does not (tests/super_vectorize.rs runs each chunk: tessera's
// output prints what the program prints in every executor; mlir-opt's
// fails to verify or prints something else).
//
// RUN: tessera-opt %s -split-input-file -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -split-input-file -affine-super-vectorize=virtual-vector-size=4,8 -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -split-input-file -affine-super-vectorize=virtual-vector-size=4,8 | FileCheck %s

// A constant defined outside the nest, used by two sibling loops of
// vector dimension 1: mlir-opt splats it in the first loop and uses that
// splat in the second ("operand #1 does not dominate this use"); tessera
// splats it in each.
// CHECK-LABEL: func.func @kernel
// CHECK:         affine.for %{{.*}} = 0 to 8 step 4 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 step 8 {
// CHECK-NEXT:        arith.constant dense<2.000000e+00> : vector<4x8xf32>
// CHECK:           affine.for %{{.*}} = 0 to 16 step 8 {
// CHECK-NEXT:        arith.constant dense<2.000000e+00> : vector<4x8xf32>
// OUT: 14
// OUT-NEXT: 12
func.func @kernel(%A: memref<8x16xf32>, %B: memref<8x16xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %u = affine.load %A[%i, %j] : memref<8x16xf32>
      %w = arith.mulf %u, %c : f32
      affine.store %w, %B[%i, %j] : memref<8x16xf32>
    }
    affine.for %j = 0 to 16 {
      %u = affine.load %B[%i, %j] : memref<8x16xf32>
      %w = arith.addf %u, %c : f32
      affine.store %w, %A[%i, %j] : memref<8x16xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<8x16xf32>
  %B = memref.alloc() : memref<8x16xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %x = arith.addi %i, %j : index
      %y = arith.index_cast %x : index to i32
      %f = arith.sitofp %y : i32 to f32
      affine.store %f, %A[%i, %j] : memref<8x16xf32>
    }
  }
  call @kernel(%A, %B) : (memref<8x16xf32>, memref<8x16xf32>) -> ()
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = memref.load %A[%c1, %c5] : memref<8x16xf32>
  %b = memref.load %B[%c5, %c1] : memref<8x16xf32>
  vector.print %a : f32
  vector.print %b : f32
  return
}

// -----

// A load in the outer loop, outside the loop of vector dimension 1:
// mlir-opt gives its transfer a permutation map of one result for a
// vector of two dimensions ("requires a permutation_map with result dims
// of the same rank as the vector type"); tessera broadcasts it along
// dimension 1.
// CHECK: {{^}}// -{{-+$}}
// CHECK-LABEL: func.func @kernel
// CHECK:         affine.for %{{.*}} = 0 to 8 step 4 {
// CHECK:           vector.transfer_read %arg2[{{.*}}], %{{.*}} {in_bounds = [false, true], permutation_map = #{{.*}}} : memref<8x4xf32>, vector<4x8xf32>
// CHECK:           affine.for %{{.*}} = 0 to 16 step 8 {
// OUT: 30
// OUT-NEXT: 70
func.func @kernel(%A: memref<8x16xf32>, %B: memref<8x16xf32>, %S: memref<8x4xf32>) {
  affine.for %i = 0 to 8 {
    %s = affine.load %S[%i, 0] : memref<8x4xf32>
    affine.for %j = 0 to 16 {
      %u = affine.load %A[%i, %j] : memref<8x16xf32>
      %w = arith.mulf %u, %s : f32
      affine.store %w, %B[%i, %j] : memref<8x16xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<8x16xf32>
  %B = memref.alloc() : memref<8x16xf32>
  %S = memref.alloc() : memref<8x4xf32>
  affine.for %i = 0 to 8 {
    %y = arith.index_cast %i : index to i32
    %f = arith.sitofp %y : i32 to f32
    affine.store %f, %S[%i, 0] : memref<8x4xf32>
    affine.for %j = 0 to 16 {
      %x = arith.addi %i, %j : index
      %z = arith.index_cast %x : index to i32
      %g = arith.sitofp %z : i32 to f32
      affine.store %g, %A[%i, %j] : memref<8x16xf32>
    }
  }
  call @kernel(%A, %B, %S) : (memref<8x16xf32>, memref<8x16xf32>, memref<8x4xf32>) -> ()
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %b = memref.load %B[%c3, %c7] : memref<8x16xf32>
  vector.print %b : f32
  %d = memref.load %B[%c7, %c3] : memref<8x16xf32>
  vector.print %d : f32
  return
}

// -----

// 12 columns of 16: the last vector of dimension 1 runs past the
// iteration space but stays inside the memref, and mlir-opt writes
// there (columns 12 to 15); tessera leaves the nest alone (a scalar
// remainder is made for one vector dimension only).
// CHECK: {{^}}// -{{-+$}}
// CHECK-LABEL: func.func @kernel
// CHECK-NOT:     vector
// CHECK:         return
// OUT: 0
func.func @kernel(%A: memref<8x16xf32>, %B: memref<8x16xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 12 {
      %u = affine.load %A[%i, %j] : memref<8x16xf32>
      affine.store %u, %B[%i, %j] : memref<8x16xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<8x16xf32>
  %B = memref.alloc() : memref<8x16xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %x = arith.addi %i, %j : index
      %y = arith.index_cast %x : index to i32
      %f = arith.sitofp %y : i32 to f32
      affine.store %f, %A[%i, %j] : memref<8x16xf32>
      affine.store %zero, %B[%i, %j] : memref<8x16xf32>
    }
  }
  call @kernel(%A, %B) : (memref<8x16xf32>, memref<8x16xf32>) -> ()
  %c2 = arith.constant 2 : index
  %c13 = arith.constant 13 : index
  %b = memref.load %B[%c2, %c13] : memref<8x16xf32>
  vector.print %b : f32
  return
}

// -----

// A store in the outer loop, outside the loop of vector dimension 1: its
// lanes along dimension 1 would all write one element, which a
// transfer_write cannot express; tessera leaves the nest alone.
// CHECK: {{^}}// -{{-+$}}
// CHECK-LABEL: func.func @kernel
// CHECK-NOT:     vector
// CHECK:         return
// OUT: 16
// OUT-NEXT: 3
func.func @kernel(%A: memref<8x16xf32>, %T: memref<8x4xf32>) {
  affine.for %i = 0 to 8 {
    %c = arith.constant 3.0 : f32
    affine.store %c, %T[%i, 0] : memref<8x4xf32>
    affine.for %j = 0 to 16 {
      %u = affine.load %A[%i, %j] : memref<8x16xf32>
      %w = arith.addf %u, %c : f32
      affine.store %w, %A[%i, %j] : memref<8x16xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<8x16xf32>
  %T = memref.alloc() : memref<8x4xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %x = arith.addi %i, %j : index
      %y = arith.index_cast %x : index to i32
      %f = arith.sitofp %y : i32 to f32
      affine.store %f, %A[%i, %j] : memref<8x16xf32>
    }
  }
  call @kernel(%A, %T) : (memref<8x16xf32>, memref<8x4xf32>) -> ()
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %a = memref.load %A[%c4, %c9] : memref<8x16xf32>
  %c0 = arith.constant 0 : index
  %t = memref.load %T[%c4, %c0] : memref<8x4xf32>
  vector.print %a : f32
  vector.print %t : f32
  return
}

// --test-affine-parametric-tile reports a function without enough index
// arguments for the band's tile sizes, as mlir-opt 19 does (the run does
// not fail; the function is left alone).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -test-affine-parametric-tile -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @not_index
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 10 {
func.func @not_index(%A: memref<10xf32>) {
  // expected-error @+1 {{expected tiling parameters to be of index type}}
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<10xf32>
    affine.store %v, %A[%i] : memref<10xf32>
  }
  return
}

// -----

func.func @too_few(%t0: index) {
  %A = memref.alloc() : memref<10x10xf32>
  // expected-error @+1 {{too few tile sizes provided in the argument list of the function which contains the current band}}
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %v = affine.load %A[%i, %j] : memref<10x10xf32>
      affine.store %v, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}

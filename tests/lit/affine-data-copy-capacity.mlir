// affine-data-copy-generate's capacity warning, in mlir-opt 19's words
// and place: a 2 KiB-per-element memref does not fit in 1 KiB, so the copy
// goes into the loop, whose block's buffers still exceed the capacity.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -affine-data-copy-generate="generate-dma=false fast-mem-capacity=1" -verify-diagnostics -o /dev/null
func.func @capacity(%A: memref<4xvector<512xf32>>, %B: memref<4xvector<512xf32>>) {
  // expected-warning @+1 {{total size of all copy buffers' for this block exceeds fast memory capacity}}
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xvector<512xf32>>
    affine.store %v, %B[%i] : memref<4xvector<512xf32>>
  }
  return
}

// The DMA ops' parser and verifier errors, in mlir-opt 19's words.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @one_stride_operand(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{custom op 'affine.dma_start' expected two stride related operands}}
  affine.dma_start %A[%c], %A[%c], %t[%c], %c, %c : memref<256xf32>, memref<256xf32>, memref<1xi32>
  return
}

// -----

func.func @two_types(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{custom op 'affine.dma_start' expected three types}}
  affine.dma_start %A[%c], %A[%c], %t[%c], %c : memref<256xf32>, memref<256xf32>
  return
}

// -----

func.func @memref_two_types(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{custom op 'memref.dma_start' fewer/more types expected}}
  memref.dma_start %A[%c], %A[%c], %c, %t[%c] : memref<256xf32>, memref<256xf32>
  return
}

// -----

func.func @memref_one_stride_operand(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{custom op 'memref.dma_start' expected two stride related operands}}
  memref.dma_start %A[%c], %A[%c], %c, %t[%c], %c : memref<256xf32>, memref<256xf32>, memref<1xi32>
  return
}

// -----

func.func @not_a_dim_or_symbol(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  affine.for %i = 0 to 10 {
    %x = arith.addi %i, %i : index
    // expected-error @+1 {{'affine.dma_start' op src index must be a valid dimension or symbol identifier}}
    affine.dma_start %A[%x], %A[%c], %t[%c], %c : memref<256xf32>, memref<256xf32>, memref<1xi32>
  }
  return
}

// -----

func.func @wait_not_a_dim_or_symbol(%t: memref<1xi32>, %c: index) {
  affine.for %i = 0 to 4 {
    %x = arith.addi %i, %i : index
    // expected-error @+1 {{'affine.dma_wait' op index must be a valid dimension or symbol identifier}}
    affine.dma_wait %t[%x], %c : memref<1xi32>
  }
  return
}

// -----

func.func @generic_operand_count(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{'affine.dma_start' op incorrect number of operands}}
  "affine.dma_start"(%A, %c, %A, %c, %t, %c, %c, %c) {src_map = affine_map<(d0) -> (d0)>, dst_map = affine_map<(d0) -> (d0)>, tag_map = affine_map<(d0) -> (d0)>} : (memref<256xf32>, index, memref<256xf32>, index, memref<1xi32>, index, index, index) -> ()
  return
}

// -----

func.func @generic_source(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{'affine.dma_start' op expected DMA source to be of memref type}}
  "affine.dma_start"(%c, %c, %A, %c, %t, %c, %c) {src_map = affine_map<(d0) -> (d0)>, dst_map = affine_map<(d0) -> (d0)>, tag_map = affine_map<(d0) -> (d0)>} : (index, index, memref<256xf32>, index, memref<1xi32>, index, index) -> ()
  return
}

// -----

func.func @generic_index_type(%A: memref<256xf32>, %t: memref<1xi32>, %c: index, %f: f32) {
  // expected-error @+1 {{'affine.dma_start' op tag index to dma_start must have 'index' type}}
  "affine.dma_start"(%A, %c, %A, %c, %t, %f, %c) {src_map = affine_map<(d0) -> (d0)>, dst_map = affine_map<(d0) -> (d0)>, tag_map = affine_map<(d0) -> (d0)>} : (memref<256xf32>, index, memref<256xf32>, index, memref<1xi32>, f32, index) -> ()
  return
}

// -----

func.func @generic_wait_index_type(%t: memref<1xi32>, %c: index, %f: f32) {
  // expected-error @+1 {{'affine.dma_wait' op index to dma_wait must have 'index' type}}
  "affine.dma_wait"(%t, %f, %c) {tag_map = affine_map<(d0) -> (d0)>} : (memref<1xi32>, f32, index) -> ()
  return
}

// -----

func.func @memref_too_few(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{'memref.dma_start' op expected at least 7 operands}}
  "memref.dma_start"(%A, %c, %A, %c, %c, %t) : (memref<256xf32>, index, memref<256xf32>, index, index, memref<1xi32>) -> ()
  return
}

// -----

func.func @memref_destination(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{'memref.dma_start' op expected destination to be of memref type}}
  memref.dma_start %A[%c, %c], %A[%c], %c, %t[%c] : memref<256xf32>, memref<256xf32>, memref<1xi32>
  return
}

// -----

func.func @memref_unranked(%A: memref<*xf32>, %t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{'memref.dma_start' op expected source to be of memref type}}
  "memref.dma_start"(%A, %c, %A, %c, %c, %t, %c) : (memref<*xf32>, index, memref<*xf32>, index, index, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @memref_source_indices(%A: memref<256xf32>, %t: memref<1xi32>, %c: index, %f: f32) {
  // expected-error @+1 {{'memref.dma_start' op expected source indices to be of index type}}
  "memref.dma_start"(%A, %f, %A, %c, %c, %t, %c) : (memref<256xf32>, f32, memref<256xf32>, index, index, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @memref_count(%A: memref<256xf32>, %t: memref<1xi32>, %c: index, %f: f32) {
  // expected-error @+1 {{'memref.dma_start' op expected num elements to be of index type}}
  "memref.dma_start"(%A, %c, %A, %c, %f, %t, %c) : (memref<256xf32>, index, memref<256xf32>, index, f32, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @memref_operand_count(%A: memref<256xf32>, %t: memref<1xi32>, %c: index, %f: f32) {
  // expected-error @+1 {{'memref.dma_start' op incorrect number of operands}}
  "memref.dma_start"(%A, %c, %A, %c, %c, %t, %c, %c) : (memref<256xf32>, index, memref<256xf32>, index, index, memref<1xi32>, index, index) -> ()
  return
}

// -----

func.func @memref_stride_type(%A: memref<256xf32>, %t: memref<1xi32>, %c: index, %f: f32) {
  // expected-error @+1 {{'memref.dma_start' op expected stride and num elements per stride to be of type index}}
  "memref.dma_start"(%A, %c, %A, %c, %c, %t, %c, %f, %c) : (memref<256xf32>, index, memref<256xf32>, index, index, memref<1xi32>, index, f32, index) -> ()
  return
}

// -----

func.func @wait_rank(%t: memref<1xi32>, %c: index) {
  // expected-error @+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 1, but got 2}}
  memref.dma_wait %t[%c, %c], %c : memref<1xi32>
  return
}

// -----

func.func @wait_tag_type(%c: index, %f: f32) {
  // expected-error @+1 {{'memref.dma_wait' op operand #0 must be memref of any type values, but got 'f32'}}
  "memref.dma_wait"(%f, %c, %c) : (f32, index, index) -> ()
  return
}

// -----

func.func @wait_count_type(%t: memref<1xi32>, %c: index, %f: f32) {
  // expected-error @+1 {{'memref.dma_wait' op operand #2 must be index, but got 'f32'}}
  "memref.dma_wait"(%t, %c, %f) : (memref<1xi32>, index, f32) -> ()
  return
}

// -----

func.func @wait_operands(%t: memref<1xi32>) {
  // expected-error @+1 {{'memref.dma_wait' op expected 2 or more operands, but found 1}}
  "memref.dma_wait"(%t) : (memref<1xi32>) -> ()
  return
}

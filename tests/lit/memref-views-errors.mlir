// The memref view ops' and the scoped regions' verifier errors, in
// mlir-opt 19's words.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @a(%A: memref<8x16xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x8xf32, strided<[16, 1], offset: 36>>' or a rank-reduced version. (mismatch of result layout) }}
  %s = memref.subview %A[2, 4] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32>
  return
}

// -----

func.func @a(%A: memref<8x16xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %s = memref.subview %A[2] [4] [1] : memref<8x16xf32> to memref<4xf32>
  return
}

// -----

func.func @a(%A: memref<8x16xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim size (100) must equal reassociation group size (128)}}
  %c = memref.collapse_shape %A [[0, 1]] : memref<8x16xf32> into memref<100xf32>
  return
}

// -----

func.func @a(%A: memref<8x16xf32>) {
  // expected-error @+1 {{expected result type with size = 8 instead of 9 in dim = 1}}
  %r = memref.reinterpret_cast %A to offset: [0], sizes: [16, 8], strides: [8, 1] : memref<8x16xf32> to memref<16x9xf32>
  return
}

// -----

func.func @a(%A: memref<8x16xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %t = memref.transpose %A (d0, d1) -> (d0, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
  return
}

// -----

func.func @a(%A: memref<8x16xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<16x8xf32>' is not equivalent to the canonical transposed input type 'memref<16x8xf32, affine_map<(d0, d1) -> (d0 + d1 * 16)>>'}}
  %t = memref.transpose %A (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32>
  return
}

// -----

func.func @a(%A: memref<8x16xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op collapsed dim size (16) must equal reassociation group size (20)}}
  %e = memref.expand_shape %A [[0], [1, 2]] output_shape [8, 4, 5] : memref<8x16xf32> into memref<8x4x5xf32>
  return
}

// -----

func.func @a(%A: memref<8x16xf32>, %c0: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<8x16xf32>'}}
  %v = memref.view %A[%c0][] : memref<8x16xf32> to memref<16x32xf32>
  return
}

// -----

func.func @a() -> i32 {
  // expected-error @+1 {{'scf.execute_region' op  along control flow edge from Region #0 to parent results: source type #0 'i64' should match input type #0 'i32'}}
  %x = scf.execute_region -> i32 {
    %one = arith.constant 1 : i64
    scf.yield %one : i64
  }
  return %x : i32
}

// memref.alloc's symbol operands, memref.copy's SameOperandsElementType
// and SameOperandsShape traits, and memref.cast's compatibility (strides
// and offset where the layouts differ; never unranked to unranked), in
// mlir-opt 19's words.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @alloc_without_symbol() {
  %n = arith.constant 4 : index
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc(%n) : memref<8x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>
  return
}
// -----
func.func @copy_of_another_element_type(%a: memref<4xf32>, %b: memref<4xf64>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xf64>
  return
}
// -----
func.func @copy_of_another_shape(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  return
}
// -----
func.func @cast_to_other_strides(%a: memref<4x8xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x8xf32>' and result type 'memref<4x8xf32, strided<[16, 1]>>' are cast incompatible}}
  %0 = memref.cast %a : memref<4x8xf32> to memref<4x8xf32, strided<[16, 1]>>
  return
}
// -----
func.func @cast_to_other_offset(%a: memref<4x8xf32, strided<[8, 1], offset: 2>>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x8xf32, strided<[8, 1], offset: 2>>' and result type 'memref<4x8xf32, strided<[8, 1], offset: 3>>' are cast incompatible}}
  %0 = memref.cast %a : memref<4x8xf32, strided<[8, 1], offset: 2>> to memref<4x8xf32, strided<[8, 1], offset: 3>>
  return
}
// -----
func.func @cast_unranked_to_unranked(%a: memref<*xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %a : memref<*xf32> to memref<*xf32>
  return
}
// -----
// Casts mlir-opt 19 accepts: the same strides written out, dynamic
// strides and offset, unranked to ranked.
func.func @compatible_casts(%a: memref<4x8xf32>, %u: memref<*xf32>) {
  %0 = memref.cast %a : memref<4x8xf32> to memref<4x8xf32, strided<[8, 1]>>
  %1 = memref.cast %a : memref<4x8xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  %2 = memref.cast %u : memref<*xf32> to memref<4xf32>
  return
}

// memref.view, subview, reinterpret_cast, reshape, expand_shape and
// collapse_shape verified in mlir-opt 19's order and words: the
// OffsetSizeAndStrideOpInterface counts and signs, then each op's own
// checks (memory spaces, identity layouts, a rank-reduced slice's rank,
// sizes and element type, a reassociation's groups); annotated with
// mlir-opt 19's own diagnostics.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @view_across_memory_spaces(%i: index) {
  %0 = memref.alloc() : memref<1024xi8, 2>
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<1024xi8, 2>' and view memref type 'memref<?x4xf32, 1>'}}
  %1 = memref.view %0[%i][%i] : memref<1024xi8, 2> to memref<?x4xf32, 1>
  return
}
// -----
func.func @view_of_a_mapped_buffer(%i: index) {
  %0 = memref.alloc() : memref<1024xi8, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>
  // expected-error@+1 {{unsupported map for base memref type 'memref<1024xi8, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>'}}
  %1 = memref.view %0[%i][%i] : memref<1024xi8, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>> to memref<?x4xf32>
  return
}
// -----
func.func @view_into_strided_result(%i: index) {
  %0 = memref.alloc() : memref<1024xi8>
  // expected-error@+1 {{unsupported map for result memref type 'memref<?x4xf32, strided<[8, 1]>>'}}
  %1 = memref.view %0[%i][%i] : memref<1024xi8> to memref<?x4xf32, strided<[8, 1]>>
  return
}
// -----
func.func @view_missing_size(%i: index) {
  %0 = memref.alloc() : memref<1024xi8>
  // expected-error@+1 {{incorrect number of size operands for type 'memref<?x4xf32>'}}
  %1 = memref.view %0[%i][] : memref<1024xi8> to memref<?x4xf32>
  return
}
// -----
func.func @subview_negative_offset(%m: memref<64xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -2}}
  %0 = memref.subview %m[-2][4][1] : memref<64xf32> to memref<4xf32, strided<[1], offset: -2>>
  return
}
// -----
func.func @subview_negative_size(%m: memref<64xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -4}}
  %0 = memref.subview %m[2][-4][1] : memref<64xf32> to memref<4xf32, strided<[1], offset: 2>>
  return
}
// -----
func.func @subview_other_memory_space(%m: memref<8x8xf32, 1>) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<8x8xf32, 1>' and subview memref type 'memref<4x4xf32, strided<[8, 1]>, 2>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32, 1> to memref<4x4xf32, strided<[8, 1]>, 2>
  return
}
// -----
func.func @subview_rank_too_large(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank. }}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4x1xf32>
  return
}
// -----
func.func @subview_other_sizes(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes) }}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x2xf32, strided<[8, 1]>>
  return
}
// -----
func.func @subview_other_element_type(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected result element type to be 'f32'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xi32, strided<[8, 1]>>
  return
}
// -----
func.func @subview_offsets_and_sizes_counts(%m: memref<8x8x8xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 3) so the rank of the result type is well-formed.}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 1, 1>, static_strides = array<i64: 1, 1, 1>}> : (memref<8x8x8xf32>) -> memref<1x1x1xf32, strided<[64, 8, 1]>>
  return
}
// -----
func.func @reinterpret_unranked_other_element_type(%u: memref<*xf32>) {
  // expected-error@+1 {{different element types specified for source type 'memref<*xf32>' and result memref type 'memref<4xi32>'}}
  %0 = memref.reinterpret_cast %u to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xi32>
  return
}
// -----
func.func @reinterpret_unranked_other_memory_space(%u: memref<*xf32>) {
  // expected-error@+1 {{different memory spaces specified for source type 'memref<*xf32>' and result memref type 'memref<4xf32, 3>'}}
  %0 = memref.reinterpret_cast %u to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32, 3>
  return
}
// -----
func.func @reinterpret_two_offsets(%m: memref<?xf32>) {
  // expected-error@+1 {{expected 1 offset values, got 2}}
  %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32>
  return
}
// -----
func.func @reshape_of_strided_source(%m: memref<4x4xf32, strided<[8, 1]>>, %s: memref<1xi32>) {
  // expected-error@+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4x4xf32, strided<[8, 1]>>, memref<1xi32>) -> memref<16xf32>
  return
}
// -----
func.func @reshape_to_strided_result(%m: memref<4x4xf32>, %s: memref<1xi32>) {
  // expected-error@+1 {{'memref.reshape' op result memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4x4xf32>, memref<1xi32>) -> memref<16xf32, strided<[2]>>
  return
}
// -----
func.func @reshape_dynamic_shape_to_ranked(%m: memref<*xf32>, %s: memref<?xi32>) {
  // expected-error@+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %0 = memref.reshape %m(%s) : (memref<*xf32>, memref<?xi32>) -> memref<?xf32>
  return
}
// -----
func.func @collapse_not_a_collapse(%m: memref<8xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op has source rank 1 and result rank 2. This is not a collapse (1 < 2).}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<8xf32> into memref<2x4xf32>
  return
}
// -----
func.func @expand_not_an_expansion(%m: memref<2x4x2xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op has source rank 3 and result rank 2. This is not an expansion (3 > 2).}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 2] : memref<2x4x2xf32> into memref<8x2xf32>
  return
}
// -----
func.func @collapse_out_of_order(%m: memref<2x4x2xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op reassociation indices must be contiguous}}
  %0 = memref.collapse_shape %m [[0, 2], [1]] : memref<2x4x2xf32> into memref<4x4xf32>
  return
}
// -----
func.func @collapse_index_out_of_bounds(%m: memref<2x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op reassociation index 2 is out of bounds}}
  %0 = memref.collapse_shape %m [[0, 1, 2]] : memref<2x4xf32> into memref<8xf32>
  return
}
// -----
func.func @collapse_to_rank_zero(%m: memref<1x2xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op rank 0 memrefs can only be extended/collapsed with/from ones}}
  %0 = memref.collapse_shape %m [] : memref<1x2xf32> into memref<f32>
  return
}
// -----
func.func @expand_output_shape_mismatch(%m: memref<8xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 0}}
  %0 = "memref.expand_shape"(%m) <{reassociation = [[0, 1]], static_output_shape = array<i64: 4, 4>}> : (memref<8xf32>) -> memref<2x4xf32>
  return
}
// -----
func.func @expand_output_shape_rank(%m: memref<8xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (2) but found 1 inputs instead}}
  %0 = "memref.expand_shape"(%m) <{reassociation = [[0, 1]], static_output_shape = array<i64: 8>}> : (memref<8xf32>) -> memref<2x4xf32>
  return
}

// MLIR-OPT-TOO
// The memref verifier's layout and symbol checks, in mlir-opt 19's words
// (each annotation is mlir-opt's own diagnostic): a global's initial value
// and visibility, a subview of a layout that is not strided, an alloca
// outside an allocation scope, the layout an expansion computes, a
// collapse of an identity layout, a reinterpret cast to a layout that is
// not strided, a transpose of another rank, and strides read from a
// layout written as an affine map.
//
// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

// expected-error@+1 {{custom op 'memref.global' initial value should be a unit or elements attribute}}
memref.global @foo : memref<2x2xf32> = "foo"
// -----
// expected-error@+1 {{'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "priate"}}
memref.global "priate" constant @bar : memref<2xf32> = uninitialized
// -----
func.func @subview_of_non_strided(%n: index) {
  %0 = memref.alloc() : memref<8x16x4xf32, affine_map<(d0, d1, d2) -> (d0 + d1, d1 + d2, d2)>>
  // expected-error@+1 {{base type 'memref<8x16x4xf32, affine_map<(d0, d1, d2) -> (d0 + d1, d1 + d2, d2)>>' is not strided}}
  %1 = memref.subview %0[0, 0, 0][%n, %n, %n][1, 1, 1] : memref<8x16x4xf32, affine_map<(d0, d1, d2) -> (d0 + d1, d1 + d2, d2)>> to memref<8x?x4xf32, strided<[?, 4, 1], offset: 0>>
  return
}
// -----
"test.no_scope"() ({
  // expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<1xf32>
  "test.end"() : () -> ()
}) : () -> ()
// -----
func.func @expand_strided(%m: memref<30x20xf32, strided<[4000, 2], offset: 100>>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x15x20xf32, strided<[60000, 4000, 2], offset: 100>>' but found 'memref<2x15x20xf32, strided<[5000, 4000, 2], offset: 100>>'}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 15, 20] : memref<30x20xf32, strided<[4000, 2], offset: 100>> into memref<2x15x20xf32, strided<[5000, 4000, 2], offset: 100>>
  return
}
// -----
func.func @expand_strided_ok(%m: memref<30x20xf32, strided<[4000, 2], offset: 100>>) -> memref<2x15x20xf32, strided<[60000, 4000, 2], offset: 100>> {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 15, 20] : memref<30x20xf32, strided<[4000, 2], offset: 100>> into memref<2x15x20xf32, strided<[60000, 4000, 2], offset: 100>>
  return %0 : memref<2x15x20xf32, strided<[60000, 4000, 2], offset: 100>>
}
// -----
func.func @collapse_to_map(%m: memref<?x?x?xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<?x?xf32>' but found 'memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>'}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>
  return
}
// -----
func.func @reinterpret_non_strided(%m: memref<?x?xf32>) {
  // expected-error@+1 {{expected result type to have strided layout but found 'memref<9x10xf32, affine_map<(d0, d1) -> (d0)>>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [9, 10], strides: [42, 1] : memref<?x?xf32> to memref<9x10xf32, affine_map<(d0, d1) -> (d0)>>
  return
}
// -----
func.func @transpose_rank(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
  %0 = memref.transpose %m (i) -> (i) : memref<?x?xf32> to memref<?x?xf32>
  return
}
// -----
func.func @map_layout_strides(%m: memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>) -> memref<2x8xf32, strided<[8, 1], offset: ?>> {
  %0 = memref.subview %m[1, 0] [2, 8] [1, 1] : memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>> to memref<2x8xf32, strided<[8, 1], offset: ?>>
  return %0 : memref<2x8xf32, strided<[8, 1], offset: ?>>
}

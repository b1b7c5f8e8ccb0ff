// expected-error-line: 5
// mlir-opt: crashes (its verifier casts the integer to a map)
// expected-message: 'affine.dma_wait' op requires attribute 'tag_map'
func.func @f(%t: memref<1xi32>, %c: index) {
  "affine.dma_wait"(%t, %c, %c) {tag_map = 3} : (memref<1xi32>, index, index) -> ()
  return
}

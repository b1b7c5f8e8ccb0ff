// expected-error-line: 5
// mlir-opt: crashes (its verifier reads the missing map)
// expected-message: 'affine.dma_start' op requires attribute 'src_map'
func.func @f(%A: memref<256xf32>, %t: memref<1xi32>, %c: index) {
  "affine.dma_start"(%A, %c, %A, %c, %t, %c, %c) : (memref<256xf32>, index, memref<256xf32>, index, memref<1xi32>, index, index) -> ()
  return
}

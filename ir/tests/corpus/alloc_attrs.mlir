// memref.alloc with alignment and symbol operands, alloca, dealloc.
func.func @a(%n: index) {
  %0 = memref.alloc(%n) {alignment = 64 : i64} : memref<?x8xf32>
  %1 = memref.alloc()[%n] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %2 = memref.alloca() : memref<2x2xi64>
  memref.dealloc %0 : memref<?x8xf32>
  memref.dealloc %1 : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

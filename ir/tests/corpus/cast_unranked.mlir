// memref.cast between static, dynamic and unranked shapes.
func.func @c(%A: memref<4x4xf32>) -> memref<*xf32> {
  %0 = memref.cast %A : memref<4x4xf32> to memref<?x4xf32>
  %1 = memref.cast %0 : memref<?x4xf32> to memref<?x?xf32>
  %2 = memref.cast %1 : memref<?x?xf32> to memref<*xf32>
  return %2 : memref<*xf32>
}

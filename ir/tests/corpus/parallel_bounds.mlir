// affine.parallel with symbolic, max/min and mapped bounds.
func.func @p(%A: memref<?x?xf32>, %n: index, %m: index) {
  affine.parallel (%i, %j) = (0, max(0, %n - 4)) to (%n, min(%m, 64)) step (4, 2) {
    %v = affine.load %A[%i, %j] : memref<?x?xf32>
    affine.store %v, %A[%j, %i] : memref<?x?xf32>
  }
  return
}

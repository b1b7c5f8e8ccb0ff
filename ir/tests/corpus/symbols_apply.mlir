// Symbols from function arguments, memref.dim and affine.apply of symbols.
func.func @kernel(%A: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %A, %c0 : memref<?xf32>
  %h = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%d]
  affine.for %i = 0 to %h {
    %v = affine.load %A[%i + symbol(%h)] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  affine.for %i = %n to affine_map<()[s0, s1] -> (s0 + s1)>()[%n, %h] {
    %v = affine.load %A[symbol(%n) * 2 - %i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}

// Loops with steps, negative offsets and symbolic upper bounds.
func.func @k(%A: memref<100xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %n step 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%n] {
      %v = affine.load %A[%j] : memref<100xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%j] : memref<100xf32>
    }
  }
  affine.for %i = max affine_map<()[s0, s1] -> (s0, s1)>()[%n, %m] to 100 {
    %v = affine.load %A[-%i + 99] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  return
}

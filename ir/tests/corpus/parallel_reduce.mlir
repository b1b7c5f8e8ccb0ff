// affine.parallel with steps and a reduction.
func.func @main() {
  %A = memref.alloc() : memref<8x8xf32>
  affine.parallel (%i, %j) = (0, 0) to (8, 8) {
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    affine.store %f, %A[%i, %j] : memref<8x8xf32>
  }
  %sum = affine.parallel (%i, %j) = (0, 0) to (8, 8) step (2, 1) reduce ("addf") -> (f32) {
    %v = affine.load %A[%i, %j] : memref<8x8xf32>
    affine.yield %v : f32
  }
  vector.print %sum : f32
  %mx = affine.parallel (%i) = (0) to (8) reduce ("maximumf") -> (f32) {
    %v = affine.load %A[%i, 7 - %i] : memref<8x8xf32>
    affine.yield %v : f32
  }
  vector.print %mx : f32
  return
}

// 1-D vectors: vector loads/stores, elementwise arith, comparisons, iter_args, vector.print.
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<8xf32>
  }
  %v = affine.vector_load %A[2] : memref<8xf32>, vector<4xf32>
  %w = arith.addf %v, %v : vector<4xf32>
  vector.print %w : vector<4xf32>
  affine.vector_store %w, %A[4] : memref<8xf32>, vector<4xf32>
  %x = affine.vector_load %A[3] : memref<8xf32>, vector<4xf32>
  %c = arith.cmpf olt, %x, %v : vector<4xf32>
  vector.print %c : vector<4xi1>
  %s = affine.for %i = 0 to 2 iter_args(%acc = %x) -> (vector<4xf32>) {
    %n = arith.mulf %acc, %x : vector<4xf32>
    affine.yield %n : vector<4xf32>
  }
  vector.print %s : vector<4xf32>
  return
}

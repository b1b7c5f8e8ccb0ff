// affine.vector_load and affine.vector_store of vectors of several
// dimensions (the lanes of the memref's last dimensions), at subscripts
// given by affine maps: run by the interpreter and the C back end, and
// judged by mlir-cpu-runner through affine_vector_nd_transfer.mlir.
func.func @main() {
  %A = memref.alloc() : memref<4x5x6xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %kk = arith.index_cast %k : index to i32
        %c100 = arith.constant 100 : i32
        %c10 = arith.constant 10 : i32
        %a = arith.muli %ii, %c100 : i32
        %b = arith.muli %jj, %c10 : i32
        %ab = arith.addi %a, %b : i32
        %abc = arith.addi %ab, %kk : i32
        %f = arith.sitofp %abc : i32 to f32
        affine.store %f, %A[%i, %j, %k] : memref<4x5x6xf32>
      }
    }
  }
  %B = memref.alloc() : memref<4x5x6xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        affine.store %zero, %B[%i, %j, %k] : memref<4x5x6xf32>
      }
    }
  }
  // 2-D tiles of the last two dimensions, each scaled and stored
  // transposed in place of the tile below it.
  %two = arith.constant dense<2.0> : vector<2x3xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 step 2 {
      %v = affine.vector_load %A[%i + 1, %j, 3] : memref<4x5x6xf32>, vector<2x3xf32>
      vector.print %v : vector<2x3xf32>
      %w = arith.mulf %v, %two : vector<2x3xf32>
      affine.vector_store %w, %B[%i, %j + 1, 0] : memref<4x5x6xf32>, vector<2x3xf32>
    }
  }
  // A 3-D vector over the whole of the last two dimensions and one row.
  %c1 = arith.constant 1 : index
  %u = affine.vector_load %B[%c1 * 2, 0, 0] : memref<4x5x6xf32>, vector<1x5x6xf32>
  vector.print %u : vector<1x5x6xf32>
  %s = affine.for %i = 0 to 4 iter_args(%acc = %zero) -> (f32) {
    %row = affine.vector_load %B[%i, 1, 0] : memref<4x5x6xf32>, vector<2x6xf32>
    %r0 = vector.extract %row[0] : vector<6xf32> from vector<2x6xf32>
    %r1 = vector.extract %row[1] : vector<6xf32> from vector<2x6xf32>
    %sum = arith.addf %r0, %r1 : vector<6xf32>
    %r = vector.reduction <add>, %sum : vector<6xf32> into f32
    %n = arith.addf %acc, %r : f32
    affine.yield %n : f32
  }
  vector.print %s : f32
  memref.dealloc %A : memref<4x5x6xf32>
  memref.dealloc %B : memref<4x5x6xf32>
  return
}

// affine_vector_nd.mlir with each N-D affine.vector_load / vector_store
// written as the in-bounds vector.transfer_read / transfer_write it
// means: mlir-opt 19 lowers N-D transfers but not N-D vector.load, so
// mlir-cpu-runner judges the affine form through this one.
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
      %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
      %c3 = arith.constant 3 : index
      %pad = arith.constant 0.0 : f32
      %v = vector.transfer_read %A[%i1, %j, %c3], %pad {in_bounds = [true, true]} : memref<4x5x6xf32>, vector<2x3xf32>
      vector.print %v : vector<2x3xf32>
      %w = arith.mulf %v, %two : vector<2x3xf32>
      %j1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%j)
      %c0 = arith.constant 0 : index
      vector.transfer_write %w, %B[%i, %j1, %c0] {in_bounds = [true, true]} : vector<2x3xf32>, memref<4x5x6xf32>
    }
  }
  // A 3-D vector over the whole of the last two dimensions and one row.
  %c1 = arith.constant 1 : index
  %c2 = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%c1]
  %c0 = arith.constant 0 : index
  %u = vector.transfer_read %B[%c2, %c0, %c0], %zero {in_bounds = [true, true, true]} : memref<4x5x6xf32>, vector<1x5x6xf32>
  vector.print %u : vector<1x5x6xf32>
  %s = affine.for %i = 0 to 4 iter_args(%acc = %zero) -> (f32) {
    %c1r = arith.constant 1 : index
    %row = vector.transfer_read %B[%i, %c1r, %c0], %zero {in_bounds = [true, true]} : memref<4x5x6xf32>, vector<2x6xf32>
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

// 1-D vectors of the vector dialect run by the interpreter, the C back end
// and mlir-cpu-runner: transfers (minor identity, broadcast, a column by
// a transposing map, masked, out of bounds padded and skipped), loads and
// stores, broadcast, splat, masks, fma, reductions, extract, insert,
// select on a vector condition and math on vectors.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %pad = arith.constant -1.0 : f32
  %A = memref.alloc() : memref<3x6xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 6 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k = arith.constant 10 : i32
      %t = arith.muli %ii, %k : i32
      %s = arith.addi %t, %jj : i32
      %f = arith.sitofp %s : i32 to f32
      affine.store %f, %A[%i, %j] : memref<3x6xf32>
    }
  }
  %v = vector.transfer_read %A[%c1, %c3], %pad : memref<3x6xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  %b = vector.transfer_read %A[%c1, %c3], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : memref<3x6xf32>, vector<4xf32>
  vector.print %b : vector<4xf32>
  %col = vector.transfer_read %A[%c0, %c5], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<3x6xf32>, vector<4xf32>
  vector.print %col : vector<4xf32>
  // Indices known only at run time (0, read from memory): the transfers
  // stay as written (mlir-opt's folders would mark constant ones in
  // bounds).
  %zero_f = memref.load %A[%c0, %c0] : memref<3x6xf32>
  %zero_i = arith.fptosi %zero_f : f32 to i32
  %z = arith.index_cast %zero_i : i32 to index
  %m = vector.create_mask %c3 : vector<4xi1>
  %mv = vector.transfer_read %A[%z, %z], %pad, %m : memref<3x6xf32>, vector<4xf32>
  vector.print %mv : vector<4xf32>
  %cm = vector.constant_mask [2] : vector<4xi1>
  vector.print %cm : vector<4xi1>
  %cst = arith.constant dense<[0.5, 1.5, 2.5, 3.5]> : vector<4xf32>
  %sum = arith.addf %v, %cst : vector<4xf32>
  vector.transfer_write %sum, %A[%c2, %c3] : vector<4xf32>, memref<3x6xf32>
  vector.transfer_write %sum, %A[%z, %z], %cm : vector<4xf32>, memref<3x6xf32>
  %l = vector.load %A[%c2, %c0] : memref<3x6xf32>, vector<6xf32>
  vector.print %l : vector<6xf32>
  %l0 = vector.load %A[%c0, %c0] : memref<3x6xf32>, vector<6xf32>
  vector.print %l0 : vector<6xf32>
  %x = vector.extract %v[0] : f32 from vector<4xf32>
  %bc = vector.broadcast %x : f32 to vector<4xf32>
  %sp = vector.splat %x : vector<4xf32>
  %fm = vector.fma %bc, %sp, %cst : vector<4xf32>
  vector.print %fm : vector<4xf32>
  vector.store %fm, %A[%c1, %c1] : memref<3x6xf32>, vector<4xf32>
  %r = vector.reduction <add>, %fm : vector<4xf32> into f32
  vector.print %r : f32
  %r2 = vector.reduction <maximumf>, %v, %x : vector<4xf32> into f32
  vector.print %r2 : f32
  %e = vector.extract %v[2] : f32 from vector<4xf32>
  vector.print %e : f32
  %ins = vector.insert %x, %v [1] : f32 into vector<4xf32>
  vector.print %ins : vector<4xf32>
  %sel = arith.select %m, %v, %cst : vector<4xi1>, vector<4xf32>
  vector.print %sel : vector<4xf32>
  %iv = arith.constant dense<[3, 9, 4, 1]> : vector<4xi32>
  %ir = vector.reduction <maxsi>, %iv : vector<4xi32> into i32
  vector.print %ir : i32
  %ix = vector.reduction <xor>, %iv : vector<4xi32> into i32
  vector.print %ix : i32
  %sq = math.sqrt %sum : vector<4xf32>
  vector.print %sq : vector<4xf32>
  return
}

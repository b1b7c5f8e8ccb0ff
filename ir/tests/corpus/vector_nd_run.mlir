// Vectors of several dimensions run by the interpreter, the C back end
// and mlir-cpu-runner: transfers (minor identity, a transposing and
// broadcasting map, masked, out of bounds padded and skipped, a
// transposing write, a memref of dynamic sizes), masks, broadcasts
// (repeated and stretched), extract and insert at static positions,
// arithmetic and printing.
func.func @main() {
  %A = memref.alloc() : memref<5x6xf32>
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 6 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %c10 = arith.constant 10 : i32
      %a = arith.muli %ii, %c10 : i32
      %b = arith.addi %a, %jj : i32
      %f = arith.sitofp %b : i32 to f32
      affine.store %f, %A[%i, %j] : memref<5x6xf32>
    }
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant -1.0 : f32
  %v = vector.transfer_read %A[%c3, %c4], %pad : memref<5x6xf32>, vector<3x4xf32>
  vector.print %v : vector<3x4xf32>
  %w = vector.transfer_read %A[%c1, %c3], %pad {in_bounds = [false, true, false], permutation_map = affine_map<(d0, d1) -> (d1, 0, d0)>} : memref<5x6xf32>, vector<4x2x3xf32>
  vector.print %w : vector<4x2x3xf32>
  %m = vector.constant_mask [2, 3] : vector<4x3xi1>
  %x = vector.transfer_read %A[%c1, %c1], %pad, %m {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<5x6xf32>, vector<3x4xf32>
  vector.print %x : vector<3x4xf32>
  %y = arith.addf %v, %v : vector<3x4xf32>
  vector.transfer_write %y, %A[%c3, %c3] : vector<3x4xf32>, memref<5x6xf32>
  %z = vector.transfer_read %A[%c0, %c0], %pad : memref<5x6xf32>, vector<5x6xf32>
  vector.print %z : vector<5x6xf32>
  %l = vector.transfer_read %A[%c1, %c0], %pad : memref<5x6xf32>, vector<2x6xf32>
  vector.print %l : vector<2x6xf32>
  %e = vector.extract %l[1] : vector<6xf32> from vector<2x6xf32>
  vector.print %e : vector<6xf32>
  %mk = vector.create_mask %c1, %c3 : vector<2x4xi1>
  vector.print %mk : vector<2x4xi1>
  vector.transfer_write %l, %A[%c3, %c0] : vector<2x6xf32>, memref<5x6xf32>
  %z2 = vector.transfer_read %A[%c0, %c0], %pad : memref<5x6xf32>, vector<5x6xf32>
  vector.print %z2 : vector<5x6xf32>
  %wm = vector.constant_mask [1, 2] : vector<2x3xi1>
  %sm = vector.broadcast %pad : f32 to vector<2x3xf32>
  vector.transfer_write %sm, %A[%c0, %c1], %wm {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : vector<2x3xf32>, memref<5x6xf32>
  %z3 = vector.transfer_read %A[%c0, %c0], %pad : memref<5x6xf32>, vector<5x6xf32>
  vector.print %z3 : vector<5x6xf32>
  %t = vector.transfer_read %A[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<5x6xf32>, vector<2x3xf32>
  vector.transfer_write %t, %A[%c3, %c4] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<2x3xf32>, memref<5x6xf32>
  %D = memref.cast %A : memref<5x6xf32> to memref<?x?xf32>
  %z4 = vector.transfer_read %D[%c1, %c1], %pad : memref<?x?xf32>, vector<5x6xf32>
  vector.print %z4 : vector<5x6xf32>
  %col = arith.constant dense<[[1.0], [2.0]]> : vector<2x1xf32>
  %st = vector.broadcast %col : vector<2x1xf32> to vector<3x2x4xf32>
  vector.print %st : vector<3x2x4xf32>
  %e2 = vector.extract %st[2, 1] : vector<4xf32> from vector<3x2x4xf32>
  vector.print %e2 : vector<4xf32>
  %e3 = vector.extract %z4[4, 2] : f32 from vector<5x6xf32>
  vector.print %e3 : f32
  %ins = vector.insert %e2, %st[0, 0] : vector<4xf32> into vector<3x2x4xf32>
  %ins2 = vector.insert %e3, %ins[1, 1, 3] : f32 into vector<3x2x4xf32>
  %prod = arith.mulf %ins2, %st : vector<3x2x4xf32>
  vector.print %prod : vector<3x2x4xf32>
  %fm = vector.fma %v, %v, %y : vector<3x4xf32>
  vector.print %fm : vector<3x4xf32>
  return
}

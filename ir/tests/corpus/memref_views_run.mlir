// Memref views run by the interpreter, the C back end and mlir-cpu-runner:
// subviews (strided, dynamic offsets, rank-reducing), collapse_shape,
// expand_shape, transpose, reinterpret_cast and reshape read and write
// the buffer of their source; memref.alloca_scope and scf.execute_region
// yield values.
func.func @main() {
  %A = memref.alloc() : memref<4x6xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %ten = arith.constant 10 : i32
      %t = arith.muli %ii, %ten : i32
      %s = arith.addi %t, %jj : i32
      %f = arith.sitofp %s : i32 to f32
      affine.store %f, %A[%i, %j] : memref<4x6xf32>
    }
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sub = memref.subview %A[1, 2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: 8>>
  %a = memref.load %sub[%c1, %c2] : memref<2x3xf32, strided<[6, 1], offset: 8>>
  vector.print %a : f32
  // An offset known only at run time: 1, read from memory.
  %one_f = memref.load %A[%c0, %c1] : memref<4x6xf32>
  %one_i = arith.fptosi %one_f : f32 to i32
  %one = arith.index_cast %one_i : i32 to index
  %odd = memref.subview %A[%one, 1] [3, 3] [1, 2] : memref<4x6xf32> to memref<3x3xf32, strided<[6, 2], offset: ?>>
  %b = memref.load %odd[%c2, %c2] : memref<3x3xf32, strided<[6, 2], offset: ?>>
  vector.print %b : f32
  %row = memref.subview %A[2, 0] [1, 6] [1, 1] : memref<4x6xf32> to memref<6xf32, strided<[1], offset: 12>>
  %r = memref.load %row[%c2] : memref<6xf32, strided<[1], offset: 12>>
  vector.print %r : f32
  %flat = memref.collapse_shape %A [[0, 1]] : memref<4x6xf32> into memref<24xf32>
  %c13 = arith.constant 13 : index
  %fl = memref.load %flat[%c13] : memref<24xf32>
  vector.print %fl : f32
  %cube = memref.expand_shape %A [[0], [1, 2]] output_shape [4, 2, 3] : memref<4x6xf32> into memref<4x2x3xf32>
  %cu = memref.load %cube[%c2, %c1, %c2] : memref<4x2x3xf32>
  vector.print %cu : f32
  %tr = memref.transpose %A (d0, d1) -> (d1, d0) : memref<4x6xf32> to memref<6x4xf32, strided<[1, 6]>>
  %c5 = arith.constant 5 : index
  %te = memref.load %tr[%c5, %c1] : memref<6x4xf32, strided<[1, 6]>>
  vector.print %te : f32
  %re = memref.reinterpret_cast %A to offset: [0], sizes: [6, 4], strides: [4, 1] : memref<4x6xf32> to memref<6x4xf32>
  %rv = memref.load %re[%c5, %c1] : memref<6x4xf32>
  vector.print %rv : f32
  %shape = memref.alloc() : memref<2xindex>
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  memref.store %c3, %shape[%c0] : memref<2xindex>
  memref.store %c8, %shape[%c1] : memref<2xindex>
  %rs = memref.reshape %A(%shape) : (memref<4x6xf32>, memref<2xindex>) -> memref<?x?xf32>
  %rsv = memref.load %rs[%c2, %c5] : memref<?x?xf32>
  vector.print %rsv : f32
  // A write through a view is seen through the source.
  %minus = arith.constant -1.0 : f32
  memref.store %minus, %sub[%c0, %c0] : memref<2x3xf32, strided<[6, 1], offset: 8>>
  %back = memref.load %A[%c1, %c2] : memref<4x6xf32>
  vector.print %back : f32
  %sum = memref.alloca_scope -> (f32) {
    %tmp = memref.alloca() : memref<2xf32>
    memref.store %a, %tmp[%c0] : memref<2xf32>
    memref.store %b, %tmp[%c1] : memref<2xf32>
    %x = memref.load %tmp[%c0] : memref<2xf32>
    %y = memref.load %tmp[%c1] : memref<2xf32>
    %z = arith.addf %x, %y : f32
    memref.alloca_scope.return %z : f32
  }
  vector.print %sum : f32
  %prod = scf.execute_region -> f32 {
    %p = arith.mulf %sum, %te : f32
    scf.yield %p : f32
  }
  vector.print %prod : f32
  memref.dealloc %A : memref<4x6xf32>
  memref.dealloc %shape : memref<2xindex>
  return
}

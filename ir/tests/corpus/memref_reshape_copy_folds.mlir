// The memref shapes MLIR's canonicalization folds: a collapse undoing an
// expansion, collapses and expansions of one another, a collapse of a
// cast, copies through casts, to themselves and of nothing, a no-op
// reinterpret cast, and the size of a reshape read from its shape operand.
// Run before and after --canonicalize.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2x3xi64>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %v = arith.index_cast %k : index to i64
      affine.store %v, %a[%i, %j] : memref<2x3xi64>
    }
  }
  %flat = memref.collapse_shape %a [[0, 1]] : memref<2x3xi64> into memref<6xi64>
  %back = memref.expand_shape %flat [[0, 1]] output_shape [2, 3] : memref<6xi64> into memref<2x3xi64>
  %again = memref.collapse_shape %back [[0, 1]] : memref<2x3xi64> into memref<6xi64>
  %e1 = memref.expand_shape %again [[0, 1]] output_shape [3, 2] : memref<6xi64> into memref<3x2xi64>
  %e2 = memref.expand_shape %e1 [[0], [1, 2]] output_shape [3, 2, 1] : memref<3x2xi64> into memref<3x2x1xi64>
  %c = memref.collapse_shape %e2 [[0], [1, 2]] : memref<3x2x1xi64> into memref<3x2xi64>
  %cc = memref.collapse_shape %c [[0, 1]] : memref<3x2xi64> into memref<6xi64>
  %dyn = memref.cast %a : memref<2x3xi64> to memref<?x3xi64>
  %col = memref.collapse_shape %dyn [[0, 1]] : memref<?x3xi64> into memref<?xi64>
  %b = memref.alloc() : memref<6xi64>
  %bc = memref.cast %b : memref<6xi64> to memref<?xi64>
  memref.copy %cc, %bc : memref<6xi64> to memref<?xi64>
  memref.copy %b, %b : memref<6xi64> to memref<6xi64>
  %none = memref.alloc() : memref<0xi64>
  %none2 = memref.alloc() : memref<0xi64>
  memref.copy %none, %none2 : memref<0xi64> to memref<0xi64>
  %r = memref.reinterpret_cast %b to offset: [0], sizes: [6], strides: [1] : memref<6xi64> to memref<6xi64>
  affine.for %i = 0 to 6 {
    %v = affine.load %r[%i] : memref<6xi64>
    %w = memref.load %col[%i] : memref<?xi64>
    %s = arith.addi %v, %w : i64
    vector.print %s : i64
  }
  %shape = memref.alloc() : memref<2xindex>
  memref.store %c3, %shape[%c0] : memref<2xindex>
  memref.store %c2, %shape[%c1] : memref<2xindex>
  %rs = memref.reshape %b(%shape) : (memref<6xi64>, memref<2xindex>) -> memref<?x?xi64>
  %d0 = memref.dim %rs, %c0 : memref<?x?xi64>
  %d1 = memref.dim %rs, %c1 : memref<?x?xi64>
  %x = memref.load %rs[%c2, %c1] : memref<?x?xi64>
  vector.print %d0 : index
  vector.print %d1 : index
  vector.print %x : i64
  memref.dealloc %a : memref<2x3xi64>
  memref.dealloc %b : memref<6xi64>
  memref.dealloc %none : memref<0xi64>
  memref.dealloc %none2 : memref<0xi64>
  memref.dealloc %shape : memref<2xindex>
  return
}

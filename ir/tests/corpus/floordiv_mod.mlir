// floordiv, ceildiv and mod in subscripts and affine.apply.
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %A = memref.alloc() : memref<4x3xi64>
  affine.for %i = 0 to 12 {
    %q = affine.apply affine_map<(d0) -> (d0 ceildiv 4)>(%i)
    %qi = arith.index_cast %q : index to i64
    affine.store %qi, %A[%i floordiv 3, %i mod 3] : memref<4x3xi64>
  }
  %u = memref.cast %A : memref<4x3xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

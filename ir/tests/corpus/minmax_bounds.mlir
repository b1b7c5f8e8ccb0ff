// Tiled loops with max/min bounds and affine.min/affine.max.
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %A = memref.alloc() : memref<20xi64>
  %n = arith.constant 19 : index
  affine.for %i = 0 to 20 {
    %z = arith.constant 0 : i64
    affine.store %z, %A[%i] : memref<20xi64>
  }
  affine.for %ii = 0 to 20 step 8 {
    affine.for %i = max affine_map<(d0) -> (d0, 2)>(%ii) to min affine_map<(d0)[s0] -> (d0 + 8, s0)>(%ii)[%n] {
      %lo = affine.max affine_map<(d0) -> (d0 - 3, 0)>(%i)
      %hi = affine.min affine_map<(d0)[s0] -> (d0 * 2, s0)>(%i)[%n]
      %d = arith.subi %hi, %lo : index
      %v = arith.index_cast %d : index to i64
      affine.store %v, %A[%i] : memref<20xi64>
    }
  }
  %u = memref.cast %A : memref<20xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

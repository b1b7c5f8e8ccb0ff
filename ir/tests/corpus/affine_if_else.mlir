// affine.if with else, results and symbols.
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %A = memref.alloc() : memref<10xi64>
  %n = arith.constant 6 : index
  affine.for %i = 0 to 10 {
    %v = affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>(%i)[%n] -> i64 {
      %a = arith.index_cast %i : index to i64
      affine.yield %a : i64
    } else {
      %b = arith.constant -1 : i64
      affine.yield %b : i64
    }
    affine.store %v, %A[%i] : memref<10xi64>
    affine.if affine_set<(d0) : (d0 - 5 == 0)>(%i) {
      %c = arith.constant 100 : i64
      affine.store %c, %A[%i] : memref<10xi64>
    }
  }
  %u = memref.cast %A : memref<10xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

// Reduction through iter_args, printed with vector.print.
func.func @main() {
  %A = memref.alloc() : memref<100xf64>
  affine.for %i = 0 to 100 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    affine.store %f, %A[%i] : memref<100xf64>
  }
  %zero = arith.constant 0.0 : f64
  %s:2 = affine.for %i = 0 to 100 step 3 iter_args(%a = %zero, %b = %zero) -> (f64, f64) {
    %v = affine.load %A[%i] : memref<100xf64>
    %a2 = arith.addf %a, %v : f64
    %sq = arith.mulf %v, %v : f64
    %b2 = arith.addf %b, %sq : f64
    affine.yield %a2, %b2 : f64, f64
  }
  vector.print %s#0 : f64
  vector.print %s#1 : f64
  return
}

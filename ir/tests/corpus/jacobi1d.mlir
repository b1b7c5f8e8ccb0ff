// PolyBench jacobi-1d: two sweeps per time step.
func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %A = memref.alloc() : memref<32xf64>
  %B = memref.alloc() : memref<32xf64>
  %third = arith.constant 0.33333 : f64
  affine.for %i = 0 to 32 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    affine.store %f, %A[%i] : memref<32xf64>
    affine.store %f, %B[%i] : memref<32xf64>
  }
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 31 {
      %a = affine.load %A[%i - 1] : memref<32xf64>
      %b = affine.load %A[%i] : memref<32xf64>
      %c = affine.load %A[%i + 1] : memref<32xf64>
      %s1 = arith.addf %a, %b : f64
      %s2 = arith.addf %s1, %c : f64
      %r = arith.mulf %s2, %third : f64
      affine.store %r, %B[%i] : memref<32xf64>
    }
    affine.for %i = 1 to 31 {
      %a = affine.load %B[%i - 1] : memref<32xf64>
      %b = affine.load %B[%i] : memref<32xf64>
      %c = affine.load %B[%i + 1] : memref<32xf64>
      %s1 = arith.addf %a, %b : f64
      %s2 = arith.addf %s1, %c : f64
      %r = arith.mulf %s2, %third : f64
      affine.store %r, %A[%i] : memref<32xf64>
    }
  }
  %u = memref.cast %A : memref<32xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

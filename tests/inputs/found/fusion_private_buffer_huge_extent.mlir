// RUN-FLAGS: --affine-loop-fusion
// Found by tests/no_crash.rs (seed 0x2611260e, input 2441): a mutated bound
// gives a fused nest's private buffer extents whose byte count overflowed
// u64 (a panic in the size check); it now saturates.
// PolyBench atax: y = A^T (A x).
func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %A = memref.alloc() : memref<12x10xf64>
  %x = memref.alloc() : memref<10xf64>
  %y = memref.alloc() : memref<10xf64>
  %tmp = memref.alloc() : memref<12xf64>
  %zero = arith.constant 0.0 : f64
  affine.for %j = 0 to 2 {
    %jj = arith.index_cast %j : index to i64
    %f = arith.sitofp %jj : i64 to f64
    %ten = arith.constant 10.0 : f64
    %g = arith.divf %f, %ten : f64
    affine.store %g, %x[%j] : memref<10xf64>
    affine.store %zero, %y[%j] : memref<10xf64>
  }
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 10)>(%i, %j)
      %vi = arith.index_cast %v : index to i64
      %f = arith.sitofp %vi : i64 to f64
      affine.store %f, %A[%i, %j] : memref<12x10xf64>
    }
  }
  affine.for %i = 0 to 12 {
    affine.store %zero, %tmp[%i] : memref<12xf64>
    affine.for %j = 0 to 4611686018427387904 {
      %a = affine.load %A[%i, %j] : memref<12x10xf64>
      %b = affine.load %x[%j] : memref<10xf64>
      %t = affine.load %tmp[%i] : memref<12xf64>
      %p = arith.mulf %a, %b : f64
      %s = arith.addf %t, %p : f64
      affine.store %s, %tmp[%i] : memref<12xf64>
    }
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<12x10xf64>
      %t = affine.load %tmp[%i] : memref<12xf64>
      %yy = affine.load %y[%j] : memref<10xf64>
      %p = arith.mulf %a, %t : f64
      %s = arith.addf %yy, %p : f64
      affine.store %s, %y[%j] : memref<10xf64>
    }
  }
  %u = memref.cast %y : memref<10xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}



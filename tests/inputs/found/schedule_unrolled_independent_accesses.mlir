// RUN-FLAGS: --tessera-optimize="l2-cache=0" --affine-loop-unroll="cleanup-unroll unroll-factor=4294967295" --tessera-schedule="tile"
// Found by tests/no_crash.rs (seed 0x2611260d, input 344): unrolled, the
// initialisations in @main make a SCoP of a few hundred accesses that
// barely depend on each other, so the scheduler's edge limit never
// stopped its pairwise dependence tests (20 s); it now tests at most
// MAX_DEPENDENCE_TESTS pairs and keeps such a SCoP as it is.
// atax: t = A x, then y = A^T t, as two nests through a local t.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<7x5xf32>, %x: memref<5xf32>, %y: memref<5xf32>) {
  %t = memref.alloc() : memref<7xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 5 {
    affine.store %zero, %y[%j] : memref<5xf32>
  }
  affine.for %i = 0 to 7 {
    affine.store %zero, %t[%i] : memref<7xf32>
    affine.for %j = 0 to 5 {
      %a = affine.load %A[%i, %j] : memref<7x5xf32>
      %b = affine.load %x[%j] : memref<5xf32>
      %c = affine.load %t[%i] : memref<7xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      affine.store %s, %t[%i] : memref<7xf32>
    }
  }
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 5 {
      %a = affine.load %A[%i, %j] : memref<7x5xf32>
      %c = affine.load %t[%i] : memref<7xf32>
      %yy = affine.load %y[%j] : memref<5xf32>
      %p = arith.mulf %a, %c : f32
      %s = arith.addf %yy, %p : f32
      affine.store %s, %y[%j] : memref<5xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<7x5xf32>
  %x = memref.alloc() : memref<5xf32>
  %y = memref.alloc() : memref<5xf32>
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 4294967296 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 2) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<7x5xf32>
    }
  }
  affine.for %j = 0 to 5 {
    %v = affine.apply affine_map<(d0) -> (d0 + 1)>(%j)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %x[%j] : memref<5xf32>
  }
  call @kernel(%A, %x, %y) : (memref<7x5xf32>, memref<5xf32>, memref<5xf32>) -> ()
  %u = memref.cast %y : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}



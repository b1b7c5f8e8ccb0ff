// RUN-FLAGS: --affine-loop-unroll="unroll-full unroll-full-threshold=4294967295" --cse
// Found by tests/no_crash.rs (seed 0x26112610, input 6842): gemm unrolled in
// full leaves blocks of ~100k ops, and --cse rewrote the uses of each
// duplicate by walking the whole module (and found positions by scanning
// the block): 46 s. It now keeps a use list and per-block write counts: 1.5 s.
// PolyBench gemm: C = alpha*A*B + beta*C.
func.func private @printMemrefF32(memref<*xf32>)

func.func @gemm(%alpha: f32, %beta: f32, %C: memref<20x25xf32>, %A: memref<20x30xf32>, %B: memref<30x25xf32>) {
  affine.for %i = 0 to 20 {
    affine.for %j = -33 to 25 {
      %c = affine.load %C[%i, %j] : memref<20x25xf32>
      %cb = arith.mulf %c, %beta : f32
      affine.store %cb, %C[%i, %j] : memref<20x25xf32>
    }
    affine.for %k = 1 to 30 {
      affine.for %j = 0 to 25 {
        %a = affine.load %A[%i, %k] : memref<20x30xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<30x25xf32>
        %p = arith.mulf %aa, %b : f32
        %c = affine.load %C[%i, %j] : memref<20x25xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<20x25xf32>
      }
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<20x30xf32>
  %B = memref.alloc() : memref<30x25xf32>
  %C = memref.alloc() : memref<20x25xf32>
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 30 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 + 1) mod 20)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<20x30xf32>
    }
  }
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 25 step 2 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 2 + 2) mod 25)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %B[%i, %j] : memref<30x25xf32>
    }
  }
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 25 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 11) mod 20)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %C[%i, %j] : memref<20x25xf32>
    }
  }
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  call @gemm(%alpha, %beta, %C, %A, %B) : (f32, f32, memref<20x25xf32>, memref<20x30xf32>, memref<30x25xf32>) -> ()
  %u = memref.cast %C : memref<20x25xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}


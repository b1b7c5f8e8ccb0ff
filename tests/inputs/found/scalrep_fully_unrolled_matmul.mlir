// RUN-FLAGS: --affine-loop-unroll="unroll-full unroll-full-threshold=4294967295" --affine-scalrep
// Found by tests/no_crash.rs (seeds 0x26112716 and 0x26112717): matmul's
// loops unrolled in full leave 24 644 affine accesses, and --affine-scalrep
// compared them pair by pair for over a minute (mlir-opt 19 takes more
// than five). Past 20 million (load, access) pairs the module is now left
// unchanged, with a remark.
// C += A * B on 64x64 matrices; prints a checksum row.
func.func private @printMemrefF32(memref<*xf32>)

func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<64x64xf32>
  %B = memref.alloc() : memref<64x64xf32>
  %C = memref.alloc() : memref<64x64xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %s = arith.addi %i, %j : index
      %si = arith.index_cast %s : index to i32
      %m = arith.constant 7 : i32
      %r = arith.remsi %si, %m : i32
      %f = arith.sitofp %r : i32 to f32
      affine.store %f, %A[%i, %j] : memref<64x64xf32>
      %d = arith.subi %i, %j : index
      %di = arith.index_cast %d : index to i32
      %r2 = arith.remsi %di, %m : i32
      %g = arith.sitofp %r2 : i32 to f32
      affine.store %g, %B[%i, %j] : memref<64x64xf32>
      affine.store %zero, %C[%i, %j] : memref<64x64xf32>
    }
  }
  call @matmul(%A, %B, %C) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>) -> ()
  %S = memref.alloc() : memref<64xf32>
  affine.for %j = 0 to 64 {
    affine.store %zero, %S[%j] : memref<64xf32>
    affine.for %i = 0 to 64 {
      %c = affine.load %C[%i, %j] : memref<64x64xf32>
      %acc = affine.load %S[%j] : memref<64xf32>
      %n = arith.addf %acc, %c : f32
      affine.store %n, %S[%j] : memref<64xf32>
    }
  }
  %u = memref.cast %S : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<64x64xf32>
  memref.dealloc %B : memref<64x64xf32>
  memref.dealloc %C : memref<64x64xf32>
  memref.dealloc %S : memref<64xf32>
  return
}

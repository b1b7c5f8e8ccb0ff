// 3mm: E = A * B, F = C * D, G = E * F; E and F are local.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<4x5xf32>, %B: memref<5x6xf32>, %C: memref<6x3xf32>, %D: memref<3x7xf32>, %G: memref<4x7xf32>) {
  %E = memref.alloc() : memref<4x6xf32>
  %F = memref.alloc() : memref<6x7xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      affine.store %zero, %E[%i, %j] : memref<4x6xf32>
      affine.for %k = 0 to 5 {
        %a = affine.load %A[%i, %k] : memref<4x5xf32>
        %b = affine.load %B[%k, %j] : memref<5x6xf32>
        %e = affine.load %E[%i, %j] : memref<4x6xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %e, %p : f32
        affine.store %s, %E[%i, %j] : memref<4x6xf32>
      }
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 7 {
      affine.store %zero, %F[%i, %j] : memref<6x7xf32>
      affine.for %k = 0 to 3 {
        %c = affine.load %C[%i, %k] : memref<6x3xf32>
        %d = affine.load %D[%k, %j] : memref<3x7xf32>
        %f = affine.load %F[%i, %j] : memref<6x7xf32>
        %p = arith.mulf %c, %d : f32
        %s = arith.addf %f, %p : f32
        affine.store %s, %F[%i, %j] : memref<6x7xf32>
      }
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 7 {
      affine.store %zero, %G[%i, %j] : memref<4x7xf32>
      affine.for %k = 0 to 6 {
        %e = affine.load %E[%i, %k] : memref<4x6xf32>
        %f = affine.load %F[%k, %j] : memref<6x7xf32>
        %g = affine.load %G[%i, %j] : memref<4x7xf32>
        %p = arith.mulf %e, %f : f32
        %s = arith.addf %g, %p : f32
        affine.store %s, %G[%i, %j] : memref<4x7xf32>
      }
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<4x5xf32>
  %B = memref.alloc() : memref<5x6xf32>
  %C = memref.alloc() : memref<6x3xf32>
  %D = memref.alloc() : memref<3x7xf32>
  %G = memref.alloc() : memref<4x7xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<4x5xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 6 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 2 + 1) mod 4)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %B[%i, %j] : memref<5x6xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 3 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 2 + d1) mod 3)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %C[%i, %j] : memref<6x3xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 7 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1 + 2) mod 6)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %D[%i, %j] : memref<3x7xf32>
    }
  }
  call @kernel(%A, %B, %C, %D, %G) : (memref<4x5xf32>, memref<5x6xf32>, memref<6x3xf32>, memref<3x7xf32>, memref<4x7xf32>) -> ()
  %u = memref.cast %G : memref<4x7xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

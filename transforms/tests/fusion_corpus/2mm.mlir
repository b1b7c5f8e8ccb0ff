// 2mm: T = A * B, then D = beta * D + T * C. T is local to the kernel.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<6x7xf32>, %B: memref<7x5xf32>, %C: memref<5x8xf32>, %D: memref<6x8xf32>) {
  %T = memref.alloc() : memref<6x5xf32>
  %zero = arith.constant 0.0 : f32
  %beta = arith.constant 1.5 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      affine.store %zero, %T[%i, %j] : memref<6x5xf32>
      affine.for %k = 0 to 7 {
        %a = affine.load %A[%i, %k] : memref<6x7xf32>
        %b = affine.load %B[%k, %j] : memref<7x5xf32>
        %t = affine.load %T[%i, %j] : memref<6x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %t, %p : f32
        affine.store %s, %T[%i, %j] : memref<6x5xf32>
      }
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 8 {
      %d = affine.load %D[%i, %j] : memref<6x8xf32>
      %db = arith.mulf %d, %beta : f32
      affine.store %db, %D[%i, %j] : memref<6x8xf32>
      affine.for %k = 0 to 5 {
        %t = affine.load %T[%i, %k] : memref<6x5xf32>
        %c = affine.load %C[%k, %j] : memref<5x8xf32>
        %p = arith.mulf %t, %c : f32
        %dd = affine.load %D[%i, %j] : memref<6x8xf32>
        %s = arith.addf %dd, %p : f32
        affine.store %s, %D[%i, %j] : memref<6x8xf32>
      }
    }
  }
  memref.dealloc %T : memref<6x5xf32>
  return
}

func.func @main() {
  %A = memref.alloc() : memref<6x7xf32>
  %B = memref.alloc() : memref<7x5xf32>
  %C = memref.alloc() : memref<5x8xf32>
  %D = memref.alloc() : memref<6x8xf32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 7 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 + 1) mod 6)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<6x7xf32>
    }
  }
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 3) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %B[%i, %j] : memref<7x5xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 + 1) mod 8)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %C[%i, %j] : memref<5x8xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 2 + d1 * 5) mod 7)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %D[%i, %j] : memref<6x8xf32>
    }
  }
  call @kernel(%A, %B, %C, %D) : (memref<6x7xf32>, memref<7x5xf32>, memref<5x8xf32>, memref<6x8xf32>) -> ()
  %u = memref.cast %D : memref<6x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

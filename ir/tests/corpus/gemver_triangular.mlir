// Triangular loop nest with symbolic and map bounds (PolyBench trmm-like).
func.func private @printMemrefF32(memref<*xf32>)

func.func @trmm(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to %n {
        %a = affine.load %A[%k, %i] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %c = affine.load %B[%i, %j] : memref<16x16xf32>
        %m = arith.mulf %a, %b : f32
        %s = arith.addf %c, %m : f32
        affine.store %s, %B[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<16x16xf32>
  %B = memref.alloc() : memref<16x16xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 2) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<16x16xf32>
      affine.store %f, %B[%j, %i] : memref<16x16xf32>
    }
  }
  %n = arith.constant 16 : index
  call @trmm(%A, %B, %n) : (memref<16x16xf32>, memref<16x16xf32>, index) -> ()
  %u = memref.cast %B : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

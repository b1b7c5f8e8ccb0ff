// A producer/consumer chain of stencils: B = 3-point blur of A, C = 3-point
// blur of B, D = 2 * C. Fusing recomputes B and C points.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<16xf32>, %D: memref<12xf32>) {
  %B = memref.alloc() : memref<14xf32>
  %C = memref.alloc() : memref<12xf32>
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 14 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = affine.load %A[%i + 1] : memref<16xf32>
    %c = affine.load %A[%i + 2] : memref<16xf32>
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    affine.store %t, %B[%i] : memref<14xf32>
  }
  affine.for %i = 0 to 12 {
    %a = affine.load %B[%i] : memref<14xf32>
    %b = affine.load %B[%i + 1] : memref<14xf32>
    %c = affine.load %B[%i + 2] : memref<14xf32>
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    affine.store %t, %C[%i] : memref<12xf32>
  }
  affine.for %i = 0 to 12 {
    %c = affine.load %C[%i] : memref<12xf32>
    %d = arith.mulf %c, %two : f32
    affine.store %d, %D[%i] : memref<12xf32>
  }
  memref.dealloc %C : memref<12xf32>
  memref.dealloc %B : memref<14xf32>
  return
}

func.func @main() {
  %A = memref.alloc() : memref<16xf32>
  %D = memref.alloc() : memref<12xf32>
  affine.for %i = 0 to 16 {
    %v = affine.apply affine_map<(d0) -> ((d0 * 7) mod 5)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %A[%i] : memref<16xf32>
  }
  call @kernel(%A, %D) : (memref<16xf32>, memref<12xf32>) -> ()
  %u = memref.cast %D : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

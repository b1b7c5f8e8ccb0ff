// PolyBench seidel-2d (in place, 9-point stencil).
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %A = memref.alloc() : memref<12x12xf32>
  %nine = arith.constant 9.0 : f32
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 12 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 7)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<12x12xf32>
    }
  }
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 11 {
      affine.for %j = 1 to 11 {
        %a = affine.load %A[%i - 1, %j - 1] : memref<12x12xf32>
        %b = affine.load %A[%i - 1, %j] : memref<12x12xf32>
        %c = affine.load %A[%i - 1, %j + 1] : memref<12x12xf32>
        %d = affine.load %A[%i, %j - 1] : memref<12x12xf32>
        %e = affine.load %A[%i, %j] : memref<12x12xf32>
        %f = affine.load %A[%i, %j + 1] : memref<12x12xf32>
        %g = affine.load %A[%i + 1, %j - 1] : memref<12x12xf32>
        %h = affine.load %A[%i + 1, %j] : memref<12x12xf32>
        %k = affine.load %A[%i + 1, %j + 1] : memref<12x12xf32>
        %s1 = arith.addf %a, %b : f32
        %s2 = arith.addf %s1, %c : f32
        %s3 = arith.addf %s2, %d : f32
        %s4 = arith.addf %s3, %e : f32
        %s5 = arith.addf %s4, %f : f32
        %s6 = arith.addf %s5, %g : f32
        %s7 = arith.addf %s6, %h : f32
        %s8 = arith.addf %s7, %k : f32
        %r = arith.divf %s8, %nine : f32
        affine.store %r, %A[%i, %j] : memref<12x12xf32>
      }
    }
  }
  %u = memref.cast %A : memref<12x12xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

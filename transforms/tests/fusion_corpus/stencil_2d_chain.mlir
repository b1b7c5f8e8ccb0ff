// A 2-D producer feeding a 5-point stencil, then a pointwise scale.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%in: memref<8x8xf32>, %out: memref<6x6xf32>) {
  %sq = memref.alloc() : memref<8x8xf32>
  %st = memref.alloc() : memref<6x6xf32>
  %h = arith.constant 0.5 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %in[%i, %j] : memref<8x8xf32>
      %s = arith.mulf %v, %v : f32
      affine.store %s, %sq[%i, %j] : memref<8x8xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %c = affine.load %sq[%i + 1, %j + 1] : memref<8x8xf32>
      %n = affine.load %sq[%i, %j + 1] : memref<8x8xf32>
      %s = affine.load %sq[%i + 2, %j + 1] : memref<8x8xf32>
      %w = affine.load %sq[%i + 1, %j] : memref<8x8xf32>
      %e = affine.load %sq[%i + 1, %j + 2] : memref<8x8xf32>
      %a1 = arith.addf %c, %n : f32
      %a2 = arith.addf %a1, %s : f32
      %a3 = arith.addf %a2, %w : f32
      %a4 = arith.addf %a3, %e : f32
      affine.store %a4, %st[%i, %j] : memref<6x6xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %v = affine.load %st[%i, %j] : memref<6x6xf32>
      %r = arith.mulf %v, %h : f32
      affine.store %r, %out[%i, %j] : memref<6x6xf32>
    }
  }
  return
}

func.func @main() {
  %in = memref.alloc() : memref<8x8xf32>
  %out = memref.alloc() : memref<6x6xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 2 + d1 * 3) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %in[%i, %j] : memref<8x8xf32>
    }
  }
  call @kernel(%in, %out) : (memref<8x8xf32>, memref<6x6xf32>) -> ()
  %u = memref.cast %out : memref<6x6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

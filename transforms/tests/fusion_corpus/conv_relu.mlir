// A 3x3 convolution into a local buffer, then a ReLU.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%in: memref<8x8xf32>, %w: memref<3x3xf32>, %out: memref<6x6xf32>) {
  %conv = memref.alloc() : memref<6x6xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      affine.store %zero, %conv[%i, %j] : memref<6x6xf32>
      affine.for %ki = 0 to 3 {
        affine.for %kj = 0 to 3 {
          %x = affine.load %in[%i + %ki, %j + %kj] : memref<8x8xf32>
          %k = affine.load %w[%ki, %kj] : memref<3x3xf32>
          %c = affine.load %conv[%i, %j] : memref<6x6xf32>
          %p = arith.mulf %x, %k : f32
          %s = arith.addf %c, %p : f32
          affine.store %s, %conv[%i, %j] : memref<6x6xf32>
        }
      }
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %c = affine.load %conv[%i, %j] : memref<6x6xf32>
      %r = arith.maximumf %c, %zero : f32
      affine.store %r, %out[%i, %j] : memref<6x6xf32>
    }
  }
  memref.dealloc %conv : memref<6x6xf32>
  return
}

func.func @main() {
  %in = memref.alloc() : memref<8x8xf32>
  %w = memref.alloc() : memref<3x3xf32>
  %out = memref.alloc() : memref<6x6xf32>
  %c3 = arith.constant 3.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 5) mod 7)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      %g = arith.subf %f, %c3 : f32
      affine.store %g, %in[%i, %j] : memref<8x8xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 2) mod 3)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      %g = arith.subf %f, %c3 : f32
      affine.store %g, %w[%i, %j] : memref<3x3xf32>
    }
  }
  call @kernel(%in, %w, %out) : (memref<8x8xf32>, memref<3x3xf32>, memref<6x6xf32>) -> ()
  %u = memref.cast %out : memref<6x6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

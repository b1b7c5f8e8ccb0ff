// Trap (llvm-project issue 152077): a transposing copy followed by a nest
// that scales the copy in place in another order.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%in: memref<1x4x3x2xf32>, %out: memref<1x3x4x2xf32>, %scale: memref<1x1x4x2xf32>) {
  affine.for %i0 = 0 to 1 {
    affine.for %i1 = 0 to 3 {
      affine.for %i2 = 0 to 4 {
        affine.for %i3 = 0 to 2 {
          %v = affine.load %in[%i0, %i2, %i1, %i3] : memref<1x4x3x2xf32>
          affine.store %v, %out[%i0, %i1, %i2, %i3] : memref<1x3x4x2xf32>
        }
      }
    }
  }
  affine.for %i0 = 0 to 1 {
    affine.for %i1 = 0 to 3 {
      affine.for %i2 = 0 to 4 {
        affine.for %i3 = 0 to 2 {
          %v = affine.load %out[%i0, %i1, %i2, %i3] : memref<1x3x4x2xf32>
          %s = affine.load %scale[%i0, 0, %i2, %i3] : memref<1x1x4x2xf32>
          %r = arith.mulf %v, %s : f32
          affine.store %r, %out[%i0, %i1, %i2, %i3] : memref<1x3x4x2xf32>
        }
      }
    }
  }
  return
}

func.func @main() {
  %in = memref.alloc() : memref<1x4x3x2xf32>
  %out = memref.alloc() : memref<1x3x4x2xf32>
  %scale = memref.alloc() : memref<1x1x4x2xf32>
  affine.for %a = 0 to 4 {
    affine.for %b = 0 to 3 {
      affine.for %c = 0 to 2 {
        %v = affine.apply affine_map<(d0, d1, d2) -> (d0 * 6 + d1 * 2 + d2)>(%a, %b, %c)
        %vi = arith.index_cast %v : index to i32
        %f = arith.sitofp %vi : i32 to f32
        affine.store %f, %in[0, %a, %b, %c] : memref<1x4x3x2xf32>
      }
    }
  }
  affine.for %a = 0 to 4 {
    affine.for %c = 0 to 2 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 1)>(%a, %c)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %scale[0, 0, %a, %c] : memref<1x1x4x2xf32>
    }
  }
  call @kernel(%in, %out, %scale) : (memref<1x4x3x2xf32>, memref<1x3x4x2xf32>, memref<1x1x4x2xf32>) -> ()
  %u = memref.cast %out : memref<1x3x4x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

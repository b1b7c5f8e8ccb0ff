// 2-D convolution, valid padding, 3x3 filter.
func.func private @printMemrefF32(memref<*xf32>)

func.func @conv2d(%in: memref<10x10xf32>, %w: memref<3x3xf32>, %out: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %zero = arith.constant 0.0 : f32
      %sum = affine.for %p = 0 to 3 iter_args(%acc = %zero) -> (f32) {
        %row = affine.for %q = 0 to 3 iter_args(%acc2 = %acc) -> (f32) {
          %x = affine.load %in[%i + %p, %j + %q] : memref<10x10xf32>
          %k = affine.load %w[%p, %q] : memref<3x3xf32>
          %m = arith.mulf %x, %k : f32
          %a = arith.addf %acc2, %m : f32
          affine.yield %a : f32
        }
        affine.yield %row : f32
      }
      affine.store %sum, %out[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

func.func @main() {
  %in = memref.alloc() : memref<10x10xf32>
  %w = memref.alloc() : memref<3x3xf32>
  %out = memref.alloc() : memref<8x8xf32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %t = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 5)>(%i, %j)
      %ti = arith.index_cast %t : index to i64
      %f = arith.sitofp %ti : i64 to f32
      affine.store %f, %in[%i, %j] : memref<10x10xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %t = affine.apply affine_map<(d0, d1) -> (d0 - d1)>(%i, %j)
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      affine.store %f, %w[%i, %j] : memref<3x3xf32>
    }
  }
  call @conv2d(%in, %w, %out) : (memref<10x10xf32>, memref<3x3xf32>, memref<8x8xf32>) -> ()
  %u = memref.cast %out : memref<8x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

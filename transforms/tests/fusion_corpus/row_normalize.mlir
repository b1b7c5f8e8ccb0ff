// Row statistics then a row update: a per-row reduction feeding a
// per-row map (softmax-like, without exponentials).
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%X: memref<4x8xf32>, %Y: memref<4x8xf32>) {
  %mx = memref.alloc() : memref<4xf32>
  %sm = memref.alloc() : memref<4xf32>
  %E = memref.alloc() : memref<4x8xf32>
  %neg = arith.constant -100.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.store %neg, %mx[%i] : memref<4xf32>
    affine.for %j = 0 to 8 {
      %x = affine.load %X[%i, %j] : memref<4x8xf32>
      %m = affine.load %mx[%i] : memref<4xf32>
      %n = arith.maximumf %m, %x : f32
      affine.store %n, %mx[%i] : memref<4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %X[%i, %j] : memref<4x8xf32>
      %m = affine.load %mx[%i] : memref<4xf32>
      %d = arith.subf %x, %m : f32
      %e = arith.mulf %d, %d : f32
      affine.store %e, %E[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.store %zero, %sm[%i] : memref<4xf32>
    affine.for %j = 0 to 8 {
      %e = affine.load %E[%i, %j] : memref<4x8xf32>
      %s = affine.load %sm[%i] : memref<4xf32>
      %t = arith.addf %s, %e : f32
      affine.store %t, %sm[%i] : memref<4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %e = affine.load %E[%i, %j] : memref<4x8xf32>
      %s = affine.load %sm[%i] : memref<4xf32>
      %y = arith.divf %e, %s : f32
      affine.store %y, %Y[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

func.func @main() {
  %X = memref.alloc() : memref<4x8xf32>
  %Y = memref.alloc() : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 5 + 1) mod 7)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %X[%i, %j] : memref<4x8xf32>
    }
  }
  call @kernel(%X, %Y) : (memref<4x8xf32>, memref<4x8xf32>) -> ()
  %u = memref.cast %Y : memref<4x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

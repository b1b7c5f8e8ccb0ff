// gemver: B = A + u1 v1^T + u2 v2^T; x = x + beta B^T y; x = x + z;
// w = w + alpha B x.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<6x6xf32>, %u1: memref<6xf32>, %v1: memref<6xf32>, %u2: memref<6xf32>, %v2: memref<6xf32>, %x: memref<6xf32>, %y: memref<6xf32>, %z: memref<6xf32>, %w: memref<6xf32>) {
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.25 : f32
  %B = memref.alloc() : memref<6x6xf32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<6x6xf32>
      %p1 = affine.load %u1[%i] : memref<6xf32>
      %q1 = affine.load %v1[%j] : memref<6xf32>
      %p2 = affine.load %u2[%i] : memref<6xf32>
      %q2 = affine.load %v2[%j] : memref<6xf32>
      %m1 = arith.mulf %p1, %q1 : f32
      %m2 = arith.mulf %p2, %q2 : f32
      %s1 = arith.addf %a, %m1 : f32
      %s2 = arith.addf %s1, %m2 : f32
      affine.store %s2, %B[%i, %j] : memref<6x6xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %xx = affine.load %x[%i] : memref<6xf32>
      %b = affine.load %B[%j, %i] : memref<6x6xf32>
      %yy = affine.load %y[%j] : memref<6xf32>
      %m = arith.mulf %beta, %b : f32
      %n = arith.mulf %m, %yy : f32
      %s = arith.addf %xx, %n : f32
      affine.store %s, %x[%i] : memref<6xf32>
    }
  }
  affine.for %i = 0 to 6 {
    %xx = affine.load %x[%i] : memref<6xf32>
    %zz = affine.load %z[%i] : memref<6xf32>
    %s = arith.addf %xx, %zz : f32
    affine.store %s, %x[%i] : memref<6xf32>
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %ww = affine.load %w[%i] : memref<6xf32>
      %b = affine.load %B[%i, %j] : memref<6x6xf32>
      %xx = affine.load %x[%j] : memref<6xf32>
      %m = arith.mulf %alpha, %b : f32
      %n = arith.mulf %m, %xx : f32
      %s = arith.addf %ww, %n : f32
      affine.store %s, %w[%i] : memref<6xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<6x6xf32>
  %u1 = memref.alloc() : memref<6xf32>
  %v1 = memref.alloc() : memref<6xf32>
  %u2 = memref.alloc() : memref<6xf32>
  %v2 = memref.alloc() : memref<6xf32>
  %x = memref.alloc() : memref<6xf32>
  %y = memref.alloc() : memref<6xf32>
  %z = memref.alloc() : memref<6xf32>
  %w = memref.alloc() : memref<6xf32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 4 + d1 * 3) mod 5)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<6x6xf32>
    }
  }
  affine.for %i = 0 to 6 {
    %v = affine.apply affine_map<(d0) -> (d0 mod 3)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %u1[%i] : memref<6xf32>
    affine.store %f, %v2[%i] : memref<6xf32>
    affine.store %f, %z[%i] : memref<6xf32>
    %g = arith.addf %f, %f : f32
    affine.store %g, %v1[%i] : memref<6xf32>
    affine.store %g, %u2[%i] : memref<6xf32>
    affine.store %g, %x[%i] : memref<6xf32>
    affine.store %f, %y[%i] : memref<6xf32>
    affine.store %g, %w[%i] : memref<6xf32>
  }
  call @kernel(%A, %u1, %v1, %u2, %v2, %x, %y, %z, %w) : (memref<6x6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>) -> ()
  %ux = memref.cast %x : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%ux) : (memref<*xf32>) -> ()
  %uw = memref.cast %w : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%uw) : (memref<*xf32>) -> ()
  return
}

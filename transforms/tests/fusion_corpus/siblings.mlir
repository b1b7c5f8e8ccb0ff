// Sibling nests sharing an input: row sums and row maxima of one matrix,
// and two element-wise maps of one vector.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<5x6xf32>, %x: memref<12xf32>, %sum: memref<5xf32>, %mx: memref<5xf32>, %p: memref<12xf32>, %q: memref<12xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 5 {
    affine.store %zero, %sum[%i] : memref<5xf32>
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<5x6xf32>
      %s = affine.load %sum[%i] : memref<5xf32>
      %t = arith.addf %s, %a : f32
      affine.store %t, %sum[%i] : memref<5xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.store %zero, %mx[%i] : memref<5xf32>
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<5x6xf32>
      %m = affine.load %mx[%i] : memref<5xf32>
      %t = arith.maximumf %m, %a : f32
      affine.store %t, %mx[%i] : memref<5xf32>
    }
  }
  affine.for %i = 0 to 12 {
    %v = affine.load %x[%i] : memref<12xf32>
    %w = arith.mulf %v, %two : f32
    affine.store %w, %p[%i] : memref<12xf32>
  }
  affine.for %i = 0 to 12 {
    %v = affine.load %x[%i] : memref<12xf32>
    %w = arith.addf %v, %two : f32
    affine.store %w, %q[%i] : memref<12xf32>
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<5x6xf32>
  %x = memref.alloc() : memref<12xf32>
  %sum = memref.alloc() : memref<5xf32>
  %mx = memref.alloc() : memref<5xf32>
  %p = memref.alloc() : memref<12xf32>
  %q = memref.alloc() : memref<12xf32>
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 6 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 4 + d1 * 3) mod 7)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<5x6xf32>
    }
  }
  affine.for %i = 0 to 12 {
    %v = affine.apply affine_map<(d0) -> ((d0 * 5) mod 9)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %x[%i] : memref<12xf32>
  }
  call @kernel(%A, %x, %sum, %mx, %p, %q) : (memref<5x6xf32>, memref<12xf32>, memref<5xf32>, memref<5xf32>, memref<12xf32>, memref<12xf32>) -> ()
  %u1 = memref.cast %sum : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %u2 = memref.cast %mx : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %u3 = memref.cast %p : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  %u4 = memref.cast %q : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%u4) : (memref<*xf32>) -> ()
  return
}

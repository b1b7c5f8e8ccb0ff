// Nests that must not fuse: the consumer reads the producer's output in
// reverse and updates it in place, so any slice order reverses a
// dependence; and a nest reading a running sum of the previous one.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<10xf32>, %B: memref<10xf32>, %S: memref<10xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf32>
    affine.store %a, %B[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %b = affine.load %B[9 - %i] : memref<10xf32>
    %c = arith.addf %b, %one : f32
    affine.store %c, %B[%i] : memref<10xf32>
  }
  affine.for %i = 1 to 10 {
    %p = affine.load %S[%i - 1] : memref<10xf32>
    %b = affine.load %B[%i] : memref<10xf32>
    %s = arith.addf %p, %b : f32
    affine.store %s, %S[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %s = affine.load %S[9 - %i] : memref<10xf32>
    %t = arith.addf %s, %s : f32
    affine.store %t, %A[%i] : memref<10xf32>
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<10xf32>
  %B = memref.alloc() : memref<10xf32>
  %S = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    %v = affine.apply affine_map<(d0) -> ((d0 * 3) mod 7)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %A[%i] : memref<10xf32>
    affine.store %f, %S[%i] : memref<10xf32>
  }
  call @kernel(%A, %B, %S) : (memref<10xf32>, memref<10xf32>, memref<10xf32>) -> ()
  %ua = memref.cast %A : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %ub = memref.cast %B : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %us = memref.cast %S : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  return
}

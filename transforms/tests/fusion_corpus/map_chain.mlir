// Four element-wise stages through local buffers: every intermediate
// shrinks to one element after fusion.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%in: memref<32xf32>, %out: memref<32xf32>) {
  %t1 = memref.alloc() : memref<32xf32>
  %t2 = memref.alloc() : memref<32xf32>
  %t3 = memref.alloc() : memref<32xf32>
  %c = arith.constant 1.5 : f32
  %d = arith.constant 0.25 : f32
  affine.for %i = 0 to 32 {
    %v = affine.load %in[%i] : memref<32xf32>
    %w = arith.mulf %v, %c : f32
    affine.store %w, %t1[%i] : memref<32xf32>
  }
  affine.for %i = 0 to 32 {
    %v = affine.load %t1[%i] : memref<32xf32>
    %w = arith.addf %v, %d : f32
    affine.store %w, %t2[%i] : memref<32xf32>
  }
  affine.for %i = 0 to 32 {
    %v = affine.load %t2[%i] : memref<32xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %t3[%i] : memref<32xf32>
  }
  affine.for %i = 0 to 32 {
    %v = affine.load %t3[%i] : memref<32xf32>
    %u = affine.load %t1[%i] : memref<32xf32>
    %w = arith.subf %v, %u : f32
    affine.store %w, %out[%i] : memref<32xf32>
  }
  memref.dealloc %t1 : memref<32xf32>
  memref.dealloc %t2 : memref<32xf32>
  memref.dealloc %t3 : memref<32xf32>
  return
}

func.func @main() {
  %in = memref.alloc() : memref<32xf32>
  %out = memref.alloc() : memref<32xf32>
  affine.for %i = 0 to 32 {
    %v = affine.apply affine_map<(d0) -> ((d0 * 5) mod 11)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %in[%i] : memref<32xf32>
  }
  call @kernel(%in, %out) : (memref<32xf32>, memref<32xf32>) -> ()
  %u = memref.cast %out : memref<32xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// A call between a producer and its consumer updates the intermediate
// buffer: the nests cannot be fused across it. A second pair around a
// print of an unrelated scalar can.
func.func private @printMemrefF32(memref<*xf32>)

func.func @scale(%t: memref<8xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf32>
    %w = arith.mulf %v, %two : f32
    affine.store %w, %t[%i] : memref<8xf32>
  }
  return
}

func.func @kernel(%in: memref<8xf32>, %out: memref<8xf32>, %out2: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %u = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    %w = arith.addf %v, %one : f32
    affine.store %w, %t[%i] : memref<8xf32>
  }
  call @scale(%t) : (memref<8xf32>) -> ()
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %u[%i] : memref<8xf32>
  }
  vector.print %one : f32
  affine.for %i = 0 to 8 {
    %v = affine.load %u[%i] : memref<8xf32>
    %w = arith.addf %v, %one : f32
    affine.store %w, %out2[%i] : memref<8xf32>
  }
  return
}

func.func @main() {
  %in = memref.alloc() : memref<8xf32>
  %out = memref.alloc() : memref<8xf32>
  %out2 = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.apply affine_map<(d0) -> ((d0 * 3) mod 5)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %in[%i] : memref<8xf32>
  }
  call @kernel(%in, %out, %out2) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
  %c = memref.cast %out : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  %d = memref.cast %out2 : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%d) : (memref<*xf32>) -> ()
  return
}

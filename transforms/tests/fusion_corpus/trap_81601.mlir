// Trap (llvm-project issue 81601): a local buffer is produced, consumed by
// a nest, and also read by a nest inside an scf.if. It must not become a
// private buffer of the fused nest.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%in: memref<16xf32>, %out1: memref<16xf32>, %out2: memref<16xf32>, %flag: i1) {
  %buf = memref.alloc() : memref<16xf32>
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 16 {
    %v = affine.load %in[%i] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    affine.store %w, %buf[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %buf[%i] : memref<16xf32>
    %w = arith.addf %v, %two : f32
    affine.store %w, %out1[%i] : memref<16xf32>
  }
  scf.if %flag {
    affine.for %i = 0 to 16 {
      %v = affine.load %buf[%i] : memref<16xf32>
      affine.store %v, %out2[%i] : memref<16xf32>
    }
  }
  return
}

func.func @main() {
  %in = memref.alloc() : memref<16xf32>
  %out1 = memref.alloc() : memref<16xf32>
  %out2 = memref.alloc() : memref<16xf32>
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  affine.for %i = 0 to 16 {
    %v = affine.apply affine_map<(d0) -> ((d0 * 7) mod 6)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %in[%i] : memref<16xf32>
    affine.store %zero, %out2[%i] : memref<16xf32>
  }
  call @kernel(%in, %out1, %out2, %true) : (memref<16xf32>, memref<16xf32>, memref<16xf32>, i1) -> ()
  %u = memref.cast %out1 : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %out2 : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  return
}

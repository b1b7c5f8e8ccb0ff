// Trap (llvm-project issue 61820): sibling fusion of a map and a
// reduction into one element, with fusion-maximal; MLIR 19 clones the
// whole reduction into every iteration of the map.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%input: memref<10xf32>, %output: memref<10xf32>, %reduc: memref<10xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    %v = affine.load %input[%i] : memref<10xf32>
    %w = arith.addf %v, %one : f32
    affine.store %w, %output[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %input[%i] : memref<10xf32>
    %r = affine.load %reduc[0] : memref<10xf32>
    %s = arith.addf %v, %r : f32
    affine.store %s, %reduc[0] : memref<10xf32>
  }
  return
}

func.func @main() {
  %input = memref.alloc() : memref<10xf32>
  %output = memref.alloc() : memref<10xf32>
  %reduc = memref.alloc() : memref<10xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    %v = affine.apply affine_map<(d0) -> ((d0 * 3) mod 4)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %input[%i] : memref<10xf32>
    affine.store %zero, %reduc[%i] : memref<10xf32>
  }
  call @kernel(%input, %output, %reduc) : (memref<10xf32>, memref<10xf32>, memref<10xf32>) -> ()
  %u = memref.cast %output : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %reduc : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  return
}

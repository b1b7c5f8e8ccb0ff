// Trap (llvm-project issue 212032): the producer reads a[1] in every
// iteration and the consumer writes a[p]. After fusion by iteration, the
// consumer's write of a[1] would run before the producer reads a[1] for
// p = 2. Must not fuse (or must keep that order).
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%a: memref<4xf32>, %c: memref<4xf32>, %scratch: memref<4xf32>) {
  affine.for %p = 1 to 4 {
    %av = affine.load %a[1] : memref<4xf32>
    %cv = affine.load %c[%p] : memref<4xf32>
    %v = arith.mulf %av, %cv : f32
    affine.store %v, %scratch[%p] : memref<4xf32>
  }
  affine.for %p = 1 to 4 {
    %v = affine.load %scratch[%p] : memref<4xf32>
    affine.store %v, %a[%p] : memref<4xf32>
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  %s = memref.alloc() : memref<4xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    %v = affine.apply affine_map<(d0) -> (d0 + 2)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %a[%i] : memref<4xf32>
    affine.store %f, %c[%i] : memref<4xf32>
    affine.store %zero, %s[%i] : memref<4xf32>
  }
  call @kernel(%a, %c, %s) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %s : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  return
}

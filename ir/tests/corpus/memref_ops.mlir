// Dynamic memrefs: alloc with sizes, dim, load/store, copy, alloca.
func.func private @printMemrefF32(memref<*xf32>)

func.func @fill(%M: memref<?x?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %M, %c0 : memref<?x?xf32>
  %d1 = memref.dim %M, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %d0 {
    affine.for %j = 0 to %d1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %w = arith.addf %f, %v : f32
      memref.store %w, %M[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %M = memref.alloc(%c3, %c4) : memref<?x?xf32>
  %half = arith.constant 0.5 : f32
  call @fill(%M, %half) : (memref<?x?xf32>, f32) -> ()
  %N = memref.alloca(%c3, %c4) : memref<?x?xf32>
  memref.copy %M, %N : memref<?x?xf32> to memref<?x?xf32>
  %c1 = arith.constant 1 : index
  %x = memref.load %N[%c1, %c1] : memref<?x?xf32>
  vector.print %x : f32
  %u = memref.cast %N : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %M : memref<?x?xf32>
  return
}

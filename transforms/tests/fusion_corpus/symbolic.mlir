// Symbolic bounds: a producer and a consumer over %n elements. The cost
// model needs constant trip counts; fusion-maximal fuses.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<20xf32>, %C: memref<20xf32>, %n: index) {
  %B = memref.alloc() : memref<20xf32>
  %c = arith.constant 3.0 : f32
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<20xf32>
    %b = arith.mulf %a, %c : f32
    affine.store %b, %B[%i] : memref<20xf32>
  }
  affine.for %i = 0 to %n {
    %b = affine.load %B[%i] : memref<20xf32>
    %d = arith.addf %b, %c : f32
    affine.store %d, %C[%i] : memref<20xf32>
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<20xf32>
  %C = memref.alloc() : memref<20xf32>
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 13 : index
  affine.for %i = 0 to 20 {
    %v = affine.apply affine_map<(d0) -> ((d0 * 3) mod 8)>(%i)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    affine.store %f, %A[%i] : memref<20xf32>
    affine.store %zero, %C[%i] : memref<20xf32>
  }
  call @kernel(%A, %C, %n) : (memref<20xf32>, memref<20xf32>, index) -> ()
  %u = memref.cast %C : memref<20xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

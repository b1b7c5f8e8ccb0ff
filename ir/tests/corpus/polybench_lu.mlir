// PolyBench lu decomposition (triangular bounds).
func.func private @printMemrefF64(memref<*xf64>)

func.func @lu(%A: memref<8x8xf64>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%j) {
        %a = affine.load %A[%i, %k] : memref<8x8xf64>
        %b = affine.load %A[%k, %j] : memref<8x8xf64>
        %c = affine.load %A[%i, %j] : memref<8x8xf64>
        %m = arith.mulf %a, %b : f64
        %s = arith.subf %c, %m : f64
        affine.store %s, %A[%i, %j] : memref<8x8xf64>
      }
      %d = affine.load %A[%j, %j] : memref<8x8xf64>
      %e = affine.load %A[%i, %j] : memref<8x8xf64>
      %q = arith.divf %e, %d : f64
      affine.store %q, %A[%i, %j] : memref<8x8xf64>
    }
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 8 {
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
        %a = affine.load %A[%i, %k] : memref<8x8xf64>
        %b = affine.load %A[%k, %j] : memref<8x8xf64>
        %c = affine.load %A[%i, %j] : memref<8x8xf64>
        %m = arith.mulf %a, %b : f64
        %s = arith.subf %c, %m : f64
        affine.store %s, %A[%i, %j] : memref<8x8xf64>
      }
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<8x8xf64>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 5) mod 7 + 1)>(%i, %j)
      %vi = arith.index_cast %v : index to i64
      %f = arith.sitofp %vi : i64 to f64
      affine.store %f, %A[%i, %j] : memref<8x8xf64>
    }
    %dv = affine.load %A[%i, %i] : memref<8x8xf64>
    %big = arith.constant 20.0 : f64
    %dd = arith.addf %dv, %big : f64
    affine.store %dd, %A[%i, %i] : memref<8x8xf64>
  }
  call @lu(%A) : (memref<8x8xf64>) -> ()
  %u = memref.cast %A : memref<8x8xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

// Triangle sums with affine.apply and iter_args over i32.
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %R = memref.alloc() : memref<10xi32>
  affine.for %n = 0 to 10 {
    %zero = arith.constant 0 : i32
    %s = affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%n) iter_args(%acc = %zero) -> (i32) {
      %sq = affine.apply affine_map<(d0) -> (d0 * 2 + 1)>(%k)
      %v = arith.index_cast %sq : index to i32
      %a = arith.addi %acc, %v : i32
      affine.yield %a : i32
    }
    affine.store %s, %R[%n] : memref<10xi32>
  }
  %u = memref.cast %R : memref<10xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

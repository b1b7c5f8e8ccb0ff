// Integer arithmetic of every kind, printed as i32 and i64 memrefs.
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %R = memref.alloc() : memref<8x12xi32>
  %W = memref.alloc() : memref<8xi64>
  %c3 = arith.constant 3 : i32
  %cm5 = arith.constant -5 : i32
  affine.for %i = 0 to 8 {
    %ii = arith.index_cast %i : index to i32
    %x = arith.subi %ii, %c3 : i32
    %y = arith.muli %x, %cm5 : i32
    %q1 = arith.divsi %y, %c3 : i32
    %q2 = arith.remsi %y, %c3 : i32
    %q3 = arith.floordivsi %y, %c3 : i32
    %q4 = arith.ceildivsi %y, %c3 : i32
    %q5 = arith.maxsi %x, %q1 : i32
    %q6 = arith.minsi %x, %q1 : i32
    %q7 = arith.andi %y, %c3 : i32
    %q8 = arith.ori %y, %c3 : i32
    %q9 = arith.xori %y, %cm5 : i32
    %q10 = arith.addi %q1, %q2 : i32
    %c8 = arith.constant 8 : i32
    %u = arith.addi %ii, %c8 : i32
    %q11 = arith.divui %u, %c3 : i32
    affine.store %q1, %R[%i, 0] : memref<8x12xi32>
    affine.store %q2, %R[%i, 1] : memref<8x12xi32>
    affine.store %q3, %R[%i, 2] : memref<8x12xi32>
    affine.store %q4, %R[%i, 3] : memref<8x12xi32>
    affine.store %q5, %R[%i, 4] : memref<8x12xi32>
    affine.store %q6, %R[%i, 5] : memref<8x12xi32>
    affine.store %q7, %R[%i, 6] : memref<8x12xi32>
    affine.store %q8, %R[%i, 7] : memref<8x12xi32>
    affine.store %q9, %R[%i, 8] : memref<8x12xi32>
    affine.store %q10, %R[%i, 9] : memref<8x12xi32>
    affine.store %q11, %R[%i, 10] : memref<8x12xi32>
    %r = arith.remui %u, %c3 : i32
    affine.store %r, %R[%i, 11] : memref<8x12xi32>
    %w = arith.extsi %y : i32 to i64
    %big = arith.constant 1000000000 : i64
    %wb = arith.muli %w, %big : i64
    affine.store %wb, %W[%i] : memref<8xi64>
  }
  %u1 = memref.cast %R : memref<8x12xi32> to memref<*xi32>
  call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
  %u2 = memref.cast %W : memref<8xi64> to memref<*xi64>
  call @printMemrefI64(%u2) : (memref<*xi64>) -> ()
  return
}

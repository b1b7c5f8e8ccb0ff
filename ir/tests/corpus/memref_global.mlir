// Globals: a constant float table, an integer table written through one
// get_global and read through another (the same memory), a splat, a rank-0
// counter a callee bumps, and an uninitialized buffer written before it is
// read.
memref.global "private" constant @weights : memref<2x3xf32> = dense<[[1.5, -2.0, 0.25], [3.0, 0.5, -1.0]]> {alignment = 64 : i64}
memref.global "private" @table : memref<4xi32> = dense<[10, 20, 30, 40]>
memref.global "private" @ones : memref<3xf64> = dense<1.000000e+00>
memref.global "private" @counter : memref<i64> = dense<0>
memref.global "private" @scratch : memref<4xi32> = uninitialized
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF64(memref<*xf64>)

func.func @bump() {
  %c = memref.get_global @counter : memref<i64>
  %v = affine.load %c[] : memref<i64>
  %one = arith.constant 1 : i64
  %w = arith.addi %v, %one : i64
  affine.store %w, %c[] : memref<i64>
  return
}

func.func @main() {
  %w = memref.get_global @weights : memref<2x3xf32>
  %out = memref.alloc() : memref<2xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 2 {
    affine.store %zero, %out[%i] : memref<2xf32>
    affine.for %j = 0 to 3 {
      %a = affine.load %w[%i, %j] : memref<2x3xf32>
      %s = affine.load %out[%i] : memref<2xf32>
      %t = arith.addf %s, %a : f32
      affine.store %t, %out[%i] : memref<2xf32>
    }
  }
  %t1 = memref.get_global @table : memref<4xi32>
  %t2 = memref.get_global @table : memref<4xi32>
  affine.for %i = 1 to 4 {
    %p = affine.load %t1[%i - 1] : memref<4xi32>
    %q = affine.load %t2[%i] : memref<4xi32>
    %r = arith.addi %p, %q : i32
    affine.store %r, %t2[%i] : memref<4xi32>
  }
  %s = memref.get_global @scratch : memref<4xi32>
  affine.for %i = 0 to 4 {
    %v = affine.load %t1[3 - %i] : memref<4xi32>
    affine.store %v, %s[%i] : memref<4xi32>
  }
  affine.for %i = 0 to 5 {
    func.call @bump() : () -> ()
  }
  %c = memref.get_global @counter : memref<i64>
  %n = affine.load %c[] : memref<i64>
  vector.print %n : i64
  %o = memref.get_global @ones : memref<3xf64>
  %u0 = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %u1 = memref.cast %t1 : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
  %u2 = memref.cast %s : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
  %u3 = memref.cast %o : memref<3xf64> to memref<*xf64>
  call @printMemrefF64(%u3) : (memref<*xf64>) -> ()
  memref.dealloc %out : memref<2xf32>
  return
}

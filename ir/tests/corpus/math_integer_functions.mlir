// The math dialect's integer functions at several widths, on values read
// from memory (so that nothing folds them) and on constants (which the
// canonicalizer folds as mlir-opt does): the interpreter, the C back end
// and mlir-cpu-runner must print the same values.
func.func @main() {
  %m8 = memref.alloc() : memref<4xi8>
  %m32 = memref.alloc() : memref<4xi32>
  %m64 = memref.alloc() : memref<2xi64>
  %a = arith.constant -128 : i8
  %b = arith.constant 0 : i8
  %c = arith.constant 6 : i8
  %d = arith.constant -3 : i8
  affine.store %a, %m8[0] : memref<4xi8>
  affine.store %b, %m8[1] : memref<4xi8>
  affine.store %c, %m8[2] : memref<4xi8>
  affine.store %d, %m8[3] : memref<4xi8>
  %e = arith.constant -2147483648 : i32
  %f = arith.constant 1 : i32
  %g = arith.constant 65280 : i32
  %h = arith.constant -7 : i32
  affine.store %e, %m32[0] : memref<4xi32>
  affine.store %f, %m32[1] : memref<4xi32>
  affine.store %g, %m32[2] : memref<4xi32>
  affine.store %h, %m32[3] : memref<4xi32>
  %i = arith.constant 0 : i64
  %j = arith.constant -9223372036854775807 : i64
  affine.store %i, %m64[0] : memref<2xi64>
  affine.store %j, %m64[1] : memref<2xi64>
  affine.for %k = 0 to 4 {
    %x = affine.load %m8[%k] : memref<4xi8>
    %0 = math.absi %x : i8
    %1 = math.ctlz %x : i8
    %2 = math.cttz %x : i8
    %3 = math.ctpop %x : i8
    vector.print %0 : i8
    vector.print %1 : i8
    vector.print %2 : i8
    vector.print %3 : i8
    %y = affine.load %m32[%k] : memref<4xi32>
    %4 = math.absi %y : i32
    %5 = math.ctlz %y : i32
    %6 = math.cttz %y : i32
    %7 = math.ctpop %y : i32
    vector.print %4 : i32
    vector.print %5 : i32
    vector.print %6 : i32
    vector.print %7 : i32
  }
  affine.for %k = 0 to 2 {
    %z = affine.load %m64[%k] : memref<2xi64>
    %8 = math.absi %z : i64
    %9 = math.ctlz %z : i64
    %10 = math.cttz %z : i64
    %11 = math.ctpop %z : i64
    vector.print %8 : i64
    vector.print %9 : i64
    vector.print %10 : i64
    vector.print %11 : i64
  }
  %12 = math.ctlz %c : i8
  %13 = math.absi %e : i32
  %14 = math.cttz %g : i32
  %15 = math.ctpop %h : i32
  vector.print %12 : i8
  vector.print %13 : i32
  vector.print %14 : i32
  vector.print %15 : i32
  memref.dealloc %m8 : memref<4xi8>
  memref.dealloc %m32 : memref<4xi32>
  memref.dealloc %m64 : memref<2xi64>
  return
}

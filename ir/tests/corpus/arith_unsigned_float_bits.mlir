// The arith ops of MLIR 19 beyond the common ones: bitcast both ways,
// unsigned conversions (uitofp of a value whose sign bit is set, fptoui),
// index_castui both ways, remf (C's fmod, sign of the dividend),
// maxnumf/minnumf with a NaN operand (in a function of its own: mlir-opt
// 19's canonicalizer folds a constant maxnumf with a NaN to NaN), and
// ceildivui.
func.func @num(%x: f32, %y: f32) -> (f32, f32) {
  %0 = arith.maxnumf %x, %y : f32
  %1 = arith.minnumf %y, %x : f32
  return %0, %1 : f32, f32
}

func.func @bits(%x: f32) -> (i32, f32) {
  %0 = arith.bitcast %x : f32 to i32
  %1 = arith.bitcast %0 : i32 to f32
  return %0, %1 : i32, f32
}

func.func @main() {
  %a = arith.constant -3 : i32
  %b = arith.constant 5 : i32
  %f = arith.constant 7.5 : f32
  %g = arith.constant -2.0 : f32
  %zero = arith.constant 0.0 : f32
  %nan = arith.divf %zero, %zero : f32
  %0, %1 = call @bits(%f) : (f32) -> (i32, f32)
  %2 = arith.uitofp %a : i32 to f32
  %3 = arith.fptoui %f : f32 to i32
  %4 = arith.index_castui %a : i32 to index
  %5 = arith.index_castui %4 : index to i16
  %6 = arith.remf %f, %g : f32
  %n = arith.negf %f : f32
  %7 = arith.remf %n, %g : f32
  %8, %9 = call @num(%nan, %g) : (f32, f32) -> (f32, f32)
  %10 = arith.ceildivui %a, %b : i32
  %11 = arith.ceildivui %b, %b : i32
  %d = arith.constant 2.5 : f64
  %12 = arith.bitcast %d : f64 to i64
  %13 = arith.uitofp %12 : i64 to f64
  vector.print %0 : i32
  vector.print %1 : f32
  vector.print %2 : f32
  vector.print %3 : i32
  vector.print %4 : index
  vector.print %5 : i16
  vector.print %6 : f32
  vector.print %7 : f32
  vector.print %8 : f32
  vector.print %9 : f32
  vector.print %10 : i32
  vector.print %11 : i32
  vector.print %12 : i64
  vector.print %13 : f64
  return
}

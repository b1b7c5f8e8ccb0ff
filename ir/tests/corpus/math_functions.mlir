// The math dialect's float functions, each on a few values in f32 and
// f64, printed as their bits: the interpreter, the C back end (libm) and
// mlir-cpu-runner (--convert-math-to-llvm) must print the same bits.
func.func @main() {
  %a = arith.constant 2.5 : f64
  %b = arith.constant -0.75 : f64
  %c = arith.constant 10.0 : f64
  %x = arith.constant 1.5 : f32
  %y = arith.constant -2.5 : f32
  %z = arith.constant 0.3 : f32
  %0 = math.exp %a : f64
  %1 = math.exp2 %b : f64
  %2 = math.log %c : f64
  %3 = math.log2 %c : f64
  %4 = math.log10 %a : f64
  %5 = math.sin %a : f64
  %6 = math.cos %b : f64
  %7 = math.rsqrt %c : f64
  %8 = math.absf %b : f64
  %9 = math.ceil %b : f64
  %10 = math.floor %b : f64
  %11 = math.round %a : f64
  %12 = math.roundeven %a : f64
  %13 = math.trunc %b : f64
  %14 = math.powf %a, %b : f64
  %15 = math.copysign %c, %b : f64
  %16 = math.exp %x : f32
  %17 = math.log %x : f32
  %18 = math.sin %z : f32
  %19 = math.cos %y : f32
  %20 = math.powf %x, %z : f32
  %21 = math.roundeven %y : f32
  %22 = math.round %y : f32
  %23 = math.rsqrt %x : f32
  %24 = math.exp2 %y : f32
  %25 = math.log10 %z : f32
  %bits0 = arith.bitcast %0 : f64 to i64
  vector.print %bits0 : i64
  %bits1 = arith.bitcast %1 : f64 to i64
  vector.print %bits1 : i64
  %bits2 = arith.bitcast %2 : f64 to i64
  vector.print %bits2 : i64
  %bits3 = arith.bitcast %3 : f64 to i64
  vector.print %bits3 : i64
  %bits4 = arith.bitcast %4 : f64 to i64
  vector.print %bits4 : i64
  %bits5 = arith.bitcast %5 : f64 to i64
  vector.print %bits5 : i64
  %bits6 = arith.bitcast %6 : f64 to i64
  vector.print %bits6 : i64
  %bits7 = arith.bitcast %7 : f64 to i64
  vector.print %bits7 : i64
  %bits8 = arith.bitcast %8 : f64 to i64
  vector.print %bits8 : i64
  %bits9 = arith.bitcast %9 : f64 to i64
  vector.print %bits9 : i64
  %bits10 = arith.bitcast %10 : f64 to i64
  vector.print %bits10 : i64
  %bits11 = arith.bitcast %11 : f64 to i64
  vector.print %bits11 : i64
  %bits12 = arith.bitcast %12 : f64 to i64
  vector.print %bits12 : i64
  %bits13 = arith.bitcast %13 : f64 to i64
  vector.print %bits13 : i64
  %bits14 = arith.bitcast %14 : f64 to i64
  vector.print %bits14 : i64
  %bits15 = arith.bitcast %15 : f64 to i64
  vector.print %bits15 : i64
  %bits16 = arith.bitcast %16 : f32 to i32
  vector.print %bits16 : i32
  %bits17 = arith.bitcast %17 : f32 to i32
  vector.print %bits17 : i32
  %bits18 = arith.bitcast %18 : f32 to i32
  vector.print %bits18 : i32
  %bits19 = arith.bitcast %19 : f32 to i32
  vector.print %bits19 : i32
  %bits20 = arith.bitcast %20 : f32 to i32
  vector.print %bits20 : i32
  %bits21 = arith.bitcast %21 : f32 to i32
  vector.print %bits21 : i32
  %bits22 = arith.bitcast %22 : f32 to i32
  vector.print %bits22 : i32
  %bits23 = arith.bitcast %23 : f32 to i32
  vector.print %bits23 : i32
  %bits24 = arith.bitcast %24 : f32 to i32
  vector.print %bits24 : i32
  %bits25 = arith.bitcast %25 : f32 to i32
  vector.print %bits25 : i32
  return
}

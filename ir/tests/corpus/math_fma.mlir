// math.fma (one rounding) and the multiply-adds --math-uplift-to-fma
// contracts: only where both ops carry `contract` (or `fast`), with the
// flags they share; a multiply used elsewhere stays. The operands are
// chosen so that the fused result differs from the rounded product's
// sum: the interpreter, the C back end and mlir-cpu-runner must print the
// same bits, before the pass and after it.
func.func @main() {
  %a = arith.constant 1.0000000074505806 : f64
  %m1 = arith.constant -1.0 : f64
  %x = arith.constant 1.00024414 : f32
  %n1 = arith.constant -1.0 : f32
  %t = arith.constant 0.1 : f64
  %0 = math.fma %a, %a, %m1 : f64
  %1 = math.fma %x, %x, %n1 fastmath<nnan> : f32
  %p = arith.mulf %a, %a fastmath<contract> : f64
  %2 = arith.addf %p, %m1 fastmath<fast> : f64
  %q = arith.mulf %x, %x fastmath<fast> : f32
  %3 = arith.addf %n1, %q fastmath<contract,nsz> : f32
  %r = arith.mulf %t, %a fastmath<contract> : f64
  %4 = arith.addf %r, %t : f64
  %5 = arith.addf %r, %a fastmath<contract> : f64
  %6 = arith.subf %r, %t fastmath<contract> : f64
  %b0 = arith.bitcast %0 : f64 to i64
  vector.print %b0 : i64
  %b1 = arith.bitcast %1 : f32 to i32
  vector.print %b1 : i32
  %b2 = arith.bitcast %2 : f64 to i64
  vector.print %b2 : i64
  %b3 = arith.bitcast %3 : f32 to i32
  vector.print %b3 : i32
  %b4 = arith.bitcast %4 : f64 to i64
  vector.print %b4 : i64
  %b5 = arith.bitcast %5 : f64 to i64
  vector.print %b5 : i64
  %b6 = arith.bitcast %6 : f64 to i64
  vector.print %b6 : i64
  return
}

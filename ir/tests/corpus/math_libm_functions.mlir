// The math dialect's functions LLVM has no intrinsic for, which
// --convert-math-to-libm lowers to libm calls: on a few values in f64
// and f32, printed as their bits, the interpreter, the C back end and
// mlir-cpu-runner (all three calling the same libm) must agree.
func.func @main() {
  %a = arith.constant 0.75 : f64
  %b = arith.constant -0.3125 : f64
  %x = arith.constant 0.4375 : f32
  %y = arith.constant -0.8125 : f32
  %r0 = math.tan %a : f64
  %r1 = math.tan %b : f64
  %r2 = math.tan %x : f32
  %r3 = math.tan %y : f32
  %r4 = math.tanh %a : f64
  %r5 = math.tanh %b : f64
  %r6 = math.tanh %x : f32
  %r7 = math.tanh %y : f32
  %r8 = math.sinh %a : f64
  %r9 = math.sinh %b : f64
  %r10 = math.sinh %x : f32
  %r11 = math.sinh %y : f32
  %r12 = math.cosh %a : f64
  %r13 = math.cosh %b : f64
  %r14 = math.cosh %x : f32
  %r15 = math.cosh %y : f32
  %r16 = math.asin %a : f64
  %r17 = math.asin %b : f64
  %r18 = math.asin %x : f32
  %r19 = math.asin %y : f32
  %r20 = math.acos %a : f64
  %r21 = math.acos %b : f64
  %r22 = math.acos %x : f32
  %r23 = math.acos %y : f32
  %r24 = math.atan %a : f64
  %r25 = math.atan %b : f64
  %r26 = math.atan %x : f32
  %r27 = math.atan %y : f32
  %r32 = math.expm1 %a : f64
  %r33 = math.expm1 %b : f64
  %r34 = math.expm1 %x : f32
  %r35 = math.expm1 %y : f32
  %r36 = math.log1p %a : f64
  %r37 = math.log1p %b : f64
  %r38 = math.log1p %x : f32
  %r39 = math.log1p %y : f32
  %r44 = math.atan2 %a, %b : f64
  %r45 = math.atan2 %b, %a : f64
  %r46 = math.atan2 %x, %y : f32
  %r47 = math.atan2 %y, %x : f32
  %q0 = arith.bitcast %r0 : f64 to i64
  vector.print %q0 : i64
  %q1 = arith.bitcast %r1 : f64 to i64
  vector.print %q1 : i64
  %q2 = arith.bitcast %r2 : f32 to i32
  vector.print %q2 : i32
  %q3 = arith.bitcast %r3 : f32 to i32
  vector.print %q3 : i32
  %q4 = arith.bitcast %r4 : f64 to i64
  vector.print %q4 : i64
  %q5 = arith.bitcast %r5 : f64 to i64
  vector.print %q5 : i64
  %q6 = arith.bitcast %r6 : f32 to i32
  vector.print %q6 : i32
  %q7 = arith.bitcast %r7 : f32 to i32
  vector.print %q7 : i32
  %q8 = arith.bitcast %r8 : f64 to i64
  vector.print %q8 : i64
  %q9 = arith.bitcast %r9 : f64 to i64
  vector.print %q9 : i64
  %q10 = arith.bitcast %r10 : f32 to i32
  vector.print %q10 : i32
  %q11 = arith.bitcast %r11 : f32 to i32
  vector.print %q11 : i32
  %q12 = arith.bitcast %r12 : f64 to i64
  vector.print %q12 : i64
  %q13 = arith.bitcast %r13 : f64 to i64
  vector.print %q13 : i64
  %q14 = arith.bitcast %r14 : f32 to i32
  vector.print %q14 : i32
  %q15 = arith.bitcast %r15 : f32 to i32
  vector.print %q15 : i32
  %q16 = arith.bitcast %r16 : f64 to i64
  vector.print %q16 : i64
  %q17 = arith.bitcast %r17 : f64 to i64
  vector.print %q17 : i64
  %q18 = arith.bitcast %r18 : f32 to i32
  vector.print %q18 : i32
  %q19 = arith.bitcast %r19 : f32 to i32
  vector.print %q19 : i32
  %q20 = arith.bitcast %r20 : f64 to i64
  vector.print %q20 : i64
  %q21 = arith.bitcast %r21 : f64 to i64
  vector.print %q21 : i64
  %q22 = arith.bitcast %r22 : f32 to i32
  vector.print %q22 : i32
  %q23 = arith.bitcast %r23 : f32 to i32
  vector.print %q23 : i32
  %q24 = arith.bitcast %r24 : f64 to i64
  vector.print %q24 : i64
  %q25 = arith.bitcast %r25 : f64 to i64
  vector.print %q25 : i64
  %q26 = arith.bitcast %r26 : f32 to i32
  vector.print %q26 : i32
  %q27 = arith.bitcast %r27 : f32 to i32
  vector.print %q27 : i32
  %q32 = arith.bitcast %r32 : f64 to i64
  vector.print %q32 : i64
  %q33 = arith.bitcast %r33 : f64 to i64
  vector.print %q33 : i64
  %q34 = arith.bitcast %r34 : f32 to i32
  vector.print %q34 : i32
  %q35 = arith.bitcast %r35 : f32 to i32
  vector.print %q35 : i32
  %q36 = arith.bitcast %r36 : f64 to i64
  vector.print %q36 : i64
  %q37 = arith.bitcast %r37 : f64 to i64
  vector.print %q37 : i64
  %q38 = arith.bitcast %r38 : f32 to i32
  vector.print %q38 : i32
  %q39 = arith.bitcast %r39 : f32 to i32
  vector.print %q39 : i32
  %q44 = arith.bitcast %r44 : f64 to i64
  vector.print %q44 : i64
  %q45 = arith.bitcast %r45 : f64 to i64
  vector.print %q45 : i64
  %q46 = arith.bitcast %r46 : f32 to i32
  vector.print %q46 : i32
  %q47 = arith.bitcast %r47 : f32 to i32
  vector.print %q47 : i32
  return
}

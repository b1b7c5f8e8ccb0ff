// Float arithmetic, comparisons, select and conversions.
func.func @main() {
  %a = arith.constant 2.5 : f32
  %b = arith.constant -1.25 : f32
  %c = arith.addf %a, %b : f32
  %d = arith.subf %a, %b : f32
  %e = arith.mulf %a, %b : f32
  %f = arith.divf %a, %b : f32
  %g = arith.negf %b : f32
  %h = arith.maximumf %a, %b : f32
  %i = arith.minimumf %a, %b : f32
  vector.print %c : f32
  vector.print %d : f32
  vector.print %e : f32
  vector.print %f : f32
  vector.print %g : f32
  vector.print %h : f32
  vector.print %i : f32
  %lt = arith.cmpf olt, %a, %b : f32
  %ge = arith.cmpf oge, %a, %b : f32
  %ne = arith.cmpf une, %a, %b : f32
  vector.print %lt : i1
  vector.print %ge : i1
  vector.print %ne : i1
  %s = arith.select %lt, %a, %b : f32
  vector.print %s : f32
  %x = arith.extf %e : f32 to f64
  vector.print %x : f64
  %y = arith.truncf %x : f64 to f32
  vector.print %y : f32
  %z = arith.fptosi %f : f32 to i32
  vector.print %z : i32
  %t = arith.trunci %z : i32 to i8
  vector.print %t : i8
  return
}

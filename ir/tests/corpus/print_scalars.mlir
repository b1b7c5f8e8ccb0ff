// vector.print of every scalar kind.
func.func @main() {
  %a = arith.constant 42 : i32
  %b = arith.constant -7 : i64
  %c = arith.constant true
  %d = arith.constant 3.25 : f32
  %e = arith.constant 1.0e-3 : f64
  %f = arith.constant 12 : index
  %g = arith.constant 100 : i8
  %h = arith.constant 123456789.0 : f64
  vector.print %a : i32
  vector.print %b : i64
  vector.print %c : i1
  vector.print %d : f32
  vector.print %e : f64
  vector.print %f : index
  vector.print %g : i8
  vector.print %h : f64
  return
}

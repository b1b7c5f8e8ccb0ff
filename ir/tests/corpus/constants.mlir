// Constant naming: %c0, %c1_i32, %c-1, %true, %cst, conflicts.
func.func @consts() {
  %a = arith.constant 0 : index
  %b = arith.constant 0 : index
  %c = arith.constant 1 : i32
  %d = arith.constant -1 : i64
  %e = arith.constant -3 : index
  %f = arith.constant true
  %g = arith.constant false
  %h = arith.constant 1.0 : f32
  %i = arith.constant 0.1 : f64
  %j = arith.constant 7 : i8
  %k = arith.constant 255 : i16
  %l = arith.constant 1.5 : f16
  %m = arith.constant 3.0e+10 : f32
  affine.for %x = 0 to 2 {
    %n = arith.constant 0 : index
    %o = arith.constant 1.0 : f32
  }
  affine.for %x = 0 to 2 {
    %n = arith.constant 0 : index
  }
  return
}

// math.sqrt in f32 and f64: exact squares, irrational roots, signed
// zeros, tiny and huge values, and a loop accumulating roots.
func.func @main() {
  %a = arith.constant 2.0 : f64
  %b = arith.constant 16.0 : f32
  %c = arith.constant -0.0 : f64
  %d = arith.constant 1.0e-300 : f64
  %e = arith.constant 3.0e38 : f32
  %f = arith.constant 0.1 : f32
  %ra = math.sqrt %a : f64
  %rb = math.sqrt %b : f32
  %rc = math.sqrt %c : f64
  %rd = math.sqrt %d : f64
  %re = math.sqrt %e : f32
  %rf = math.sqrt %f : f32
  vector.print %ra : f64
  vector.print %rb : f32
  vector.print %rc : f64
  vector.print %rd : f64
  vector.print %re : f32
  vector.print %rf : f32
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 1 to 50 iter_args(%acc = %zero) -> (f32) {
    %n = arith.index_cast %i : index to i32
    %x = arith.sitofp %n : i32 to f32
    %r = math.sqrt %x : f32
    %s = arith.addf %acc, %r : f32
    affine.yield %s : f32
  }
  vector.print %sum : f32
  return
}

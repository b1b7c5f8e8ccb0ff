// Every cast op.
func.func @casts(%i: index, %a: i32, %f: f32, %d: f64) {
  %0 = arith.index_cast %i : index to i32
  %1 = arith.index_cast %a : i32 to index
  %2 = arith.sitofp %a : i32 to f32
  %3 = arith.fptosi %f : f32 to i64
  %4 = arith.extf %f : f32 to f64
  %5 = arith.truncf %d : f64 to f32
  %6 = arith.extsi %a : i32 to i64
  %7 = arith.trunci %a : i32 to i8
  return
}

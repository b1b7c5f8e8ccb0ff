// Runs integer comparisons, unsigned and signed.
func.func @main() {
  %a = arith.constant -3 : i32
  %b = arith.constant 5 : i32
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi ult, %a, %b : i32
  %2 = arith.cmpi sge, %a, %b : i32
  %3 = arith.cmpi ugt, %a, %b : i32
  %4 = arith.cmpi eq, %a, %a : i32
  vector.print %0 : i1
  vector.print %1 : i1
  vector.print %2 : i1
  vector.print %3 : i1
  vector.print %4 : i1
  %x = arith.constant 1.5 : f32
  %y = arith.constant 2.5 : f32
  %5 = arith.cmpf ole, %x, %y : f32
  %6 = arith.cmpf ueq, %x, %y : f32
  vector.print %5 : i1
  vector.print %6 : i1
  %i = arith.constant 7 : index
  %ii = arith.index_cast %i : index to i64
  vector.print %ii : i64
  vector.print %i : index
  return
}

// Runs unsigned min/max, shifts (amounts below the width), zero
// extension, and the folds --canonicalize makes of them.
func.func @main() {
  %a = arith.constant -3 : i32
  %b = arith.constant 5 : i32
  %c = arith.constant 2 : i32
  %n = arith.constant -100 : i8
  %0 = arith.maxui %a, %b : i32
  %1 = arith.minui %a, %b : i32
  %2 = arith.shli %b, %c : i32
  %3 = arith.shrsi %a, %c : i32
  %4 = arith.shrui %a, %c : i32
  %5 = arith.extui %n : i8 to i32
  %6 = arith.maxsi %n, %n : i8
  %t = arith.cmpi ugt, %a, %b : i32
  %7 = arith.extui %t : i1 to i32
  vector.print %0 : i32
  vector.print %1 : i32
  vector.print %2 : i32
  vector.print %3 : i32
  vector.print %4 : i32
  vector.print %5 : i32
  vector.print %6 : i8
  vector.print %7 : i32
  return
}

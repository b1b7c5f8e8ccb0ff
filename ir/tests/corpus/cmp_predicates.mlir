// Every arith.cmpi and arith.cmpf predicate.
func.func @cmps(%a: i32, %b: i32, %x: f64, %y: f64) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpf false, %x, %y : f64
  %11 = arith.cmpf oeq, %x, %y : f64
  %12 = arith.cmpf ogt, %x, %y : f64
  %13 = arith.cmpf oge, %x, %y : f64
  %14 = arith.cmpf olt, %x, %y : f64
  %15 = arith.cmpf ole, %x, %y : f64
  %16 = arith.cmpf one, %x, %y : f64
  %17 = arith.cmpf ord, %x, %y : f64
  %18 = arith.cmpf ueq, %x, %y : f64
  %19 = arith.cmpf ugt, %x, %y : f64
  %20 = arith.cmpf uge, %x, %y : f64
  %21 = arith.cmpf ult, %x, %y : f64
  %22 = arith.cmpf ule, %x, %y : f64
  %23 = arith.cmpf une, %x, %y : f64
  %24 = arith.cmpf uno, %x, %y : f64
  %25 = arith.cmpf true, %x, %y : f64
  return
}

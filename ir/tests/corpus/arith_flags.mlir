// fastmath and overflow flags in the custom form: normalised (enum order,
// all fast-math flags as `fast`, `none` omitted) as mlir-opt prints them.
func.func @f(%a: i32, %b: i32, %x: f32) -> i32 {
  %0 = arith.addi %a, %b overflow<nuw, nsw> : i32
  %1 = arith.muli %0, %b overflow<nsw> : i32
  %2 = arith.shli %1, %b overflow<nuw> {foo} : i32
  %3 = arith.addf %x, %x fastmath<ninf,nnan> {bar} : f32
  %4 = arith.mulf %3, %3 fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %5 = arith.subf %4, %4 fastmath<none> : f32
  return %2 : i32
}

func.func @g(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b fastmath<fast> : f32
  %1 = math.exp %0 fastmath<nnan,ninf> : f32
  %2 = arith.negf %1 fastmath<contract> : f32
  %3 = arith.cmpf olt, %2, %b fastmath<fast> : f32
  %4 = arith.select %3, %2, %b : f32
  return %4 : f32
}

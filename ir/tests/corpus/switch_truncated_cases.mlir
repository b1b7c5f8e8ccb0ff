// cf.switch case values past the flag's width, truncated as mlir-opt 19
// reads them: on an i8 flag, 300 is the case 44 and -1 the case 255.
func.func @classify(%flag: i8) -> i32 {
  cf.switch %flag : i8, [
    default: ^other,
    300: ^wrapped,
    -1: ^all_ones
  ]
^other:
  %c0 = arith.constant 0 : i32
  return %c0 : i32
^wrapped:
  %c1 = arith.constant 1 : i32
  return %c1 : i32
^all_ones:
  %c2 = arith.constant 2 : i32
  return %c2 : i32
}

func.func @main() {
  %f44 = arith.constant 44 : i8
  %f255 = arith.constant 255 : i8
  %f45 = arith.constant 45 : i8
  %a = func.call @classify(%f44) : (i8) -> i32
  vector.print %a : i32
  %b = func.call @classify(%f255) : (i8) -> i32
  vector.print %b : i32
  %c = func.call @classify(%f45) : (i8) -> i32
  vector.print %c : i32
  return
}

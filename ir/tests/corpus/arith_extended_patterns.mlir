// The canonicalization of the extended integer ops, as mlir-opt 19 does it:
// a carry or high half nobody uses makes the op a plain addi/muli, a
// zero or one operand folds (the signed high half of x * 1 is the sign
// of x), constants move right.
func.func @nocarry(%a: i32, %b: i32) -> i32 {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  return %s : i32
}
func.func @carry(%a: i32, %b: i32) -> (i32, i1) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  return %s, %o : i32, i1
}
func.func @zero(%a: i32) -> (i32, i1, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %s, %o = arith.addui_extended %c0, %a : i32, i1
  %l, %h = arith.mulsi_extended %a, %c0 : i32
  %u, %v = arith.mului_extended %c0, %a : i32
  return %s, %o, %l, %h, %u, %v : i32, i1, i32, i32, i32, i32
}
func.func @one(%a: i32) -> (i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %l, %h = arith.mulsi_extended %a, %c1 : i32
  %u, %v = arith.mului_extended %c1, %a : i32
  return %l, %h, %u, %v : i32, i32, i32, i32
}
func.func @low(%a: i64, %b: i64) -> (i64, i64) {
  %l, %h = arith.mulsi_extended %a, %b : i64
  %u, %v = arith.mului_extended %a, %b : i64
  return %l, %u : i64, i64
}
func.func @high(%a: index, %b: index) -> (index, index) {
  %l, %h = arith.mulsi_extended %a, %b : index
  %u, %v = arith.mului_extended %a, %b : index
  return %h, %v : index, index
}

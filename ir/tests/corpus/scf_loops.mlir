// scf.for with iter_args and scf.if, as --lower-affine produces.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %two = arith.constant 2 : i64
    %r = arith.remsi %ii, %two : i64
    %even = arith.cmpi eq, %r, %zero : i64
    %next = scf.if %even -> (i64) {
      %a = arith.addi %acc, %ii : i64
      scf.yield %a : i64
    } else {
      %b = arith.subi %acc, %ii : i64
      scf.yield %b : i64
    }
    scf.yield %next : i64
  }
  vector.print %sum : i64
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.for %k = %c0_i32 to %c5_i32 step %c1_i32 : i32 {
    vector.print %k : i32
  }
  return
}

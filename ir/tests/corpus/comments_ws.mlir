// Comments and odd whitespace are dropped.
func.func   @ws( %a :i32 )->i32{   // trailing comment
  // a comment line
  %b=arith.addi %a,%a:i32
  return   %b:i32
}

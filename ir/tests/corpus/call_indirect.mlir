// Function values: func.constant names a function, func.call_indirect
// calls the value (seed `call_indirect`); the callee is chosen at run time
// by arith.select, and a function value is passed to another function.
func.func @double(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}

func.func @square(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}

func.func @apply_twice(%f: (i32) -> i32, %x: i32) -> i32 {
  %0 = func.call_indirect %f(%x) : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  return %1 : i32
}

func.func @main() {
  %d = func.constant @double : (i32) -> i32
  %s = func.constant @square : (i32) -> i32
  %three = arith.constant 3 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %k = arith.index_cast %i : index to i32
    %two = arith.constant 2 : i32
    %r = arith.remsi %k, %two : i32
    %zero = arith.constant 0 : i32
    %even = arith.cmpi eq, %r, %zero : i32
    %f = arith.select %even, %d, %s : (i32) -> i32
    %v = func.call_indirect %f(%k) : (i32) -> i32
    vector.print %v : i32
  }
  %t = call @apply_twice(%s, %three) : ((i32) -> i32, i32) -> i32
  vector.print %t : i32
  return
}

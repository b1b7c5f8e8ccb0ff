// scf.while loops that --canonicalize rewrites (tests/lit/canonicalize-scf-while.mlir
// checks the rewrites): every executor prints the same before and after.
func.func @unused_result(%n: i32, %x: f32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n, %y = %x) : (i32, f32) -> (i32, f32) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %y : i32, f32
  } do {
  ^bb0(%a: i32, %b: f32):
    %d = arith.subi %a, %c1 : i32
    scf.yield %d, %b : i32, f32
  }
  return %r#0 : i32
}
func.func @invariant_yielded(%n: i32, %x: f32) -> (i32, f32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n) : (i32) -> (i32, f32) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %x : i32, f32
  } do {
  ^bb0(%a: i32, %b: f32):
    %d = arith.subi %a, %c1 : i32
    scf.yield %d : i32
  }
  return %r#0, %r#1 : i32, f32
}
func.func @truth(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n) : (i32) -> (i32, i1) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %cond : i32, i1
  } do {
  ^bb0(%a: i32, %t: i1):
    %d = arith.subi %a, %c1 : i32
    %e = arith.select %t, %d, %a : i32
    scf.yield %e : i32
  }
  return %r#0 : i32
}
func.func @dup(%n: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n) : (i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i, %i : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %d = arith.subi %a, %c1 : i32
    %e = arith.subi %d, %b : i32
    scf.yield %e : i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @unused_before(%n: i32, %m: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %n, %j = %m) : (i32, i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%a: i32):
    %d = arith.subi %a, %c1 : i32
    scf.yield %d, %a : i32, i32
  }
  return %r : i32
}
func.func @passthrough(%n: i32, %x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n, %y = %x) : (i32, i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %s = arith.addi %i, %y : i32
    %cond = arith.cmpi sgt, %s, %c0 : i32
    scf.condition(%cond) %i, %y : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %d = arith.subi %a, %c1 : i32
    scf.yield %d, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @memory(%A: memref<10xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %v = memref.load %A[%i] : memref<10xi32>
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %v, %z : i32
    scf.condition(%cond) %i : index
  } do {
  ^bb0(%a: index):
    %c1 = arith.constant 1 : index
    %n = arith.addi %a, %c1 : index
    scf.yield %n : index
  }
  %w = memref.load %A[%r] : memref<10xi32>
  return %w : i32
}

func.func @cmp(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%a: i32):
    %again = arith.cmpi sgt, %a, %c0 : i32
    %not = arith.cmpi sle, %a, %c0 : i32
    %d = arith.subi %a, %c1 : i32
    %e = arith.select %again, %d, %a : i32
    %f = arith.select %not, %a, %e : i32
    scf.yield %f : i32
  }
  return %r : i32
}
func.func @align(%n: i32, %m: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %n, %j = %m) : (i32, i32) -> (i32, i32) {
    %cond = arith.cmpi sgt, %i, %j : i32
    scf.condition(%cond) %j, %i : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %d = arith.subi %b, %c1 : i32
    %e = arith.addi %a, %c1 : i32
    scf.yield %d, %e : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

func.func @main() {
  %n = arith.constant 5 : i32
  %m = arith.constant 3 : i32
  %x = arith.constant 2.5 : f32
  %a = call @unused_result(%n, %x) : (i32, f32) -> i32
  vector.print %a : i32
  %b:2 = call @invariant_yielded(%n, %x) : (i32, f32) -> (i32, f32)
  vector.print %b#0 : i32
  vector.print %b#1 : f32
  %c = call @truth(%n) : (i32) -> i32
  vector.print %c : i32
  %d:2 = call @dup(%n) : (i32) -> (i32, i32)
  vector.print %d#0 : i32
  vector.print %d#1 : i32
  %e = call @unused_before(%n, %m) : (i32, i32) -> i32
  vector.print %e : i32
  %f:2 = call @passthrough(%n, %m) : (i32, i32) -> (i32, i32)
  vector.print %f#0 : i32
  vector.print %f#1 : i32
  %A = memref.alloc() : memref<10xi32>
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %v = arith.index_cast %i : index to i32
    %w = arith.subi %m, %v : i32
    memref.store %w, %A[%i] : memref<10xi32>
  }
  %g = call @memory(%A) : (memref<10xi32>) -> i32
  vector.print %g : i32
  %h = call @cmp(%n) : (i32) -> i32
  vector.print %h : i32
  %k:2 = call @align(%n, %m) : (i32, i32) -> (i32, i32)
  vector.print %k#0 : i32
  vector.print %k#1 : i32
  return
}

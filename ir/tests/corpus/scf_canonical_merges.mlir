// The scf.if and scf.parallel shapes that MLIR's
// canonicalization patterns merge, split or inline: consecutive ifs on
// one condition or its negation, nested ifs, conditions used in their own
// branches, unused results, single-iteration and nested parallel loops.
// Run before and after --canonicalize.

func.func @ifs(%c: i1, %d: i1, %x: i64, %y: i64) -> (i64, i64, i64, i64, i64) {
  %true = arith.constant true
  %a = scf.if %c -> (i64) {
    %s = arith.addi %x, %y : i64
    scf.yield %s : i64
  } else {
    %s = arith.subi %x, %y : i64
    scf.yield %s : i64
  }
  %b = scf.if %c -> (i64) {
    %m = arith.muli %a, %y : i64
    scf.yield %m : i64
  } else {
    %m = arith.addi %a, %a : i64
    scf.yield %m : i64
  }
  %n = arith.xori %c, %true : i1
  %e = scf.if %n -> (i64) {
    %k = arith.extui %c : i1 to i64
    %m = arith.addi %b, %k : i64
    scf.yield %m : i64
  } else {
    %k = arith.extui %c : i1 to i64
    %m = arith.subi %b, %k : i64
    scf.yield %m : i64
  }
  %f = scf.if %c -> (i64) {
    %g = scf.if %d -> (i64) {
      %m = arith.muli %x, %x : i64
      scf.yield %m : i64
    } else {
      scf.yield %y : i64
    }
    scf.yield %g : i64
  } else {
    scf.yield %y : i64
  }
  %u:2 = scf.if %d -> (i64, i64) {
    %p = arith.addi %x, %e : i64
    %q = arith.muli %p, %y : i64
    scf.yield %p, %q : i64, i64
  } else {
    %p = arith.subi %x, %e : i64
    %q = arith.muli %p, %x : i64
    scf.yield %p, %q : i64, i64
  }
  return %a, %b, %e, %f, %u#1 : i64, i64, i64, i64, i64
}

func.func @parallel(%m: memref<4x3xi64>, %n: index, %x: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %ten = arith.constant 10 : i64
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c3) step (%c1) {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %t = arith.muli %ii, %ten : i64
      %v = arith.addi %t, %jj : i64
      memref.store %v, %m[%i, %j] : memref<4x3xi64>
      scf.reduce
    }
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c1) to (%c4, %c2) step (%c1, %c1) {
    %v = memref.load %m[%i, %j] : memref<4x3xi64>
    %w = arith.addi %v, %x : i64
    memref.store %w, %m[%i, %j] : memref<4x3xi64>
    scf.reduce
  }
  %r = scf.parallel (%i) = (%c2) to (%c3) step (%c1) init (%x) -> i64 {
    %v = memref.load %m[%i, %c1] : memref<4x3xi64>
    scf.reduce(%v : i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  %z = scf.parallel (%i) = (%n) to (%n) step (%c1) init (%r) -> i64 {
    %v = memref.load %m[%i, %c0] : memref<4x3xi64>
    scf.reduce(%v : i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.muli %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  %last = memref.load %m[%c3, %c1] : memref<4x3xi64>
  return %z, %last : i64, i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 5 : i64
  %y = arith.constant 3 : i64
  %a0, %b0, %e0, %f0, %u0 = call @ifs(%t, %t, %x, %y) : (i1, i1, i64, i64) -> (i64, i64, i64, i64, i64)
  vector.print %a0 : i64
  vector.print %b0 : i64
  vector.print %e0 : i64
  vector.print %f0 : i64
  vector.print %u0 : i64
  %a1, %b1, %e1, %f1, %u1 = call @ifs(%t, %f, %x, %y) : (i1, i1, i64, i64) -> (i64, i64, i64, i64, i64)
  vector.print %f1 : i64
  vector.print %u1 : i64
  %a2, %b2, %e2, %f2, %u2 = call @ifs(%f, %t, %x, %y) : (i1, i1, i64, i64) -> (i64, i64, i64, i64, i64)
  vector.print %a2 : i64
  vector.print %b2 : i64
  vector.print %e2 : i64
  vector.print %f2 : i64
  vector.print %u2 : i64
  %m = memref.alloc() : memref<4x3xi64>
  %n = arith.constant 2 : index
  %z, %last = call @parallel(%m, %n, %x) : (memref<4x3xi64>, index, i64) -> (i64, i64)
  vector.print %z : i64
  vector.print %last : i64
  memref.dealloc %m : memref<4x3xi64>
  return
}

// scf.while: a loop-carried sum with two values, a loop that exits at
// once, and a search whose trip count depends on memory. Printed as
// mlir-opt prints it, run by the interpreter, the C back end and
// mlir-cpu-runner alike.
func.func @sum(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %s = %c0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %s : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %a : i32
    scf.yield %a1, %b1 : i32, i32
  }
  %both = arith.addi %r#0, %r#1 : i32
  return %both : i32
}

func.func @first_above(%A: memref<16xf32>, %t: f32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %in = arith.cmpi slt, %i, %c16 : index
    %go = scf.if %in -> (i1) {
      %v = memref.load %A[%i] : memref<16xf32>
      %below = arith.cmpf ole, %v, %t : f32
      scf.yield %below : i1
    } else {
      %false = arith.constant false
      scf.yield %false : i1
    }
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %k = arith.addi %j, %c1 : index
    scf.yield %k : index
  }
  return %r : index
}

func.func @main() {
  %c10 = arith.constant 10 : i32
  %s = call @sum(%c10) : (i32) -> i32
  vector.print %s : i32
  %c0i = arith.constant 0 : i32
  %z = call @sum(%c0i) : (i32) -> i32
  vector.print %z : i32
  %A = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    %g = arith.mulf %f, %f : f32
    affine.store %g, %A[%i] : memref<16xf32>
  }
  %t = arith.constant 50.0 : f32
  %k = call @first_above(%A, %t) : (memref<16xf32>, f32) -> index
  %ki = arith.index_cast %k : index to i32
  vector.print %ki : i32
  %big = arith.constant 1000.0 : f32
  %m = call @first_above(%A, %big) : (memref<16xf32>, f32) -> index
  %mi = arith.index_cast %m : index to i32
  vector.print %mi : i32
  return
}

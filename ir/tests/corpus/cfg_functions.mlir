// Functions of several blocks: a counted loop in the control-flow graph
// around an affine nest, block arguments swapped on a back edge (copies
// made all at once), cf.switch with a default, several returns, a block
// that is dominated by a block printed after it, and cf.assert.
func.func @fib(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0, %c1, %n : i32, i32, i32)
^head(%a: i32, %b: i32, %k: i32):
  %more = arith.cmpi sgt, %k, %c0 : i32
  cf.cond_br %more, ^step, ^done
^step:
  %s = arith.addi %a, %b : i32
  %k1 = arith.subi %k, %c1 : i32
  cf.br ^head(%b, %s, %k1 : i32, i32, i32)
^done:
  return %a : i32
}

func.func @classify(%x: i32) -> i32 {
  cf.switch %x : i32, [
    default: ^other,
    0: ^zero,
    -1: ^neg(%x : i32),
    7: ^neg(%x : i32)
  ]
^zero:
  %z = arith.constant 100 : i32
  return %z : i32
^neg(%v: i32):
  %m = arith.muli %v, %v : i32
  return %m : i32
^other:
  %o = arith.constant 5 : i32
  %r = arith.addi %x, %o : i32
  return %r : i32
}

func.func @fill(%A: memref<4x4xf32>, %rounds: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.5 : f32
  cf.br ^loop(%c0 : index)
^loop(%t: index):
  %go = arith.cmpi slt, %t, %rounds : index
  cf.cond_br %go, ^body, ^exit
^exit:
  return
^body:
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i, %j] : memref<4x4xf32>
      %w = arith.addf %v, %one : f32
      affine.store %w, %A[%j, %i] : memref<4x4xf32>
    }
  }
  %t1 = arith.addi %t, %c1 : index
  cf.br ^loop(%t1 : index)
}

func.func @late(%c: i1) -> i32 {
  cf.br ^def
^use:
  %u = arith.addi %d, %d : i32
  cf.assert %c, "the condition holds"
  return %u : i32
^def:
  %d = arith.constant 21 : i32
  cf.br ^use
}

func.func @main() {
  %c10 = arith.constant 10 : i32
  %f = call @fib(%c10) : (i32) -> i32
  vector.print %f : i32
  %xs = arith.constant 0 : i32
  %a = call @classify(%xs) : (i32) -> i32
  vector.print %a : i32
  %m1 = arith.constant -1 : i32
  %b = call @classify(%m1) : (i32) -> i32
  vector.print %b : i32
  %c7 = arith.constant 7 : i32
  %c = call @classify(%c7) : (i32) -> i32
  vector.print %c : i32
  %d = call @classify(%c10) : (i32) -> i32
  vector.print %d : i32
  %A = memref.alloc() : memref<4x4xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      affine.store %fi, %A[%i, %j] : memref<4x4xf32>
    }
  }
  %r = arith.constant 3 : index
  call @fill(%A, %r) : (memref<4x4xf32>, index) -> ()
  %U = memref.cast %A : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<4x4xf32>
  %true = arith.constant true
  %l = call @late(%true) : (i1) -> i32
  vector.print %l : i32
  return
}

func.func private @printMemrefF32(memref<*xf32>)

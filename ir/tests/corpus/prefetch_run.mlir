// Prefetch hints inside a reduction: they change nothing the program
// computes, in the interpreter, the C back end and mlir-cpu-runner alike.
func.func @main() {
  %A = memref.alloc() : memref<16x16xi32>
  %sum = memref.alloc() : memref<1xi32>
  %zero = arith.constant 0 : i32
  affine.store %zero, %sum[0] : memref<1xi32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %A[%i, %j] : memref<16x16xi32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.prefetch %A[%i + 1, 0], read, locality<3>, data : memref<16x16xi32>
    affine.for %j = 0 to 16 {
      memref.prefetch %A[%i, %j], write, locality<0>, instr : memref<16x16xi32>
      %x = affine.load %A[%i, %j] : memref<16x16xi32>
      %s = affine.load %sum[0] : memref<1xi32>
      %t = arith.addi %s, %x : i32
      affine.store %t, %sum[0] : memref<1xi32>
    }
  }
  %r = affine.load %sum[0] : memref<1xi32>
  vector.print %r : i32
  return
}

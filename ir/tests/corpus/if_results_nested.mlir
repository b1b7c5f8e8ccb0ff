// affine.if returning several values inside a loop with iter_args.
func.func @f(%A: memref<10xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %r:2 = affine.for %i = 0 to 10 iter_args(%a = %c0, %b = %c0) -> (i32, i32) {
    %v = affine.load %A[%i] : memref<10xi32>
    %x, %y = affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) -> (i32, i32) {
      %s = arith.addi %a, %v : i32
      affine.yield %s, %b : i32, i32
    } else {
      %t = arith.addi %b, %v : i32
      affine.yield %a, %t : i32, i32
    }
    affine.yield %x, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// tensor.generate run by the interpreter (a new buffer, one loop per
// dimension, the body's value stored at the indices) against
// mlir-cpu-runner after mlir-opt's one-shot bufferization (a linalg.map,
// lowered to loops): static and dynamic extents, a body reading another
// tensor, a rank-0 tensor, and a tensor inserted into after generating.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t = tensor.generate %c3 {
  ^bb0(%i: index, %j: index):
    %s = arith.muli %i, %c3 : index
    %u = arith.addi %s, %j : index
    %v = arith.index_cast %u : index to i32
    tensor.yield %v : i32
  } : tensor<?x4xi32>
  %a = tensor.extract %t[%c2, %c1] : tensor<?x4xi32>
  vector.print %a : i32
  %b = tensor.extract %t[%c0, %c3] : tensor<?x4xi32>
  vector.print %b : i32
  %half = arith.constant 0.5 : f32
  %f = tensor.generate {
  ^bb0(%i: index, %j: index):
    %e = tensor.extract %t[%j, %i] : tensor<?x4xi32>
    %x = arith.sitofp %e : i32 to f32
    %y = arith.mulf %x, %half : f32
    tensor.yield %y : f32
  } : tensor<4x3xf32>
  %c = tensor.extract %f[%c3, %c2] : tensor<4x3xf32>
  vector.print %c : f32
  %d = tensor.extract %f[%c1, %c0] : tensor<4x3xf32>
  vector.print %d : f32
  %z = tensor.generate {
    %k = arith.constant 42 : i64
    tensor.yield %k : i64
  } : tensor<i64>
  %zz = tensor.extract %z[] : tensor<i64>
  vector.print %zz : i64
  %seven = arith.constant 7 : i32
  %t2 = tensor.insert %seven into %t[%c1, %c1] : tensor<?x4xi32>
  %g = tensor.extract %t2[%c1, %c1] : tensor<?x4xi32>
  vector.print %g : i32
  %h = tensor.extract %t[%c1, %c1] : tensor<?x4xi32>
  vector.print %h : i32
  return
}

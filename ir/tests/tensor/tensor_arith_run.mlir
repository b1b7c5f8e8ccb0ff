// Elementwise arith and math ops on tensors, run by the interpreter (a
// new buffer, one loop per dimension) against mlir-cpu-runner after
// mlir-opt's --convert-elementwise-to-linalg and one-shot bufferization:
// casts, comparisons and select, a scalar
// condition, integer wrapping.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = arith.constant dense<[[1, -2, 3], [2147483647, 5, -6]]> : tensor<2x3xi32>
  %b = arith.constant dense<[[7, 8, 9], [1, -1, 2]]> : tensor<2x3xi32>
  %s = arith.addi %a, %b : tensor<2x3xi32>
  %p = arith.muli %s, %a : tensor<2x3xi32>
  %x = tensor.extract %s[%c1, %c0] : tensor<2x3xi32>
  vector.print %x : i32
  %y = tensor.extract %p[%c0, %c2] : tensor<2x3xi32>
  vector.print %y : i32
  %f = arith.sitofp %p : tensor<2x3xi32> to tensor<2x3xf32>
  %h = arith.constant dense<0.25> : tensor<2x3xf32>
  %g = arith.mulf %f, %h : tensor<2x3xf32>
  %q = math.sqrt %g : tensor<2x3xf32>
  %z = tensor.extract %q[%c1, %c1] : tensor<2x3xf32>
  vector.print %z : f32
  %c = arith.cmpi slt, %a, %b : tensor<2x3xi32>
  %m = arith.select %c, %a, %b : tensor<2x3xi1>, tensor<2x3xi32>
  %w = tensor.extract %m[%c1, %c2] : tensor<2x3xi32>
  vector.print %w : i32
  %w2 = tensor.extract %m[%c0, %c1] : tensor<2x3xi32>
  vector.print %w2 : i32
  %true = arith.constant true
  %n = arith.select %true, %b, %a : tensor<2x3xi32>
  %v = tensor.extract %n[%c0, %c0] : tensor<2x3xi32>
  vector.print %v : i32
  %l = arith.extsi %a : tensor<2x3xi32> to tensor<2x3xi64>
  %l2 = arith.addi %l, %l : tensor<2x3xi64>
  %lv = tensor.extract %l2[%c1, %c0] : tensor<2x3xi64>
  vector.print %lv : i64
  return
}

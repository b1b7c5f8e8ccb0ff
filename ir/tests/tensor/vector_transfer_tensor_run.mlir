// vector.transfer_read and transfer_write on tensors run by the
// interpreter against mlir-cpu-runner after mlir-opt's one-shot
// bufferization: reads in and past the bounds (padding), a write into a
// new tensor (the original unchanged), a transposed read of a matrix.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant -1.0 : f32
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %v = vector.transfer_read %t[%c1], %pad : tensor<5xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  %w = vector.transfer_read %t[%c1], %pad : tensor<5xf32>, vector<8xf32>
  vector.print %w : vector<8xf32>
  %z = arith.constant dense<0.5> : vector<2xf32>
  %t2 = vector.transfer_write %z, %t[%c0] {in_bounds = [true]} : vector<2xf32>, tensor<5xf32>
  %a = vector.transfer_read %t2[%c0], %pad : tensor<5xf32>, vector<5xf32>
  vector.print %a : vector<5xf32>
  %b = vector.transfer_read %t[%c0], %pad : tensor<5xf32>, vector<5xf32>
  vector.print %b : vector<5xf32>
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %col = vector.transfer_read %m[%c0, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : tensor<2x3xf32>, vector<2xf32>
  vector.print %col : vector<2xf32>
  %tr = vector.transfer_read %m[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<2x3xf32>, vector<3x2xf32>
  vector.print %tr : vector<3x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %ones = arith.constant dense<1.0> : vector<2x2xf32>
  %f = vector.transfer_write %ones, %e[%c0, %c0] : vector<2x2xf32>, tensor<2x2xf32>
  %g = vector.transfer_read %f[%c0, %c0], %pad : tensor<2x2xf32>, vector<2x2xf32>
  vector.print %g : vector<2x2xf32>
  return
}

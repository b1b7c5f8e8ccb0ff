// Tensor ops run by the interpreter (each tensor a buffer of its own,
// copied on insert and on conversion) against mlir-cpu-runner after
// mlir-opt's one-shot bufferization: constants, extract, insert (the
// original tensor unchanged), cast, dim, to_memref, to_tensor.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %a = tensor.extract %k[%c1, %c2] : tensor<2x3xf32>
  vector.print %a : f32
  %x = arith.constant 9.5 : f32
  %k2 = tensor.insert %x into %k[%c0, %c1] : tensor<2x3xf32>
  %b = tensor.extract %k2[%c0, %c1] : tensor<2x3xf32>
  vector.print %b : f32
  %old = tensor.extract %k[%c0, %c1] : tensor<2x3xf32>
  vector.print %old : f32
  %dyn = tensor.cast %k2 : tensor<2x3xf32> to tensor<?x3xf32>
  %d = tensor.dim %dyn, %c0 : tensor<?x3xf32>
  %di = arith.index_cast %d : index to i32
  vector.print %di : i32
  %m = bufferization.to_memref %k2 : memref<2x3xf32>
  %mv = memref.load %m[%c0, %c1] : memref<2x3xf32>
  vector.print %mv : f32
  %buf = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %buf[%i] : memref<4xf32>
  }
  %t = bufferization.to_tensor %buf restrict : memref<4xf32>
  %c3 = arith.constant 3 : index
  %tv = tensor.extract %t[%c3] : tensor<4xf32>
  vector.print %tv : f32
  return
}

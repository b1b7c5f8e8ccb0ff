// affine.parallel with multiple reductions and vector loads/stores.
#map = affine_map<(d0) -> (d0 floordiv 4)>
module {
  func.func @f(%arg0: memref<16xf32>, %arg1: vector<4xf32>, %t: tensor<4x?xf32>) {
    affine.parallel (%i) = (0) to (16) step (4) {
      %v = affine.vector_load %arg0[%i] : memref<16xf32>, vector<4xf32>
      affine.vector_store %v, %arg0[%i] : memref<16xf32>, vector<4xf32>
    }
    %r:2 = affine.parallel (%i, %j) = (0, 0) to (4, 4) reduce ("addf", "addi") -> (f32, i32) {
      %a = affine.load %arg0[%i * 4 + %j] : memref<16xf32>
      %b = arith.fptosi %a : f32 to i32
      affine.yield %a, %b : f32, i32
    }

    %c3 = arith.constant 3 : index
    return
  }
}

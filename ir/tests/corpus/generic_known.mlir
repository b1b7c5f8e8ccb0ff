"builtin.module"() ({
  "func.func"() <{function_type = (memref<8xf32>) -> (), sym_name = "k"}> ({
  ^bb0(%arg0: memref<8xf32>):
    "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (8)>}> ({
    ^bb0(%arg1: index):
      %0 = "affine.load"(%arg0, %arg1) <{map = affine_map<(d0) -> (d0)>}> : (memref<8xf32>, index) -> f32
      %1 = "arith.addf"(%0, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "affine.store"(%1, %arg0, %arg1) <{map = affine_map<(d0) -> (d0)>}> : (f32, memref<8xf32>, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

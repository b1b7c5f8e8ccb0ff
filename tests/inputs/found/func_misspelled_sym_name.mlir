// RUN-FLAGS: --canonicalize
// Found by tests/no_crash.rs (seed 0x26112618, input 6603): a func.func
// whose `sym_name` property is misspelled was accepted and printed in the
// generic form with `return` inside, which does not parse back; it is now
// rejected as mlir-opt 19 rejects it ('func.func' op requires attribute
// 'sym_name').
"builtin.module"() ({
  "func.func"() <{function_type = (memref<8xf32>) -> (), sym_namE = "k"}> ({
  ^bb0(%arg0: memref<8xf32>):
    "affine.for"() <{lowerBoundMap = affine_map<() -> (9223372036854775807)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (8)>}> ({
    ^bb0(%arg1: index):
      %0 = "affine.load"(%arg0, %arg1) <{map = affine_map<(d0) -> (d0)>}> : (memref<8xf32>, index) -> f32
      "affine.store"(%0, %arg0, %arg1) <{map = affine_map<(d0) -> (d0)>}> : (f32, memref<8xf32>, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

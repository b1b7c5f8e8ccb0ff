// Types: integers, floats, memrefs with layouts and spaces, vectors, tensors.
func.func private @types(i1, i8, i16, i64, index, f16, bf16, f64,
    memref<4x?xf32, strided<[?, 1], offset: ?>>,
    memref<2x3xi32, affine_map<(d0, d1) -> (d1, d0)>>,
    memref<8xf32, 1>,
    memref<*xf64>,
    vector<4x8xf32>,
    vector<[4]xf32>,
    tensor<?x3xf32>,
    tensor<*xi8>,
    none,
    (i32) -> f32) -> (i32, f32)

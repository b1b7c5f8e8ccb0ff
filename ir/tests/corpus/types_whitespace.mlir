// Whitespace inside dimension lists, as MLIR's lexer allows it (seed 001
// writes memref<512 x 512 x i32>); printed without it.
func.func @f(%a: memref<512 x 512 x f32>, %b: memref<? x i32>, %c: memref<* x f32>, %d: vector<4 x f32>, %e: tensor<* x f32>, %g: vector<[4] x 2 x f32>, %h: memref<2 x ? x f32, 1>, %t: tensor<2 x 3 x i8>) {
  return
}

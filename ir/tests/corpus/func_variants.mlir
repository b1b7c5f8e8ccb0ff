// Public/private functions, declarations, argument and result attributes.
func.func private @decl(i32, f32) -> f32
func.func private @decl_attrs(memref<4xf32> {test.arg}) -> (f32 {test.res = 1 : i32})
func.func @multi(%a: i32 {test.x}, %b: f32) -> (i32, f32) {
  return %a, %b : i32, f32
}
func.func @caller(%x: i32, %y: f32) -> f32 {
  %r:2 = call @multi(%x, %y) : (i32, f32) -> (i32, f32)
  %z = call @decl(%r#0, %r#1) : (i32, f32) -> f32
  return %z : f32
}
func.func nested @nested_vis() {
  return
}

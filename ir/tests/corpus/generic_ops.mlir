// Unknown ops in generic form, with regions, properties and attributes.
func.func @g(%a: f32, %m: memref<4xf32>) -> f32 {
  %0 = "test.op"(%a, %m) {flag, name = "x", n = 3 : i32, list = [1, 2.5, "s"]} : (f32, memref<4xf32>) -> f32
  %1:2 = "test.pair"(%0) : (f32) -> (f32, i32)
  "test.region"(%1#0) ({
  ^bb0(%x: f32):
    "test.use"(%x, %1#1) : (f32, i32) -> ()
    "test.end"() : () -> ()
  }) : (f32) -> ()
  "test.props"() <{kind = 2 : i64}> {other} : () -> ()
  return %1#0 : f32
}

// Attributes of every kind on unknown ops and functions.
func.func @attrs() attributes {a = 1 : i32, b = 2.0 : f32, c = "str\"q", d = true, e, f = [1, 2, 3], g = {x = 1, y}, h = affine_map<(d0) -> (d0 + 1)>, i = affine_set<(d0) : (d0 >= 0)>, j = i32, k = @sym, l = array<i64: 1, 2>, m = dense<[1, 2]> : tensor<2xi32>, n = -7 : i64, o = 1.0e-3 : f64} {
  "test.x"() {big = 123456.789 : f32, neg = -0.0 : f64, tiny = 3.0e-20 : f64, nested = @a::@b} : () -> ()
  return
}

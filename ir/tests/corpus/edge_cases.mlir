// Edge cases: symbol-only subscripts and bounds, memory spaces, extreme
// constants, attributes on custom ops, multi-block generic regions.
func.func @e(%A: memref<?xf32, 3>, %n: index, %m: index) -> (index, i64) {
  %c = arith.constant -9223372036854775808 : i64
  %h = arith.constant -0.5 : f64
  %big = arith.constant 1.0e20 : f32
  %t = arith.constant 1.17549435E-38 : f32
  affine.for %i = affine_map<()[s0] -> (s0 + 1)>()[%n] to affine_map<()[s0, s1] -> (s0 * 2 + s1)>()[%n, %m] {
    %v = affine.load %A[symbol(%n)] : memref<?xf32, 3>
    %w = arith.addf %v, %v {test.tag} : f32
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 mod 2 == 0)>(%i)[%n] {
      affine.store %w, %A[%i] : memref<?xf32, 3>
    } else {
      affine.if affine_set<()[s0] : (s0 >= 0)>()[%m] {
        affine.store %v, %A[%i - 1] : memref<?xf32, 3>
      }
    }
  }
  %r = affine.max affine_map<(d0, d1) -> (d0, d1)>(%n, %m)
  "test.op"() {fn = (i32) -> f32, ty = memref<4xf32>, s = "\n\tq"} : () -> ()
  "test.blocks"() ({
  ^bb0(%x: i32):
    "test.a"(%x) : (i32) -> ()
  ^bb1(%y: f32, %z: f32):
    "test.b"(%y) : (f32) -> ()
  }) : () -> ()
  %u = arith.constant 1 : i64
  return %r, %u : index, i64
}
func.func @unused() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  return %0, %1 : i32, i32
}

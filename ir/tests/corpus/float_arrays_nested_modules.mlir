// Dense arrays of floats (hex bit patterns for NaN and infinities) and a
// module nested in a function, printed `builtin.module` there as mlir-opt
// prints it.
module {
  module @inner {
  }
  func.func @f() attributes {a = array<f32: 1.0, 2.5, -0.0, 1.0e10, 0x7FC00000>, b = array<f64: 0.1>, c = array<f16>, d = array<bf16: 1.0>, e = array<f16: 0x7C00, 65504.0>} {
    builtin.module {
    }
    return
  }
}

// expected-error-line: 4
// mlir-opt: accepts (stricter than mlir-opt 19)
func.func @f() {
  affine.for %i = 0 to 10 step 0 {
  }
  return
}

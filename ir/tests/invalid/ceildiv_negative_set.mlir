// expected-error-line: 4
// mlir-opt: accepts (stricter than mlir-opt 19)
func.func @f(%a: index) {
  affine.if affine_set<(d0) : (d0 ceildiv -3 >= 0)>(%a) {
  }
  return
}

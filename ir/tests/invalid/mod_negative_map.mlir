// expected-error-line: 4
// mlir-opt: accepts (stricter than mlir-opt 19)
func.func @f(%a: index) {
  %0 = affine.apply affine_map<(d0) -> (d0 mod -2)>(%a)
  return
}

// expected-error-line: 4
// expected-message: 'affine.if' op region #0 should have no arguments
func.func @f(%n: index) {
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
  ^bb0(%x: index):
    affine.yield
  }
  return
}

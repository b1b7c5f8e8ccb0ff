// expected-error-line: 4
// expected-message: 4:10: error: 'affine.delinearize_index' op result #0 must be variadic of index, but got 'i32'
func.func @f(%i: index, %a: index, %b: index) {
  %0:2 = affine.delinearize_index %i into (%a, %b) : i32, index
  return
}

// expected-error-line: 4
// expected-message: 4:10: error: 'affine.delinearize_index' op should return an index for each basis element
func.func @f(%i: index, %a: index, %b: index) {
  %0:3 = affine.delinearize_index %i into (%a, %b) : index, index, index
  return
}

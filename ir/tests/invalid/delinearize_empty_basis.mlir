// expected-error-line: 4
// expected-message: 4:8: error: 'affine.delinearize_index' op basis should not be empty
func.func @f(%i: index, %a: index, %b: index) {
  %0 = affine.delinearize_index %i into () : index
  return
}

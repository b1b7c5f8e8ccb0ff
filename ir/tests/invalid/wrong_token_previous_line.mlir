// expected-error-line: 3
func.func @f(%a: i32) {
  return %a
  // a comment

}

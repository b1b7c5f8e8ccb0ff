// expected-error-line: 2
func.func @f(%a: vector<?xf32>) {
  return
}

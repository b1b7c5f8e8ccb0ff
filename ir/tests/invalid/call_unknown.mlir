// expected-error-line: 3
func.func @f() {
  call @nope() : () -> ()
  return
}

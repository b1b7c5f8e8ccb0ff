// expected-error-line: 4
func.func private @g(i32)
func.func @f(%a: f32) {
  call @g(%a) : (f32) -> ()
  return
}

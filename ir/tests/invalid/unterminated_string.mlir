// expected-error-line: 2
func.func @f() attributes {s = "abc
} {
  return
}

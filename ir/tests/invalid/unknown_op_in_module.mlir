// expected-error-line: 3
module {
  foo
}

// expected-error-line: 2
"test.op"(
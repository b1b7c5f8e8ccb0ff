// expected-error-line: 2
return

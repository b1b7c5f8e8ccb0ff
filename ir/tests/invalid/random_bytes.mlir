// expected-error-line: 2
garbage ÿ{{{
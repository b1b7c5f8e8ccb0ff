// expected-error-line: 3
#m = affine_map<(d0) -> (d0)>
#m = affine_map<(d0) -> (d0 + 1)>

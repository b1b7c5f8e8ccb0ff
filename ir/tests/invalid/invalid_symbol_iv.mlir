// expected-error-line: 4
func.func @f(%A: memref<100xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to %i {
    }
  }
  return
}

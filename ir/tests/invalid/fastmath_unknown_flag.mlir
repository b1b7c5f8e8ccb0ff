// expected-error-line: 5
// expected-message: 5:35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
// An unknown fast-math flag.
func.func @f(%x: f32) -> f32 {
  %3 = arith.addf %x, %x fastmath<bogus> : f32
  return %3 : f32
}

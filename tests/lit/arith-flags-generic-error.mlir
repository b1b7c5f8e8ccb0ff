// An unknown flag of `#arith.fastmath` in the generic form: mlir-opt's
// message at the flag (mlir-opt 19 adds a second error, "failed to parse
// Arith_FastMathAttr parameter 'value' ...", at the closing bracket; tessera
// reports the first only, so this file is not run by mlir-opt).

// RUN: tessera-opt %s -verify-diagnostics

func.func @unknown_flag(%x: f32) -> f32 {
  // expected-error @+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<one>}> : (f32, f32) -> f32
  return %0 : f32
}

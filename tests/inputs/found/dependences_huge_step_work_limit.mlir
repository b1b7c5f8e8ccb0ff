// RUN-FLAGS: --print-dependences
// Found by tests/no_crash.rs (seed 0x27112702, input 2111, reduced): a step
// near i64::MAX and mod subscripts make the value-based dependence
// analysis ask over a thousand integer questions with huge coefficients,
// each spending its whole search budget: 28 s. The pass-wide work limit
// (tessera_transforms::passes::PASS_WORK_LIMIT) ends it in about a second,
// the questions past it undecided ("may depend").
func.func @g(%A: memref<8x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = %n to 10 {
affine.for %i1 = %n to -4 step 2 {
affine.for %i2 = affine_map<(d0)[s0] -> (s0)>(%i1)[%n] to 4611686018427387904 step 9223372036854775807 {
%v = affine.load %A[(%i1 + %i2), %i0] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1, d2)[s0] -> (((-(d2) + (d1 mod 9)) + ((s0 mod 6) - s0)))>(%i0, %i1, %i2)[%n]
affine.store %v, %A[%x, (%i1 mod 8)] : memref<8x?xf32>
}
}
}
return
}

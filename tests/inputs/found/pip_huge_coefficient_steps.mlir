// RUN-FLAGS: --print-dependences
// Found by tests/no_crash.rs (seed 0x28112817, input 5871): the dual
// simplex with Gomory cuts ran its steps on coefficients of thousands of
// bits (i64::MAX strides and sqrt(i64::MAX) moduli) without charging the
// work limit, 38 s in a release build. Each step now charges its row work
// by coefficient width, and coefficients past 4096 bits end it undecided.
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = 5 to 8 {
affine.for %i1 = affine_map<(d0)[s0] -> (((s0 * 9223372036854775807) mod 3037000500))>(%i0)[%n] to %n step 9223372036854775807 {
%v = affine.load %A[symbol(%n), ((symbol(%n) - 5) * 9)] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1)[s0] -> (d1)>(%i0, %i1)[%n]
affine.store %v, %A[%x, ((symbol(%n) - %i0) mod 9)] : memref<8x?xf32>
%w = affine.load %B[%i0] : memref<16xi64>
affine.store %w, %B[%i0] : memref<16xi64>
}
}
return
}

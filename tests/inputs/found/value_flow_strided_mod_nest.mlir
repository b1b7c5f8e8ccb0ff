// RUN-FLAGS: --print-dependences
// Found by tests/no_crash.rs (seed 0x26112610, input 5691): strided loops
// with mod and floordiv subscripts; the value-based dependences subtracted
// kills whose projected existentials piled up as locals (26), and every
// emptiness test slowed down: minutes. The subtraction is now bounded
// (locals, pieces, emptiness tests); beyond, a read keeps its memory-based
// flow: 0.6 s.
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = 0 to %n {
affine.for %i1 = 3 to affine_map<(d0)[s0] -> ((d0 + (d0 * 9)))>(%i0)[%n] step 3 {
affine.for %i2 = affine_map<(d0)[s0] -> ((d0 + (d0 mod 5)))>(%i1)[%n] to %n step 3 {
%v = affine.load %A[((%i2 mod 9) + (%i2 floordiv 3)), symbol(%n)] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1, d2)[s0] -> (((d0 floordiv 9) - ((d1 mod 6) - (d0 floordiv 9))))>(%i0, %i1, %i2)[%n]
affine.store %v, %A[%x, -7] : memref<8x?xf32>
%w = affine.load %B[((%i1 + %i1) - (%i1 - 6))] : memref<16xi64>
affine.store %w, %B[%i2] : memref<16xi64>
}
}
}
return
}

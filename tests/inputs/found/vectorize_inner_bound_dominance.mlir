// RUN-FLAGS: --affine-super-vectorize=virtual-vector-size=65536
// Found by tests/no_crash.rs (seed 0x26112714, input 911): the vectorized
// output did not verify: the copy of the inner loop %i2 kept the erased
// %i1 as its bound operand ("operand #0 does not dominate this use"). Inner
// bounds now take the copies' induction variables; the outer loop, whose
// store does not move with it, is refused.
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = %n to -2 {
affine.for %i1 = 0 to 7 {
affine.for %i2 = affine_map<(d0)[s0] -> (((s0 - s0) floordiv 8))>(%i1)[%n] to -5 {
%v = affine.load %A[(%i0 + (%i1 * 5)), -((%i2 ceildiv 8))] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1, d2)[s0] -> (((d2 + d2) + (5 mod 7)))>(%i0, %i1, %i2)[%n]
affine.store %v, %A[%x, ((7 mod 4611686018427387904) floordiv 6)] : memref<8x?xf32>
%w = affine.load %B[(-(symbol(%n)) floordiv 5)] : memref<16xi64>
affine.store %w, %B[%i2] : memref<16xi64>
}
}
}
return
}

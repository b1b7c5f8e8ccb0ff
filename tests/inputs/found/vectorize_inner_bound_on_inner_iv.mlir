// RUN-FLAGS: --test-affine-loop-unswitch --affine-super-vectorize=virtual-vector-size=4 --test-affine-loop-unswitch
// Found by tests/no_crash.rs (seed 0x26112714, input 4331): vectorizing
// an outer loop copied an inner loop whose bound uses the induction
// variable of another inner loop with the old value, which the erased
// original defined (`%<<UNKNOWN SSA VALUE>>` when printed). Inner bounds
// now take the copies' induction variables.
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = 2 to -3 {
affine.for %i1 = affine_map<(d0)[s0] -> (d0)>(%i0)[%n] to affine_map<(d0)[s0] -> ((4 mod 1))>(%i0)[%n] {
affine.for %i2 = 10 to affine_map<(d0)[s0] -> ((s0 ceildiv 7))>(%i0)[%n] {
affine.for %i3 = 4 to 3 {
affine.for %i4 = 9 to affine_map<(d0)[s0] -> (((-9223372036854775807 mod 8) - (s0 * 7)))>(%i2)[%n] {
%v = affine.load %A[%i2, (symbol(%n) floordiv 2)] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1, d2, d3, d4)[s0] -> (s0)>(%i0, %i1, %i2, %i3, %i4)[%n]
affine.store %v, %A[%x, ((%i0 ceildiv 4611686018427387904) ceildiv 9)] : memref<8x?xf32>
%w = affine.load %B[((-4 - %i3) - (%i0 floordiv 8))] : memref<16xi64>
affine.store %w, %B[%i4] : memref<16xi64>
}
}
}
}
}
return
}

// RUN-FLAGS: --affine-super-vectorize=virtual-vector-size=65536 --affine-data-copy-generate
// Found by tests/no_crash.rs (seed 0x26112714, input 6032): a loop that
// runs at most once carries no dependence, so a store invariant in it
// became a vector.transfer_write broadcast along the loop, which does not
// verify. A store that does not move with the loop is now refused.
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = -2 to 2 {
affine.for %i1 = affine_map<(d0)[s0] -> (((7 ceildiv 4611686018427387904) mod 2))>(%i0)[%n] to min affine_map<(d0) -> (d0, -4)>(%i0) {
affine.for %i2 = affine_map<(d0)[s0] -> ((3 ceildiv 6))>(%i1)[%n] to min affine_map<(d0) -> (d0, -7)>(%i1) {
affine.for %i3 = 12 to min affine_map<(d0) -> (d0, 4)>(%i1) {
affine.for %i4 = max affine_map<(d0) -> (d0, -7)>(%i2) to 2 {
%v = affine.load %A[((6 - %i2) floordiv 6), ((-8 floordiv 3037000500) floordiv 8)] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1, d2, d3, d4)[s0] -> ((((s0 mod 1) floordiv 9) + s0))>(%i0, %i1, %i2, %i3, %i4)[%n]
affine.store %v, %A[%x, -5] : memref<8x?xf32>
%w = affine.load %B[((%i1 floordiv 5) - (symbol(%n) floordiv 8))] : memref<16xi64>
affine.store %w, %B[%i2] : memref<16xi64>
}
}
}
}
}
return
}

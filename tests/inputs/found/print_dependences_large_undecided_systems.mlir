// RUN-FLAGS: --print-dependences
// Found by tests/no_crash.rs (seed 0x2611261d, input 1092): the value-based
// dependences ran emptiness tests the Omega test and branch and bound gave up
// on into the hyperplane search, whose LPs over every column of these large
// systems took minutes; that search is now for small systems only (5 s).
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = 2 to %n {
affine.if affine_set<(d0)[s0] : (((s0 floordiv 4) floordiv 2) >= 0)>(%i0)[%n] {
affine.for %i1 = 0 to 11 {
affine.for %i2 = affine_map<(d0)[s0] -> (((s0 floordiv 6) mod 4))>(%i1)[%n] to %n {
%v = affine.load %A[(%i0 * 7), ((symbol(%n) + 3) ceildiv 1)] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1, d2)[s0] -> ((s0 - ((d1 - d0) ceildiv 5)))>(%i0, %i1, %i2)[%n]
affine.store %v, %A[%x, (%i2 + symbol(%n))] : memref<8x?xf32>
%w = affine.load %B[1] : memref<16xi64>
affine.store %w, %B[%i0] : memref<16xi64>
}
}
}
}
return
}

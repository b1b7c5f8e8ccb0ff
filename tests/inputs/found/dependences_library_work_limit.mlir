// RUN-FLAGS: --print-dependences
// Found by tests/no_crash.rs (seed 0x2811280d, input 931): through the
// library, print_dependences ran without the work limit the tools set
// and answered after minutes (1 s under the limit, where the exact
// last-writer search gives up and the value-based flow is memory-based).
// The public analyses now set the limit themselves
// (transforms/tests/scop.rs calls the library on this file).
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = %n to 5 step 3 {
affine.for %i1 = %n to -5 step 3 {
affine.for %i2 = %n to 7 {
affine.for %i3 = %n to affine_map<(d0)[s0] -> (5)>(%i2)[%n] {
%v = affine.load %A[%i0, ((-1 mod 9223372036854775807) mod 5)] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1, d2, d3)[s0] -> ((((s0 + d2) + (d2 mod 5)) ceildiv 8))>(%i0, %i1, %i2, %i3)[%n]
affine.store %v, %A[%x, ((%i0 * -1) floordiv 7)] : memref<8x?xf32>
%w = affine.load %B[((symbol(%n) ceildiv 8) * 8)] : memref<16xi64>
affine.store %w, %B[%i0] : memref<16xi64>
}
}
}
}
return
}



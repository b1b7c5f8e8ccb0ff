// RUN-FLAGS: --print-dependences
// Found by tests/no_crash.rs (seed 0x28112810, input 4931): a kill whose
// `mod` subscript split it into thousands of pieces to negate; one set
// difference of the last writers ran for minutes. Each difference is now
// bounded by its rows (MAX_DIFFERENCE_STEPS) and spends the work limit.
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = %n to 6 {
affine.for %i1 = %n to affine_map<(d0)[s0] -> (((d0 floordiv 9) mod 3))>(%i0)[%n] {
%v = affine.load %A[((symbol(%n) floordiv 2) + -(symbol(%n))), ((-1 floordiv 7) - -(%i1))] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1)[s0] -> (((-(d1) mod 1) + (6 * 9)))>(%i0, %i1)[%n]
affine.store %v, %A[%x, -((4 + %i1))] : memref<8x?xf32>
%w = affine.load %B[%i0] : memref<16xi64>
affine.store %w, %B[%i1] : memref<16xi64>
}
}
return
}

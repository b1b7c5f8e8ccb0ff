// RUN-FLAGS: --affine-loop-interchange
// Found by tests/no_crash.rs (seed 0x5eed2611, input 3031): a 39-deep guarded
// nest whose dependence checks searched every level of every order
// (8 s in release, a hang in debug) though no pair is equal past the first.
func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {
  %c0 = arith.constant 0 : index
affine.for %i0 = 1 to 2 {
affine.for %i1 = affine_map<(d0)[s0] -> (((d0 + d0) floordiv 3))>(%i0)[%n] to -6 step 3 {
affine.for %i2 = %n to %n {
affine.if affine_set<(d0)[s0] : ((-(s0) * 9223372036854775807) == 0)>(%i2)[%n] {
affine.for %i3 = affine_map<(d0)[s0] -> (((d0 floordiv 7) * 4611686018427387904))>(%i2)[%n] to 8 {
affine.for %i4 = affine_map<(d0)[s0] -> (((5 * 8) mod 6))>(%i2)[%n] to %n {
affine.for %i5 = max affine_map<(d0) -> (d0, 4)>(%i4) to affine_map<(d0)[s0] -> (((s0 - s0) mod 7))>(%i2)[%n] {
affine.for %i6 = %n to 11 {
affine.if affine_set<(d0)[s0] : (((d0 * -4) floordiv 4294967296) == 0)>(%i6)[%n] {
affine.for %i7 = affine_map<(d0)[s0] -> (((d0 floordiv 8) - d0))>(%i0)[%n] to 9 step 4294967296 {
affine.for %i8 = -7 to 7 step 4294967296 {
affine.for %i9 = -5 to %n {
affine.for %i10 = 9 to 1000000007 {
affine.for %i11 = %n to 3 {
affine.if affine_set<(d0)[s0] : ((-9 + (-4 ceildiv 8)) >= 0)>(%i11)[%n] {
affine.for %i12 = %n to affine_map<(d0)[s0] -> (((d0 floordiv 8) ceildiv 2))>(%i5)[%n] {
affine.for %i13 = max affine_map<(d0) -> (d0, 2)>(%i6) to 10 {
affine.if affine_set<(d0)[s0] : (((d0 + -9223372036854775807) - (-3037000499 + d0)) >= 0)>(%i13)[%n] {
affine.for %i14 = max affine_map<(d0) -> (d0, 3)>(%i0) to 7 {
affine.for %i15 = max affine_map<(d0) -> (d0, -7)>(%i11) to %n step 4294967296 {
affine.for %i16 = max affine_map<(d0) -> (d0, 0)>(%i9) to 10 {
affine.for %i17 = %n to %n {
affine.for %i18 = %n to 2 {
affine.for %i19 = max affine_map<(d0) -> (d0, 4611686018427387904)>(%i3) to 8 {
affine.if affine_set<(d0)[s0] : (((s0 - s0) floordiv 3) >= 0)>(%i19)[%n] {
affine.for %i20 = max affine_map<(d0) -> (d0, -3)>(%i11) to %n {
affine.if affine_set<(d0)[s0] : (s0 >= 0)>(%i20)[%n] {
affine.for %i21 = 0 to affine_map<(d0)[s0] -> (-(s0))>(%i10)[%n] {
affine.for %i22 = %n to 6 step 9223372036854775807 {
affine.if affine_set<(d0)[s0] : (d0 >= 0)>(%i22)[%n] {
affine.for %i23 = -1 to -9223372036854775807 {
affine.for %i24 = -1 to min affine_map<(d0) -> (d0, 5)>(%i14) {
affine.for %i25 = 11 to affine_map<(d0)[s0] -> (((d0 ceildiv 3037000500) - (0 - 2)))>(%i0)[%n] step 9223372036854775807 {
affine.for %i26 = 6 to min affine_map<(d0) -> (d0, 9223372036854775807)>(%i19) {
affine.for %i27 = affine_map<(d0)[s0] -> (-(-(s0)))>(%i25)[%n] to affine_map<(d0)[s0] -> (d0)>(%i15)[%n] {
affine.for %i28 = affine_map<(d0)[s0] -> (d0)>(%i3)[%n] to %n {
affine.for %i29 = 8 to min affine_map<(d0) -> (d0, 0)>(%i1) {
affine.for %i30 = max affine_map<(d0) -> (d0, -8)>(%i3) to %n {
affine.for %i31 = 7 to 0 {
affine.if affine_set<(d0)[s0] : ((s0 + (d0 + d0)) >= 0)>(%i31)[%n] {
affine.for %i32 = affine_map<(d0)[s0] -> (d0)>(%i5)[%n] to affine_map<(d0)[s0] -> (d0)>(%i24)[%n] {
affine.for %i33 = 0 to affine_map<(d0)[s0] -> (s0)>(%i10)[%n] {
affine.for %i34 = -6 to 2 {
affine.for %i35 = 9 to affine_map<(d0)[s0] -> ((s0 * 1))>(%i30)[%n] step 2 {
affine.for %i36 = affine_map<(d0)[s0] -> (((s0 ceildiv 2) - -4))>(%i29)[%n] to 0 {
affine.for %i37 = 0 to -4294967296 {
affine.for %i38 = affine_map<(d0)[s0] -> (d0)>(%i10)[%n] to affine_map<(d0)[s0] -> (-((9 * 6)))>(%i35)[%n] step 3 {
affine.if affine_set<(d0)[s0] : (((d0 mod 1) * 4) == 0)>(%i38)[%n] {
%v = affine.load %A[(-(%i13) floordiv 4), (%i6 ceildiv 6)] : memref<8x?xf32>
%x = affine.apply affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38)[s0] -> (9)>(%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8, %i9, %i10, %i11, %i12, %i13, %i14, %i15, %i16, %i17, %i18, %i19, %i20, %i21, %i22, %i23, %i24, %i25, %i26, %i27, %i28, %i29, %i30, %i31, %i32, %i33, %i34, %i35, %i36, %i37, %i38)[%n]
affine.store %v, %A[%x, %i14] : memref<8x?xf32>
%w = affine.load %B[symbol(%n)] : memref<16xi64>
affine.store %w, %B[%i13] : memref<16xi64>
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
return
}

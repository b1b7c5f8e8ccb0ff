// RUN-FLAGS: --tessera-schedule
// Found by tests/no_crash.rs (seed 0x26112601, input 349): a convolution
// nest unrolled in full (unroll-full-threshold=4294967295) left SCoPs of
// 9216 statements, and the scheduler's pair-by-pair dependence search ran
// for minutes. The scheduler now takes at most 256 statements per SCoP;
// this one has 320, all under a loop that never runs.
func.func @wide(%A: memref<32x32xf32>, %B: memref<32x32xf32>) {
  affine.for %k = 0 to -4294967296 {
    affine.for %c = 0 to 32 {
      %x0 = affine.load %A[%c, 0] : memref<32x32xf32>
      affine.store %x0, %B[%c, 0] : memref<32x32xf32>
      affine.store %x0, %A[%c, 1] : memref<32x32xf32>
      %x1 = affine.load %A[%c, 1] : memref<32x32xf32>
      affine.store %x1, %B[%c, 7] : memref<32x32xf32>
      affine.store %x1, %A[%c, 6] : memref<32x32xf32>
      %x2 = affine.load %A[%c, 2] : memref<32x32xf32>
      affine.store %x2, %B[%c, 14] : memref<32x32xf32>
      affine.store %x2, %A[%c, 11] : memref<32x32xf32>
      %x3 = affine.load %A[%c, 3] : memref<32x32xf32>
      affine.store %x3, %B[%c, 21] : memref<32x32xf32>
      affine.store %x3, %A[%c, 16] : memref<32x32xf32>
      %x4 = affine.load %A[%c, 4] : memref<32x32xf32>
      affine.store %x4, %B[%c, 28] : memref<32x32xf32>
      affine.store %x4, %A[%c, 21] : memref<32x32xf32>
      %x5 = affine.load %A[%c, 5] : memref<32x32xf32>
      affine.store %x5, %B[%c, 3] : memref<32x32xf32>
      affine.store %x5, %A[%c, 26] : memref<32x32xf32>
      %x6 = affine.load %A[%c, 6] : memref<32x32xf32>
      affine.store %x6, %B[%c, 10] : memref<32x32xf32>
      affine.store %x6, %A[%c, 31] : memref<32x32xf32>
      %x7 = affine.load %A[%c, 7] : memref<32x32xf32>
      affine.store %x7, %B[%c, 17] : memref<32x32xf32>
      affine.store %x7, %A[%c, 4] : memref<32x32xf32>
      %x8 = affine.load %A[%c, 8] : memref<32x32xf32>
      affine.store %x8, %B[%c, 24] : memref<32x32xf32>
      affine.store %x8, %A[%c, 9] : memref<32x32xf32>
      %x9 = affine.load %A[%c, 9] : memref<32x32xf32>
      affine.store %x9, %B[%c, 31] : memref<32x32xf32>
      affine.store %x9, %A[%c, 14] : memref<32x32xf32>
      %x10 = affine.load %A[%c, 10] : memref<32x32xf32>
      affine.store %x10, %B[%c, 6] : memref<32x32xf32>
      affine.store %x10, %A[%c, 19] : memref<32x32xf32>
      %x11 = affine.load %A[%c, 11] : memref<32x32xf32>
      affine.store %x11, %B[%c, 13] : memref<32x32xf32>
      affine.store %x11, %A[%c, 24] : memref<32x32xf32>
      %x12 = affine.load %A[%c, 12] : memref<32x32xf32>
      affine.store %x12, %B[%c, 20] : memref<32x32xf32>
      affine.store %x12, %A[%c, 29] : memref<32x32xf32>
      %x13 = affine.load %A[%c, 13] : memref<32x32xf32>
      affine.store %x13, %B[%c, 27] : memref<32x32xf32>
      affine.store %x13, %A[%c, 2] : memref<32x32xf32>
      %x14 = affine.load %A[%c, 14] : memref<32x32xf32>
      affine.store %x14, %B[%c, 2] : memref<32x32xf32>
      affine.store %x14, %A[%c, 7] : memref<32x32xf32>
      %x15 = affine.load %A[%c, 15] : memref<32x32xf32>
      affine.store %x15, %B[%c, 9] : memref<32x32xf32>
      affine.store %x15, %A[%c, 12] : memref<32x32xf32>
      %x16 = affine.load %A[%c, 16] : memref<32x32xf32>
      affine.store %x16, %B[%c, 16] : memref<32x32xf32>
      affine.store %x16, %A[%c, 17] : memref<32x32xf32>
      %x17 = affine.load %A[%c, 17] : memref<32x32xf32>
      affine.store %x17, %B[%c, 23] : memref<32x32xf32>
      affine.store %x17, %A[%c, 22] : memref<32x32xf32>
      %x18 = affine.load %A[%c, 18] : memref<32x32xf32>
      affine.store %x18, %B[%c, 30] : memref<32x32xf32>
      affine.store %x18, %A[%c, 27] : memref<32x32xf32>
      %x19 = affine.load %A[%c, 19] : memref<32x32xf32>
      affine.store %x19, %B[%c, 5] : memref<32x32xf32>
      affine.store %x19, %A[%c, 0] : memref<32x32xf32>
      %x20 = affine.load %A[%c, 20] : memref<32x32xf32>
      affine.store %x20, %B[%c, 12] : memref<32x32xf32>
      affine.store %x20, %A[%c, 5] : memref<32x32xf32>
      %x21 = affine.load %A[%c, 21] : memref<32x32xf32>
      affine.store %x21, %B[%c, 19] : memref<32x32xf32>
      affine.store %x21, %A[%c, 10] : memref<32x32xf32>
      %x22 = affine.load %A[%c, 22] : memref<32x32xf32>
      affine.store %x22, %B[%c, 26] : memref<32x32xf32>
      affine.store %x22, %A[%c, 15] : memref<32x32xf32>
      %x23 = affine.load %A[%c, 23] : memref<32x32xf32>
      affine.store %x23, %B[%c, 1] : memref<32x32xf32>
      affine.store %x23, %A[%c, 20] : memref<32x32xf32>
      %x24 = affine.load %A[%c, 24] : memref<32x32xf32>
      affine.store %x24, %B[%c, 8] : memref<32x32xf32>
      affine.store %x24, %A[%c, 25] : memref<32x32xf32>
      %x25 = affine.load %A[%c, 25] : memref<32x32xf32>
      affine.store %x25, %B[%c, 15] : memref<32x32xf32>
      affine.store %x25, %A[%c, 30] : memref<32x32xf32>
      %x26 = affine.load %A[%c, 26] : memref<32x32xf32>
      affine.store %x26, %B[%c, 22] : memref<32x32xf32>
      affine.store %x26, %A[%c, 3] : memref<32x32xf32>
      %x27 = affine.load %A[%c, 27] : memref<32x32xf32>
      affine.store %x27, %B[%c, 29] : memref<32x32xf32>
      affine.store %x27, %A[%c, 8] : memref<32x32xf32>
      %x28 = affine.load %A[%c, 28] : memref<32x32xf32>
      affine.store %x28, %B[%c, 4] : memref<32x32xf32>
      affine.store %x28, %A[%c, 13] : memref<32x32xf32>
      %x29 = affine.load %A[%c, 29] : memref<32x32xf32>
      affine.store %x29, %B[%c, 11] : memref<32x32xf32>
      affine.store %x29, %A[%c, 18] : memref<32x32xf32>
      %x30 = affine.load %A[%c, 30] : memref<32x32xf32>
      affine.store %x30, %B[%c, 18] : memref<32x32xf32>
      affine.store %x30, %A[%c, 23] : memref<32x32xf32>
      %x31 = affine.load %A[%c, 31] : memref<32x32xf32>
      affine.store %x31, %B[%c, 25] : memref<32x32xf32>
      affine.store %x31, %A[%c, 28] : memref<32x32xf32>
      %x32 = affine.load %A[%c, 0] : memref<32x32xf32>
      affine.store %x32, %B[%c, 0] : memref<32x32xf32>
      affine.store %x32, %A[%c, 1] : memref<32x32xf32>
      %x33 = affine.load %A[%c, 1] : memref<32x32xf32>
      affine.store %x33, %B[%c, 7] : memref<32x32xf32>
      affine.store %x33, %A[%c, 6] : memref<32x32xf32>
      %x34 = affine.load %A[%c, 2] : memref<32x32xf32>
      affine.store %x34, %B[%c, 14] : memref<32x32xf32>
      affine.store %x34, %A[%c, 11] : memref<32x32xf32>
      %x35 = affine.load %A[%c, 3] : memref<32x32xf32>
      affine.store %x35, %B[%c, 21] : memref<32x32xf32>
      affine.store %x35, %A[%c, 16] : memref<32x32xf32>
      %x36 = affine.load %A[%c, 4] : memref<32x32xf32>
      affine.store %x36, %B[%c, 28] : memref<32x32xf32>
      affine.store %x36, %A[%c, 21] : memref<32x32xf32>
      %x37 = affine.load %A[%c, 5] : memref<32x32xf32>
      affine.store %x37, %B[%c, 3] : memref<32x32xf32>
      affine.store %x37, %A[%c, 26] : memref<32x32xf32>
      %x38 = affine.load %A[%c, 6] : memref<32x32xf32>
      affine.store %x38, %B[%c, 10] : memref<32x32xf32>
      affine.store %x38, %A[%c, 31] : memref<32x32xf32>
      %x39 = affine.load %A[%c, 7] : memref<32x32xf32>
      affine.store %x39, %B[%c, 17] : memref<32x32xf32>
      affine.store %x39, %A[%c, 4] : memref<32x32xf32>
      %x40 = affine.load %A[%c, 8] : memref<32x32xf32>
      affine.store %x40, %B[%c, 24] : memref<32x32xf32>
      affine.store %x40, %A[%c, 9] : memref<32x32xf32>
      %x41 = affine.load %A[%c, 9] : memref<32x32xf32>
      affine.store %x41, %B[%c, 31] : memref<32x32xf32>
      affine.store %x41, %A[%c, 14] : memref<32x32xf32>
      %x42 = affine.load %A[%c, 10] : memref<32x32xf32>
      affine.store %x42, %B[%c, 6] : memref<32x32xf32>
      affine.store %x42, %A[%c, 19] : memref<32x32xf32>
      %x43 = affine.load %A[%c, 11] : memref<32x32xf32>
      affine.store %x43, %B[%c, 13] : memref<32x32xf32>
      affine.store %x43, %A[%c, 24] : memref<32x32xf32>
      %x44 = affine.load %A[%c, 12] : memref<32x32xf32>
      affine.store %x44, %B[%c, 20] : memref<32x32xf32>
      affine.store %x44, %A[%c, 29] : memref<32x32xf32>
      %x45 = affine.load %A[%c, 13] : memref<32x32xf32>
      affine.store %x45, %B[%c, 27] : memref<32x32xf32>
      affine.store %x45, %A[%c, 2] : memref<32x32xf32>
      %x46 = affine.load %A[%c, 14] : memref<32x32xf32>
      affine.store %x46, %B[%c, 2] : memref<32x32xf32>
      affine.store %x46, %A[%c, 7] : memref<32x32xf32>
      %x47 = affine.load %A[%c, 15] : memref<32x32xf32>
      affine.store %x47, %B[%c, 9] : memref<32x32xf32>
      affine.store %x47, %A[%c, 12] : memref<32x32xf32>
      %x48 = affine.load %A[%c, 16] : memref<32x32xf32>
      affine.store %x48, %B[%c, 16] : memref<32x32xf32>
      affine.store %x48, %A[%c, 17] : memref<32x32xf32>
      %x49 = affine.load %A[%c, 17] : memref<32x32xf32>
      affine.store %x49, %B[%c, 23] : memref<32x32xf32>
      affine.store %x49, %A[%c, 22] : memref<32x32xf32>
      %x50 = affine.load %A[%c, 18] : memref<32x32xf32>
      affine.store %x50, %B[%c, 30] : memref<32x32xf32>
      affine.store %x50, %A[%c, 27] : memref<32x32xf32>
      %x51 = affine.load %A[%c, 19] : memref<32x32xf32>
      affine.store %x51, %B[%c, 5] : memref<32x32xf32>
      affine.store %x51, %A[%c, 0] : memref<32x32xf32>
      %x52 = affine.load %A[%c, 20] : memref<32x32xf32>
      affine.store %x52, %B[%c, 12] : memref<32x32xf32>
      affine.store %x52, %A[%c, 5] : memref<32x32xf32>
      %x53 = affine.load %A[%c, 21] : memref<32x32xf32>
      affine.store %x53, %B[%c, 19] : memref<32x32xf32>
      affine.store %x53, %A[%c, 10] : memref<32x32xf32>
      %x54 = affine.load %A[%c, 22] : memref<32x32xf32>
      affine.store %x54, %B[%c, 26] : memref<32x32xf32>
      affine.store %x54, %A[%c, 15] : memref<32x32xf32>
      %x55 = affine.load %A[%c, 23] : memref<32x32xf32>
      affine.store %x55, %B[%c, 1] : memref<32x32xf32>
      affine.store %x55, %A[%c, 20] : memref<32x32xf32>
      %x56 = affine.load %A[%c, 24] : memref<32x32xf32>
      affine.store %x56, %B[%c, 8] : memref<32x32xf32>
      affine.store %x56, %A[%c, 25] : memref<32x32xf32>
      %x57 = affine.load %A[%c, 25] : memref<32x32xf32>
      affine.store %x57, %B[%c, 15] : memref<32x32xf32>
      affine.store %x57, %A[%c, 30] : memref<32x32xf32>
      %x58 = affine.load %A[%c, 26] : memref<32x32xf32>
      affine.store %x58, %B[%c, 22] : memref<32x32xf32>
      affine.store %x58, %A[%c, 3] : memref<32x32xf32>
      %x59 = affine.load %A[%c, 27] : memref<32x32xf32>
      affine.store %x59, %B[%c, 29] : memref<32x32xf32>
      affine.store %x59, %A[%c, 8] : memref<32x32xf32>
      %x60 = affine.load %A[%c, 28] : memref<32x32xf32>
      affine.store %x60, %B[%c, 4] : memref<32x32xf32>
      affine.store %x60, %A[%c, 13] : memref<32x32xf32>
      %x61 = affine.load %A[%c, 29] : memref<32x32xf32>
      affine.store %x61, %B[%c, 11] : memref<32x32xf32>
      affine.store %x61, %A[%c, 18] : memref<32x32xf32>
      %x62 = affine.load %A[%c, 30] : memref<32x32xf32>
      affine.store %x62, %B[%c, 18] : memref<32x32xf32>
      affine.store %x62, %A[%c, 23] : memref<32x32xf32>
      %x63 = affine.load %A[%c, 31] : memref<32x32xf32>
      affine.store %x63, %B[%c, 25] : memref<32x32xf32>
      affine.store %x63, %A[%c, 28] : memref<32x32xf32>
      %x64 = affine.load %A[%c, 0] : memref<32x32xf32>
      affine.store %x64, %B[%c, 0] : memref<32x32xf32>
      affine.store %x64, %A[%c, 1] : memref<32x32xf32>
      %x65 = affine.load %A[%c, 1] : memref<32x32xf32>
      affine.store %x65, %B[%c, 7] : memref<32x32xf32>
      affine.store %x65, %A[%c, 6] : memref<32x32xf32>
      %x66 = affine.load %A[%c, 2] : memref<32x32xf32>
      affine.store %x66, %B[%c, 14] : memref<32x32xf32>
      affine.store %x66, %A[%c, 11] : memref<32x32xf32>
      %x67 = affine.load %A[%c, 3] : memref<32x32xf32>
      affine.store %x67, %B[%c, 21] : memref<32x32xf32>
      affine.store %x67, %A[%c, 16] : memref<32x32xf32>
      %x68 = affine.load %A[%c, 4] : memref<32x32xf32>
      affine.store %x68, %B[%c, 28] : memref<32x32xf32>
      affine.store %x68, %A[%c, 21] : memref<32x32xf32>
      %x69 = affine.load %A[%c, 5] : memref<32x32xf32>
      affine.store %x69, %B[%c, 3] : memref<32x32xf32>
      affine.store %x69, %A[%c, 26] : memref<32x32xf32>
      %x70 = affine.load %A[%c, 6] : memref<32x32xf32>
      affine.store %x70, %B[%c, 10] : memref<32x32xf32>
      affine.store %x70, %A[%c, 31] : memref<32x32xf32>
      %x71 = affine.load %A[%c, 7] : memref<32x32xf32>
      affine.store %x71, %B[%c, 17] : memref<32x32xf32>
      affine.store %x71, %A[%c, 4] : memref<32x32xf32>
      %x72 = affine.load %A[%c, 8] : memref<32x32xf32>
      affine.store %x72, %B[%c, 24] : memref<32x32xf32>
      affine.store %x72, %A[%c, 9] : memref<32x32xf32>
      %x73 = affine.load %A[%c, 9] : memref<32x32xf32>
      affine.store %x73, %B[%c, 31] : memref<32x32xf32>
      affine.store %x73, %A[%c, 14] : memref<32x32xf32>
      %x74 = affine.load %A[%c, 10] : memref<32x32xf32>
      affine.store %x74, %B[%c, 6] : memref<32x32xf32>
      affine.store %x74, %A[%c, 19] : memref<32x32xf32>
      %x75 = affine.load %A[%c, 11] : memref<32x32xf32>
      affine.store %x75, %B[%c, 13] : memref<32x32xf32>
      affine.store %x75, %A[%c, 24] : memref<32x32xf32>
      %x76 = affine.load %A[%c, 12] : memref<32x32xf32>
      affine.store %x76, %B[%c, 20] : memref<32x32xf32>
      affine.store %x76, %A[%c, 29] : memref<32x32xf32>
      %x77 = affine.load %A[%c, 13] : memref<32x32xf32>
      affine.store %x77, %B[%c, 27] : memref<32x32xf32>
      affine.store %x77, %A[%c, 2] : memref<32x32xf32>
      %x78 = affine.load %A[%c, 14] : memref<32x32xf32>
      affine.store %x78, %B[%c, 2] : memref<32x32xf32>
      affine.store %x78, %A[%c, 7] : memref<32x32xf32>
      %x79 = affine.load %A[%c, 15] : memref<32x32xf32>
      affine.store %x79, %B[%c, 9] : memref<32x32xf32>
      affine.store %x79, %A[%c, 12] : memref<32x32xf32>
      %x80 = affine.load %A[%c, 16] : memref<32x32xf32>
      affine.store %x80, %B[%c, 16] : memref<32x32xf32>
      affine.store %x80, %A[%c, 17] : memref<32x32xf32>
      %x81 = affine.load %A[%c, 17] : memref<32x32xf32>
      affine.store %x81, %B[%c, 23] : memref<32x32xf32>
      affine.store %x81, %A[%c, 22] : memref<32x32xf32>
      %x82 = affine.load %A[%c, 18] : memref<32x32xf32>
      affine.store %x82, %B[%c, 30] : memref<32x32xf32>
      affine.store %x82, %A[%c, 27] : memref<32x32xf32>
      %x83 = affine.load %A[%c, 19] : memref<32x32xf32>
      affine.store %x83, %B[%c, 5] : memref<32x32xf32>
      affine.store %x83, %A[%c, 0] : memref<32x32xf32>
      %x84 = affine.load %A[%c, 20] : memref<32x32xf32>
      affine.store %x84, %B[%c, 12] : memref<32x32xf32>
      affine.store %x84, %A[%c, 5] : memref<32x32xf32>
      %x85 = affine.load %A[%c, 21] : memref<32x32xf32>
      affine.store %x85, %B[%c, 19] : memref<32x32xf32>
      affine.store %x85, %A[%c, 10] : memref<32x32xf32>
      %x86 = affine.load %A[%c, 22] : memref<32x32xf32>
      affine.store %x86, %B[%c, 26] : memref<32x32xf32>
      affine.store %x86, %A[%c, 15] : memref<32x32xf32>
      %x87 = affine.load %A[%c, 23] : memref<32x32xf32>
      affine.store %x87, %B[%c, 1] : memref<32x32xf32>
      affine.store %x87, %A[%c, 20] : memref<32x32xf32>
      %x88 = affine.load %A[%c, 24] : memref<32x32xf32>
      affine.store %x88, %B[%c, 8] : memref<32x32xf32>
      affine.store %x88, %A[%c, 25] : memref<32x32xf32>
      %x89 = affine.load %A[%c, 25] : memref<32x32xf32>
      affine.store %x89, %B[%c, 15] : memref<32x32xf32>
      affine.store %x89, %A[%c, 30] : memref<32x32xf32>
      %x90 = affine.load %A[%c, 26] : memref<32x32xf32>
      affine.store %x90, %B[%c, 22] : memref<32x32xf32>
      affine.store %x90, %A[%c, 3] : memref<32x32xf32>
      %x91 = affine.load %A[%c, 27] : memref<32x32xf32>
      affine.store %x91, %B[%c, 29] : memref<32x32xf32>
      affine.store %x91, %A[%c, 8] : memref<32x32xf32>
      %x92 = affine.load %A[%c, 28] : memref<32x32xf32>
      affine.store %x92, %B[%c, 4] : memref<32x32xf32>
      affine.store %x92, %A[%c, 13] : memref<32x32xf32>
      %x93 = affine.load %A[%c, 29] : memref<32x32xf32>
      affine.store %x93, %B[%c, 11] : memref<32x32xf32>
      affine.store %x93, %A[%c, 18] : memref<32x32xf32>
      %x94 = affine.load %A[%c, 30] : memref<32x32xf32>
      affine.store %x94, %B[%c, 18] : memref<32x32xf32>
      affine.store %x94, %A[%c, 23] : memref<32x32xf32>
      %x95 = affine.load %A[%c, 31] : memref<32x32xf32>
      affine.store %x95, %B[%c, 25] : memref<32x32xf32>
      affine.store %x95, %A[%c, 28] : memref<32x32xf32>
      %x96 = affine.load %A[%c, 0] : memref<32x32xf32>
      affine.store %x96, %B[%c, 0] : memref<32x32xf32>
      affine.store %x96, %A[%c, 1] : memref<32x32xf32>
      %x97 = affine.load %A[%c, 1] : memref<32x32xf32>
      affine.store %x97, %B[%c, 7] : memref<32x32xf32>
      affine.store %x97, %A[%c, 6] : memref<32x32xf32>
      %x98 = affine.load %A[%c, 2] : memref<32x32xf32>
      affine.store %x98, %B[%c, 14] : memref<32x32xf32>
      affine.store %x98, %A[%c, 11] : memref<32x32xf32>
      %x99 = affine.load %A[%c, 3] : memref<32x32xf32>
      affine.store %x99, %B[%c, 21] : memref<32x32xf32>
      affine.store %x99, %A[%c, 16] : memref<32x32xf32>
      %x100 = affine.load %A[%c, 4] : memref<32x32xf32>
      affine.store %x100, %B[%c, 28] : memref<32x32xf32>
      affine.store %x100, %A[%c, 21] : memref<32x32xf32>
      %x101 = affine.load %A[%c, 5] : memref<32x32xf32>
      affine.store %x101, %B[%c, 3] : memref<32x32xf32>
      affine.store %x101, %A[%c, 26] : memref<32x32xf32>
      %x102 = affine.load %A[%c, 6] : memref<32x32xf32>
      affine.store %x102, %B[%c, 10] : memref<32x32xf32>
      affine.store %x102, %A[%c, 31] : memref<32x32xf32>
      %x103 = affine.load %A[%c, 7] : memref<32x32xf32>
      affine.store %x103, %B[%c, 17] : memref<32x32xf32>
      affine.store %x103, %A[%c, 4] : memref<32x32xf32>
      %x104 = affine.load %A[%c, 8] : memref<32x32xf32>
      affine.store %x104, %B[%c, 24] : memref<32x32xf32>
      affine.store %x104, %A[%c, 9] : memref<32x32xf32>
      %x105 = affine.load %A[%c, 9] : memref<32x32xf32>
      affine.store %x105, %B[%c, 31] : memref<32x32xf32>
      affine.store %x105, %A[%c, 14] : memref<32x32xf32>
      %x106 = affine.load %A[%c, 10] : memref<32x32xf32>
      affine.store %x106, %B[%c, 6] : memref<32x32xf32>
      affine.store %x106, %A[%c, 19] : memref<32x32xf32>
      %x107 = affine.load %A[%c, 11] : memref<32x32xf32>
      affine.store %x107, %B[%c, 13] : memref<32x32xf32>
      affine.store %x107, %A[%c, 24] : memref<32x32xf32>
      %x108 = affine.load %A[%c, 12] : memref<32x32xf32>
      affine.store %x108, %B[%c, 20] : memref<32x32xf32>
      affine.store %x108, %A[%c, 29] : memref<32x32xf32>
      %x109 = affine.load %A[%c, 13] : memref<32x32xf32>
      affine.store %x109, %B[%c, 27] : memref<32x32xf32>
      affine.store %x109, %A[%c, 2] : memref<32x32xf32>
      %x110 = affine.load %A[%c, 14] : memref<32x32xf32>
      affine.store %x110, %B[%c, 2] : memref<32x32xf32>
      affine.store %x110, %A[%c, 7] : memref<32x32xf32>
      %x111 = affine.load %A[%c, 15] : memref<32x32xf32>
      affine.store %x111, %B[%c, 9] : memref<32x32xf32>
      affine.store %x111, %A[%c, 12] : memref<32x32xf32>
      %x112 = affine.load %A[%c, 16] : memref<32x32xf32>
      affine.store %x112, %B[%c, 16] : memref<32x32xf32>
      affine.store %x112, %A[%c, 17] : memref<32x32xf32>
      %x113 = affine.load %A[%c, 17] : memref<32x32xf32>
      affine.store %x113, %B[%c, 23] : memref<32x32xf32>
      affine.store %x113, %A[%c, 22] : memref<32x32xf32>
      %x114 = affine.load %A[%c, 18] : memref<32x32xf32>
      affine.store %x114, %B[%c, 30] : memref<32x32xf32>
      affine.store %x114, %A[%c, 27] : memref<32x32xf32>
      %x115 = affine.load %A[%c, 19] : memref<32x32xf32>
      affine.store %x115, %B[%c, 5] : memref<32x32xf32>
      affine.store %x115, %A[%c, 0] : memref<32x32xf32>
      %x116 = affine.load %A[%c, 20] : memref<32x32xf32>
      affine.store %x116, %B[%c, 12] : memref<32x32xf32>
      affine.store %x116, %A[%c, 5] : memref<32x32xf32>
      %x117 = affine.load %A[%c, 21] : memref<32x32xf32>
      affine.store %x117, %B[%c, 19] : memref<32x32xf32>
      affine.store %x117, %A[%c, 10] : memref<32x32xf32>
      %x118 = affine.load %A[%c, 22] : memref<32x32xf32>
      affine.store %x118, %B[%c, 26] : memref<32x32xf32>
      affine.store %x118, %A[%c, 15] : memref<32x32xf32>
      %x119 = affine.load %A[%c, 23] : memref<32x32xf32>
      affine.store %x119, %B[%c, 1] : memref<32x32xf32>
      affine.store %x119, %A[%c, 20] : memref<32x32xf32>
      %x120 = affine.load %A[%c, 24] : memref<32x32xf32>
      affine.store %x120, %B[%c, 8] : memref<32x32xf32>
      affine.store %x120, %A[%c, 25] : memref<32x32xf32>
      %x121 = affine.load %A[%c, 25] : memref<32x32xf32>
      affine.store %x121, %B[%c, 15] : memref<32x32xf32>
      affine.store %x121, %A[%c, 30] : memref<32x32xf32>
      %x122 = affine.load %A[%c, 26] : memref<32x32xf32>
      affine.store %x122, %B[%c, 22] : memref<32x32xf32>
      affine.store %x122, %A[%c, 3] : memref<32x32xf32>
      %x123 = affine.load %A[%c, 27] : memref<32x32xf32>
      affine.store %x123, %B[%c, 29] : memref<32x32xf32>
      affine.store %x123, %A[%c, 8] : memref<32x32xf32>
      %x124 = affine.load %A[%c, 28] : memref<32x32xf32>
      affine.store %x124, %B[%c, 4] : memref<32x32xf32>
      affine.store %x124, %A[%c, 13] : memref<32x32xf32>
      %x125 = affine.load %A[%c, 29] : memref<32x32xf32>
      affine.store %x125, %B[%c, 11] : memref<32x32xf32>
      affine.store %x125, %A[%c, 18] : memref<32x32xf32>
      %x126 = affine.load %A[%c, 30] : memref<32x32xf32>
      affine.store %x126, %B[%c, 18] : memref<32x32xf32>
      affine.store %x126, %A[%c, 23] : memref<32x32xf32>
      %x127 = affine.load %A[%c, 31] : memref<32x32xf32>
      affine.store %x127, %B[%c, 25] : memref<32x32xf32>
      affine.store %x127, %A[%c, 28] : memref<32x32xf32>
      %x128 = affine.load %A[%c, 0] : memref<32x32xf32>
      affine.store %x128, %B[%c, 0] : memref<32x32xf32>
      affine.store %x128, %A[%c, 1] : memref<32x32xf32>
      %x129 = affine.load %A[%c, 1] : memref<32x32xf32>
      affine.store %x129, %B[%c, 7] : memref<32x32xf32>
      affine.store %x129, %A[%c, 6] : memref<32x32xf32>
      %x130 = affine.load %A[%c, 2] : memref<32x32xf32>
      affine.store %x130, %B[%c, 14] : memref<32x32xf32>
      affine.store %x130, %A[%c, 11] : memref<32x32xf32>
      %x131 = affine.load %A[%c, 3] : memref<32x32xf32>
      affine.store %x131, %B[%c, 21] : memref<32x32xf32>
      affine.store %x131, %A[%c, 16] : memref<32x32xf32>
      %x132 = affine.load %A[%c, 4] : memref<32x32xf32>
      affine.store %x132, %B[%c, 28] : memref<32x32xf32>
      affine.store %x132, %A[%c, 21] : memref<32x32xf32>
      %x133 = affine.load %A[%c, 5] : memref<32x32xf32>
      affine.store %x133, %B[%c, 3] : memref<32x32xf32>
      affine.store %x133, %A[%c, 26] : memref<32x32xf32>
      %x134 = affine.load %A[%c, 6] : memref<32x32xf32>
      affine.store %x134, %B[%c, 10] : memref<32x32xf32>
      affine.store %x134, %A[%c, 31] : memref<32x32xf32>
      %x135 = affine.load %A[%c, 7] : memref<32x32xf32>
      affine.store %x135, %B[%c, 17] : memref<32x32xf32>
      affine.store %x135, %A[%c, 4] : memref<32x32xf32>
      %x136 = affine.load %A[%c, 8] : memref<32x32xf32>
      affine.store %x136, %B[%c, 24] : memref<32x32xf32>
      affine.store %x136, %A[%c, 9] : memref<32x32xf32>
      %x137 = affine.load %A[%c, 9] : memref<32x32xf32>
      affine.store %x137, %B[%c, 31] : memref<32x32xf32>
      affine.store %x137, %A[%c, 14] : memref<32x32xf32>
      %x138 = affine.load %A[%c, 10] : memref<32x32xf32>
      affine.store %x138, %B[%c, 6] : memref<32x32xf32>
      affine.store %x138, %A[%c, 19] : memref<32x32xf32>
      %x139 = affine.load %A[%c, 11] : memref<32x32xf32>
      affine.store %x139, %B[%c, 13] : memref<32x32xf32>
      affine.store %x139, %A[%c, 24] : memref<32x32xf32>
      %x140 = affine.load %A[%c, 12] : memref<32x32xf32>
      affine.store %x140, %B[%c, 20] : memref<32x32xf32>
      affine.store %x140, %A[%c, 29] : memref<32x32xf32>
      %x141 = affine.load %A[%c, 13] : memref<32x32xf32>
      affine.store %x141, %B[%c, 27] : memref<32x32xf32>
      affine.store %x141, %A[%c, 2] : memref<32x32xf32>
      %x142 = affine.load %A[%c, 14] : memref<32x32xf32>
      affine.store %x142, %B[%c, 2] : memref<32x32xf32>
      affine.store %x142, %A[%c, 7] : memref<32x32xf32>
      %x143 = affine.load %A[%c, 15] : memref<32x32xf32>
      affine.store %x143, %B[%c, 9] : memref<32x32xf32>
      affine.store %x143, %A[%c, 12] : memref<32x32xf32>
      %x144 = affine.load %A[%c, 16] : memref<32x32xf32>
      affine.store %x144, %B[%c, 16] : memref<32x32xf32>
      affine.store %x144, %A[%c, 17] : memref<32x32xf32>
      %x145 = affine.load %A[%c, 17] : memref<32x32xf32>
      affine.store %x145, %B[%c, 23] : memref<32x32xf32>
      affine.store %x145, %A[%c, 22] : memref<32x32xf32>
      %x146 = affine.load %A[%c, 18] : memref<32x32xf32>
      affine.store %x146, %B[%c, 30] : memref<32x32xf32>
      affine.store %x146, %A[%c, 27] : memref<32x32xf32>
      %x147 = affine.load %A[%c, 19] : memref<32x32xf32>
      affine.store %x147, %B[%c, 5] : memref<32x32xf32>
      affine.store %x147, %A[%c, 0] : memref<32x32xf32>
      %x148 = affine.load %A[%c, 20] : memref<32x32xf32>
      affine.store %x148, %B[%c, 12] : memref<32x32xf32>
      affine.store %x148, %A[%c, 5] : memref<32x32xf32>
      %x149 = affine.load %A[%c, 21] : memref<32x32xf32>
      affine.store %x149, %B[%c, 19] : memref<32x32xf32>
      affine.store %x149, %A[%c, 10] : memref<32x32xf32>
      %x150 = affine.load %A[%c, 22] : memref<32x32xf32>
      affine.store %x150, %B[%c, 26] : memref<32x32xf32>
      affine.store %x150, %A[%c, 15] : memref<32x32xf32>
      %x151 = affine.load %A[%c, 23] : memref<32x32xf32>
      affine.store %x151, %B[%c, 1] : memref<32x32xf32>
      affine.store %x151, %A[%c, 20] : memref<32x32xf32>
      %x152 = affine.load %A[%c, 24] : memref<32x32xf32>
      affine.store %x152, %B[%c, 8] : memref<32x32xf32>
      affine.store %x152, %A[%c, 25] : memref<32x32xf32>
      %x153 = affine.load %A[%c, 25] : memref<32x32xf32>
      affine.store %x153, %B[%c, 15] : memref<32x32xf32>
      affine.store %x153, %A[%c, 30] : memref<32x32xf32>
      %x154 = affine.load %A[%c, 26] : memref<32x32xf32>
      affine.store %x154, %B[%c, 22] : memref<32x32xf32>
      affine.store %x154, %A[%c, 3] : memref<32x32xf32>
      %x155 = affine.load %A[%c, 27] : memref<32x32xf32>
      affine.store %x155, %B[%c, 29] : memref<32x32xf32>
      affine.store %x155, %A[%c, 8] : memref<32x32xf32>
      %x156 = affine.load %A[%c, 28] : memref<32x32xf32>
      affine.store %x156, %B[%c, 4] : memref<32x32xf32>
      affine.store %x156, %A[%c, 13] : memref<32x32xf32>
      %x157 = affine.load %A[%c, 29] : memref<32x32xf32>
      affine.store %x157, %B[%c, 11] : memref<32x32xf32>
      affine.store %x157, %A[%c, 18] : memref<32x32xf32>
      %x158 = affine.load %A[%c, 30] : memref<32x32xf32>
      affine.store %x158, %B[%c, 18] : memref<32x32xf32>
      affine.store %x158, %A[%c, 23] : memref<32x32xf32>
      %x159 = affine.load %A[%c, 31] : memref<32x32xf32>
      affine.store %x159, %B[%c, 25] : memref<32x32xf32>
      affine.store %x159, %A[%c, 28] : memref<32x32xf32>
    }
  }
  return
}

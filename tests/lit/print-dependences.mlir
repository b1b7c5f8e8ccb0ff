// --print-dependences: memory-based dependences and value-based (last
// writer) flow dependences of each SCoP, as relations between statement
// instances, with their uniform distances. s = 0; s += A[i]; B[k] = s:
// every write of s reaches the final read in memory, in value only the
// last; the update reads its own previous instance at distance 1.

// RUN: tessera-opt %s --print-dependences | FileCheck %s

// CHECK-LABEL: func @sum
// CHECK: flow S1 -> S2 (line [[#UPD:]] -> line [[#FIN:]]): S1(d0) -> S2(d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 >= 0)
// CHECK: value flow S0 -> S1 (line {{.*}}): S0() -> S1(d0) : (d0 == 0)
// CHECK: value flow S1 -> S1 (line [[#UPD]] -> line {{.*}}), distance (1): S1(d0) -> S1(d1) : (d0 - d1 + 1 == 0, d0 >= 0, -d0 + 6 >= 0)
// CHECK: value flow S1 -> S2 (line [[#UPD]] -> line [[#FIN]]): S1(d0) -> S2(d1) : (d1 == 0, d0 - 7 == 0)
func.func @sum(%A: memref<8xf32>, %s: memref<f32>, %B: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  affine.store %z, %s[] : memref<f32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %v = affine.load %s[] : memref<f32>
    %w = arith.addf %v, %a : f32
    affine.store %w, %s[] : memref<f32>
  }
  affine.for %k = 0 to 1 {
    %r = affine.load %s[] : memref<f32>
    affine.store %r, %B[%k] : memref<1xf32>
  }
  return
}

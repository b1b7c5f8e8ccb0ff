// RUN: tessera-opt --math-uplift-to-fma %s | FileCheck %s
// RUN: tessera-opt --emit=c --fp-contract --no-checks %s | FileCheck %s --check-prefix=C
// RUN: tessera-opt --emit=c --no-checks %s | FileCheck %s --check-prefix=PLAIN
// MLIR's pass fuses an addf of a mulf only where both carry `contract`
// (`fast` includes it), keeping the flags the two share, and erases the
// multiply left unused; --fp-contract fuses every such pair when
// translating to C.

// CHECK-LABEL: func.func @axpy(%arg0: f32, %arg1: f32, %arg2: f32) -> (f32, f32, f32) {
// CHECK-NEXT:    %0 = math.fma %arg0, %arg1, %arg2 fastmath<contract> : f32
// CHECK-NEXT:    %1 = arith.mulf %arg0, %arg1 : f32
// CHECK-NEXT:    %2 = arith.addf %arg2, %1 fastmath<contract> : f32
// CHECK-NEXT:    %3 = math.fma %arg0, %arg1, %arg2 fastmath<nnan,contract> : f32
// CHECK-NEXT:    return %0, %2, %3 : f32, f32, f32

// C: multiply-adds fused into fma calls: results not bit-exact
// C-COUNT-3: = fmaf(
// PLAIN-NOT: fmaf(
func.func @axpy(%a: f32, %b: f32, %c: f32) -> (f32, f32, f32) {
  %m = arith.mulf %a, %b fastmath<contract> : f32
  %0 = arith.addf %c, %m fastmath<contract> : f32
  %plain = arith.mulf %a, %b : f32
  %1 = arith.addf %c, %plain fastmath<contract> : f32
  %f = arith.mulf %a, %b fastmath<fast> : f32
  %2 = arith.addf %f, %c fastmath<nnan,contract> : f32
  return %0, %1, %2 : f32, f32, f32
}

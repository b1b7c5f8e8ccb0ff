// -mlir-print-debuginfo prints each op's location after it (by alias,
// the aliases below the module) and each region argument's in full (its
// alias above the module); locations written in the input (`loc(...)`,
// aliases defined before or after their use) are kept. -mlir-print-local-scope
// prints maps and locations where they are used.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -mlir-print-debuginfo | FileCheck %s
// RUN: tessera-opt %s -mlir-print-debuginfo | tessera-opt -mlir-print-debuginfo | FileCheck %s --check-prefix=AGAIN
// RUN: tessera-opt %s -mlir-print-debuginfo -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessera-opt %s -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: tessera-opt %s -mlir-print-local-scope | FileCheck %s --check-prefix=NOLOC
// RUN: tessera-opt %s | FileCheck %s --check-prefix=PLAIN

// CHECK: #[[IV:loc[0-9]+]] = loc("{{.*}}print-debuginfo.mlir":[[#IVLINE:]]:14)
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @f(%arg0: memref<10xf32> loc("x.c":1:2), %arg1: index loc("{{.*}}print-debuginfo.mlir":[[#]]:49)) {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32 loc(#[[CST:loc[0-9]*]])
// CHECK-NEXT: affine.for %arg2 loc("{{.*}}print-debuginfo.mlir":[[#IVLINE]]:14) = 0 to 9 {
// CHECK-NEXT: %1 = affine.load %arg0[%arg2 + 1] : memref<10xf32> loc(#[[FUSED:loc[0-9]*]])
// CHECK-NEXT: %2 = arith.addf %1, %cst : f32 loc(#[[CALL:loc[0-9]*]])
// CHECK-NEXT: affine.store %2, %arg0[%arg2] : memref<10xf32> loc(#[[UNKNOWN:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[FOR:loc[0-9]*]])
// CHECK-NEXT: %0 = affine.apply #map(%arg1) loc(#[[LATE:loc[0-9]*]])
// CHECK-NEXT: return loc(#[[RET:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[FUNC:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[MODULE:loc[0-9]*]])
// CHECK-DAG: #[[MODULE]] = loc("{{.*}}print-debuginfo.mlir":0:0)
// CHECK-DAG: #[[CST]] = loc("{{.*}}print-debuginfo.mlir":[[#]]:8)
// CHECK-DAG: #[[A:loc[0-9]+]] = loc("a.c":1:1)
// CHECK-DAG: #[[B:loc[0-9]+]] = loc("b.c":2:2)
// CHECK-DAG: #[[FUSED]] = loc(fused[#[[A]], #[[B]]])
// CHECK-DAG: #[[CALLEE:loc[0-9]+]] = loc("callee")
// CHECK-DAG: #[[NAMED:loc[0-9]+]] = loc("n"(#[[B]]))
// CHECK-DAG: #[[CALL]] = loc(callsite(#[[CALLEE]] at #[[NAMED]]))
// CHECK-DAG: #[[UNKNOWN]] = loc(unknown)
// CHECK-DAG: #[[LATE]] = loc("late.c":9:9)

// AGAIN: func.func @f(%arg0: memref<10xf32> loc("x.c":1:2), %arg1: index loc("{{.*}}print-debuginfo.mlir":[[#]]:49)) {
// AGAIN: #{{loc[0-9]+}} = loc(callsite(#{{loc[0-9]+}} at #{{loc[0-9]+}}))

// GENERIC: ^bb0(%arg0: memref<10xf32> loc("x.c":1:2), %arg1: index loc("{{.*}}print-debuginfo.mlir":[[#]]:49)):
// GENERIC: "affine.yield"() : () -> () loc(#[[FOR:loc[0-9]*]])
// GENERIC-NEXT: }) : () -> () loc(#[[FOR]])

// LOCAL-NOT: #map
// LOCAL-NOT: #loc
// LOCAL: %1 = affine.load %arg0[%arg2 + 1] : memref<10xf32> loc(fused["a.c":1:1, "b.c":2:2])
// LOCAL: %2 = arith.addf %1, %cst : f32 loc(callsite("callee" at "n"("b.c":2:2)))
// LOCAL: %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg1) loc("late.c":9:9)

// NOLOC-NOT: loc(
// NOLOC: affine.apply affine_map<(d0) -> (d0 + 1)>(%arg1)
// NOLOC-NEXT: return
// NOLOC-NEXT: }
// NOLOC-NEXT: }

// PLAIN-NOT: loc
// PLAIN: %0 = affine.apply #map(%arg1)

#map = affine_map<(d0) -> (d0 + 1)>
#b = loc("b.c":2:2)
func.func @f(%A: memref<10xf32> loc("x.c":1:2), %n: index) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 9 {
    %v = affine.load %A[%i + 1] : memref<10xf32> loc(fused["a.c":1:1, #b, unknown])
    %w = arith.addf %v, %c : f32 loc(callsite("callee" at "n"(#b)))
    affine.store %w, %A[%i] : memref<10xf32> loc(unknown)
  }
  %x = affine.apply #map(%n) loc(#late)
  return
}
#late = loc("late.c":9:9)

// memref.global and memref.get_global as mlir-opt 19 reads and prints
// them: visibility, `constant`, initial values printed without their type
// (`uninitialized`, splats, nested lists), alignment, declarations; CSE
// merges two get_globals of one global (they are pure) and
// --canonicalize erases an unused one.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessera-opt %s -cse -canonicalize | FileCheck %s --check-prefix=CLEAN

// CHECK: memref.global "private" constant @c : memref<2x2xf32> = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> {alignment = 64 : i64}
// CHECK: memref.global @x : memref<4xi32> = uninitialized
// CHECK: memref.global "private" @ext : memref<3xf64>{{$}}
// CHECK: memref.global "public" @z : memref<i32> = dense<7>
// CHECK: memref.global @s : memref<3xi1> = dense<true>
// GENERIC: "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>, sym_name = "c", sym_visibility = "private", type = memref<2x2xf32>}> : () -> ()
// GENERIC: "memref.global"() <{initial_value, sym_name = "x", type = memref<4xi32>}> : () -> ()
// GENERIC: "memref.get_global"() <{name = @c}> : () -> memref<2x2xf32>
memref.global "private" constant @c : memref<2x2xf32> = dense<[[1.0, 2.0], [3.0, 4.0]]> {alignment = 64}
memref.global @x : memref<4xi32> = uninitialized
memref.global "private" @ext : memref<3xf64>
memref.global "public" @z : memref<i32> = dense<7>
memref.global @s : memref<3xi1> = dense<[true, true, true]>

// CHECK-LABEL: func @f
// CHECK: %[[A:.*]] = memref.get_global @c : memref<2x2xf32>
// CHECK: %[[B:.*]] = memref.get_global @c : memref<2x2xf32>
// CLEAN-LABEL: func @f
// CLEAN: %[[A:.*]] = memref.get_global @c : memref<2x2xf32>
// CLEAN-NOT: memref.get_global
// CLEAN: return %[[A]], %[[A]]
func.func @f() -> (memref<2x2xf32>, memref<2x2xf32>) {
  %0 = memref.get_global @c : memref<2x2xf32>
  %1 = memref.get_global @c : memref<2x2xf32>
  %2 = memref.get_global @x : memref<4xi32>
  return %0, %1 : memref<2x2xf32>, memref<2x2xf32>
}

// -mlir-print-ir-tree-dir=DIR writes each dump to a file of its own, as
// mlir-opt 19 does: a directory per op from the module down, each file
// named by the dump counts of those ops (an op met only as an ancestor
// counts 0) and the pass; nothing on standard error.
// MLIR-OPT-TOO

// RUN: rm -rf %t.tree
// RUN: tessera-opt %s -mlir-print-ir-tree-dir=%t.tree -mlir-print-ir-before-all \
// RUN:   -mlir-print-ir-after-all -affine-loop-unroll -cse -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDERR --allow-empty
// RUN: cd %t.tree && find . -type f | sort | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=UNROLLED \
// RUN:   < %t.tree/builtin_module_no-symbol-name/func_func_f/0_1_affine-loop-unroll.mlir
// RUN: FileCheck %s --check-prefix=CSE < %t.tree/builtin_module_no-symbol-name/2_cse.mlir

// STDERR-NOT: IR Dump

// FILES:      ./builtin_module_no-symbol-name/1_cse.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/2_cse.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_0_affine-loop-unroll.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_1_affine-loop-unroll.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_0_affine-loop-unroll.mlir
// FILES-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_1_affine-loop-unroll.mlir

// UNROLLED:      // -----// IR Dump After AffineLoopUnroll (affine-loop-unroll) //----- //
// UNROLLED-NEXT: func.func @f(%arg0: memref<4xf32>) {
// UNROLLED-NOT:  affine.for

// CSE:      // -----// IR Dump After CSE (cse) //----- //
// CSE-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// CSE:      module {
func.func @f(%a: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %a[%i] : memref<4xf32>
    affine.store %v, %a[%i] : memref<4xf32>
  }
  return
}
func.func @g() {
  return
}

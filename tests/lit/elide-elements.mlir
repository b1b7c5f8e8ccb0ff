// -mlir-elide-elementsattrs-if-larger=N prints an elements attribute of
// more than N elements (not a splat) as `dense_resource<__elided__>`, and
// `dense_resource<handle>` reads back and prints as in mlir-opt 19 (the
// executors refuse it: tessera reads no resource blobs).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -mlir-elide-elementsattrs-if-larger=2 | FileCheck %s
// RUN: tessera-opt %s -split-input-file -mlir-elide-elementsattrs-if-larger=2 \
// RUN:   | tessera-opt -split-input-file | FileCheck %s
// RUN: tessera-opt %s -split-input-file -mlir-elide-elementsattrs-if-larger 0 \
// RUN:   -mlir-print-op-generic | FileCheck %s --check-prefix=ZERO
// RUN: not tessera-opt %s -mlir-elide-elementsattrs-if-larger=-1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tessera-opt %s -mlir-elide-elementsattrs-if-larger=4294967296 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BIG

// CHECK-LABEL: func.func @constants
// CHECK-NEXT:    arith.constant dense_resource<__elided__> : vector<4xf32>
// CHECK-NEXT:    arith.constant dense<[1, 2]> : vector<2xi32>
// CHECK-NEXT:    arith.constant dense<7> : tensor<3xi8>
// CHECK-NEXT:    arith.constant dense_resource<blob1> : vector<2xi32>
// ZERO-LABEL: sym_name = "constants"
// ZERO:         <{value = dense_resource<__elided__> : vector<4xf32>}>
// ZERO-NEXT:    <{value = dense_resource<__elided__> : vector<2xi32>}>
// ZERO-NEXT:    <{value = dense<7> : tensor<3xi8>}>
// BAD: for the --mlir-elide-elementsattrs-if-larger option: '-1' value invalid for uint argument!
// BIG: for the --mlir-elide-elementsattrs-if-larger option: '4294967296' value invalid for uint argument!
func.func @constants() -> (vector<4xf32>, vector<2xi32>, tensor<3xi8>, vector<2xi32>) {
  %0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %1 = arith.constant dense<[1, 2]> : vector<2xi32>
  %2 = arith.constant dense<7> : tensor<3xi8>
  %3 = arith.constant dense_resource<blob1> : vector<2xi32>
  return %0, %1, %2, %3 : vector<4xf32>, vector<2xi32>, tensor<3xi8>, vector<2xi32>
}

// -----

// CHECK: memref.global "private" constant @g : memref<4xf32> = dense_resource<__elided__>
// CHECK: memref.global "private" constant @h : memref<4xf32> = dense<1.000000e+00>
memref.global "private" constant @g : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global "private" constant @h : memref<4xf32> = dense<1.0>

// A cf.switch case value is read as a 64-bit integer and truncated to the
// flag's width, as mlir-opt 19 reads it: 300 on an i8 flag is 44, and
// -1 is 255, which the custom form prints unsigned and the generic form
// signed. ir/tests/corpus/switch_truncated_cases.mlir runs such a switch.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @classify
// CHECK:         cf.switch %{{.*}} : i8, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      44: ^bb2,
// CHECK-NEXT:      255: ^bb3
// CHECK-NEXT:    ]
// GENERIC: case_values = dense<[44, -1]> : vector<2xi8>
func.func @classify(%flag: i8) -> i32 {
  cf.switch %flag : i8, [
    default: ^bb1,
    300: ^bb2,
    -1: ^bb3
  ]
^bb1:
  %c0 = arith.constant 0 : i32
  return %c0 : i32
^bb2:
  %c1 = arith.constant 1 : i32
  return %c1 : i32
^bb3:
  %c2 = arith.constant 2 : i32
  return %c2 : i32
}

// Functions of several blocks print as mlir-opt prints them: blocks
// numbered in region order with their predecessors, successors with the
// values they pass, cf.switch cases unsigned, and the generic form with
// its successor list.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @loop(%arg0: index) -> index {
// CHECK:         cf.br ^bb1(%c0, %c0 : index, index)
// CHECK-NEXT:  ^bb1(%0: index, %1: index):  // 2 preds: ^bb0, ^bb2
// CHECK:         cf.cond_br %2, ^bb2(%0 : index), ^bb3
// CHECK-NEXT:  ^bb2(%3: index):  // pred: ^bb1
// CHECK:         cf.br ^bb1(%4, %5 : index, index)
// CHECK-NEXT:  ^bb3:  // pred: ^bb1
// CHECK-NEXT:    return %1 : index
// GENERIC-LABEL: "func.func"()
// GENERIC:       ^bb0(%{{.*}}: index):
// GENERIC:         "cf.br"(%[[Z:.*]], %[[Z]])[^bb1] : (index, index) -> ()
// GENERIC:         "cf.cond_br"(%{{.*}}, %{{.*}})[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, index) -> ()
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "cf.br"(%c0, %c0) [^head] : (index, index) -> ()
^head(%i: index, %acc: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body(%i : index), ^exit
^body(%j: index):
  %next = arith.addi %j, %c1 : index
  %sum = arith.addi %acc, %j : index
  cf.br ^head(%next, %sum : index, index)
^exit:
  return %acc : index
}

// CHECK-LABEL: func.func @switch(%arg0: i8) -> i8 {
// CHECK:         cf.switch %arg0 : i8, [
// CHECK-NEXT:      default: ^bb1(%arg0 : i8),
// CHECK-NEXT:      254: ^bb2,
// CHECK-NEXT:      3: ^bb1(%arg0 : i8)
// CHECK-NEXT:    ] {note = "kept"}
// CHECK-NEXT:  ^bb1(%0: i8):  // 3 preds: ^bb0, ^bb0, ^bb2
// CHECK-NEXT:    cf.assert %true, "a message with \22quotes\22"
// GENERIC:       "cf.switch"(%[[X:.*]], %[[X]], %[[X]])[^bb1, ^bb2, ^bb1] <{case_operand_segments = array<i32: 0, 1>, case_values = dense<[-2, 3]> : vector<2xi8>, operandSegmentSizes = array<i32: 1, 1, 1>}> {note = "kept"} : (i8, i8, i8) -> ()
func.func @switch(%x: i8) -> i8 {
  %true = arith.constant true
  cf.switch %x : i8, [
    default: ^bb1(%x : i8),
    -2: ^bb2,
    3: ^bb1(%x : i8)
  ] {note = "kept"}
^bb1(%y: i8):
  cf.assert %true, "a message with \"quotes\""
  return %y : i8
^bb2:
  cf.br ^bb1(%x : i8)
}

func.func @only_default(%x: i32) {

// CHECK-LABEL: func.func @only_default(%arg0: i32) {
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb1]
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
  cf.switch %x : i32, [
    default: ^bb1
  ]
^bb1:
  return
}

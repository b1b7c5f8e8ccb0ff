// MLIR's AttrSizedOperandSegments: an op whose operands come in segments
// (memref.alloc, cf.cond_br, scf.parallel, vector.transfer_read, ...)
// checks its 'operandSegmentSizes' right after the count traits and
// before its operand types; the property defaults to all zeros, and a
// property of the wrong size or kind is refused when the op is parsed.
// The segment counts of every registered op come from mlir-opt itself
// (ir/src/syntax/registered_ops.rs).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @missing(%n: index) {
  // expected-error @+1 {{'memref.alloc' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloc"(%n) : (index) -> memref<?xf32>
  return
}

// -----

func.func @before_result_type(%n: index) {
  // expected-error @+1 {{'memref.alloc' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloc"(%n) : (index) -> f32
  return
}

// -----

func.func @after_result_count(%n: index) {
  // expected-error @+1 {{'memref.alloc' op requires one result}}
  "memref.alloc"(%n) : (index) -> ()
  return
}

// -----

func.func @too_many(%n: index) {
  // expected-error @+1 {{'memref.alloc' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 1>}> : (index) -> memref<?xf32>
  return
}

// -----

func.func @negative(%n: index) {
  // expected-error @+1 {{'memref.alloc' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: -1, 2>}> : (index) -> memref<?xf32>
  return
}

// -----

func.func @wrong_size(%n: index) {
  // expected-error @+1 {{invalid properties {alignment = 3 : i64, operandSegmentSizes = array<i32: 1>} for op memref.alloc: size mismatch in attribute conversion: 1 vs 2}}
  %0 = "memref.alloc"(%n) <{alignment = 3, operandSegmentSizes = array<i32: 1>}> : (index) -> memref<?xf32>
  return
}

// -----

func.func @wrong_kind(%n: index) {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i64: 1, 0>} for op memref.alloc: expected DenseI32ArrayAttr for key `value`}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i64: 1, 0>}> : (index) -> memref<?xf32>
  return
}

// -----

func.func @dictionary_of_wrong_size_is_dropped(%n: index) {
  // expected-error @+1 {{'memref.alloc' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloc"(%n) {operandSegmentSizes = array<i32: 1>} : (index) -> memref<?xf32>
  return
}

// -----

func.func @properties_win_over_dictionary(%n: index) {
  // expected-error @+1 {{'memref.alloca' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloca"(%n) <{operandSegmentSizes = array<i32: 0, 0>}> {operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<?xf32>
  return
}

// -----

func.func @alignment_minimum(%n: index) {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %0 = "memref.alloc"(%n) <{alignment = -1, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  return
}

// -----

func.func @alignment_kind(%n: index) {
  // expected-error @+1 {{invalid properties {alignment = "x", operandSegmentSizes = array<i32: 1, 0>} for op memref.alloc: Invalid attribute `alignment` in property conversion: "x"}}
  %0 = "memref.alloc"(%n) <{alignment = "x", operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  return
}

// -----

func.func @cond_br(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_operands(%flag: i32) {
  // expected-error @+1 {{'cf.switch' op caseOperands count (0) does not match with the total size (1) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%flag) [^bb1, ^bb2] <{case_values = dense<1> : vector<1xi32>, case_operand_segments = array<i32: 1>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @switch_without_case_segments(%flag: i32) {
  // expected-error @+1 {{'cf.switch' op requires attribute 'case_operand_segments'}}
  "cf.switch"(%flag) [^bb1, ^bb2] <{case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @scf_parallel(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op operand count (3) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "scf.parallel"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @transfer_read(%m: memref<4xf32>, %i: index, %pad: f32) {
  // expected-error @+1 {{'vector.transfer_read' op operand count (3) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %0 = "vector.transfer_read"(%m, %i, %pad) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 0, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index, f32) -> vector<4xf32>
  return
}

// -----

func.func @subview(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{'memref.subview' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<8xf32>, index) -> memref<4xf32, strided<[1], offset: ?>>
  return
}

// -----

func.func @tensor_pad_not_known_to_tessera(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tensor.pad' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
  %0 = "tensor.pad"(%t, %i) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_low = array<i64: 1>, static_high = array<i64: 1>}> ({
  ^bb0(%j: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  }) : (tensor<4xf32>, index) -> tensor<6xf32>
  return
}

// -----

// The successor count (NSuccessors<2>) comes before the segments.
func.func @cond_br_without_successors(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op requires 2 successors but found 0}}
  "cf.cond_br"(%c) : (i1) -> ()
}

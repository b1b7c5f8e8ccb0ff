// The ODS constraints of the tensor, bufferization and vector ops (and of
// the ops of those dialects and memref's that tessera parses in generic
// form only):
// required attributes, then each operand group's type, then each
// result's, then the type-matching traits, before the op's own checks,
// in mlir-opt 19's order and words.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @tensor_empty_index_result(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'index'}}
  %0 = "tensor.empty"() : () -> index
  return
}

// -----

func.func @tensor_empty_f32_operand(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.empty' op operand #0 must be variadic of index, but got 'f32'}}
  %0 = "tensor.empty"(%f) : (f32) -> tensor<?xf32>
  return
}

// -----

func.func @tensor_empty_memref_result(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'memref<4xf32>'}}
  %0 = "tensor.empty"() : () -> memref<4xf32>
  return
}

// -----

func.func @tensor_extract_of_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'index'}}
  %0 = "tensor.extract"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @tensor_extract_f32_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.extract' op operand #1 must be variadic of index, but got 'f32'}}
  %0 = "tensor.extract"(%t, %f) : (tensor<4xf32>, f32) -> f32
  return
}

// -----

func.func @tensor_extract_wrong_result(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %0 = "tensor.extract"(%t, %a) : (tensor<4xf32>, index) -> i32
  return
}

// -----

func.func @tensor_extract_unranked(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.extract"(%u, %a) : (tensor<*xf32>, index) -> f32
  return
}

// -----

func.func @tensor_insert_into_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.insert' op operand #1 must be ranked tensor of any type values, but got 'index'}}
  %0 = "tensor.insert"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @tensor_insert_wrong_scalar(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.insert' op failed to verify that scalar type matches element type of dest}}
  %0 = "tensor.insert"(%i, %t, %a) : (i32, tensor<4xf32>, index) -> tensor<4xf32>
  return
}

// -----

func.func @tensor_insert_wrong_result(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %0 = "tensor.insert"(%f, %t, %a) : (f32, tensor<4xf32>, index) -> tensor<5xf32>
  return
}

// -----

func.func @tensor_insert_f32_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.insert' op operand #2 must be variadic of index, but got 'f32'}}
  %0 = "tensor.insert"(%f, %t, %f) : (f32, tensor<4xf32>, f32) -> tensor<4xf32>
  return
}

// -----

func.func @tensor_insert_result_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.insert' op result #0 must be ranked tensor of any type values, but got 'index'}}
  %0 = "tensor.insert"(%f, %t, %a) : (f32, tensor<4xf32>, index) -> index
  return
}

// -----

func.func @tensor_cast_of_memref(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %0 = "tensor.cast"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @tensor_cast_to_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op result #0 must be tensor of any type values, but got 'f32'}}
  %0 = "tensor.cast"(%t) : (tensor<4xf32>) -> f32
  return
}

// -----

func.func @tensor_dim_of_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'index'}}
  %0 = "tensor.dim"(%a, %a) : (index, index) -> index
  return
}

// -----

func.func @tensor_dim_0d(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = "tensor.dim"(%z, %a) : (tensor<f32>, index) -> index
  return
}

// -----

func.func @tensor_dim_f32_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.dim' op operand #1 must be index, but got 'f32'}}
  %0 = "tensor.dim"(%t, %f) : (tensor<4xf32>, f32) -> index
  return
}

// -----

func.func @tensor_dim_f32_result(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.dim' op result #0 must be index, but got 'f32'}}
  %0 = "tensor.dim"(%t, %a) : (tensor<4xf32>, index) -> f32
  return
}

// -----

func.func @to_memref_of_memref(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'bufferization.to_memref' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %0 = "bufferization.to_memref"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @to_memref_to_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'bufferization.to_memref' op result #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  %0 = "bufferization.to_memref"(%t) : (tensor<4xf32>) -> f32
  return
}

// -----

func.func @to_tensor_of_tensor(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'bufferization.to_tensor' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "bufferization.to_tensor"(%t) : (tensor<4xf32>) -> f32
  return
}

// -----

func.func @to_tensor_to_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'bufferization.to_tensor' op result #0 must be tensor of any type values, but got 'f32'}}
  %0 = "bufferization.to_tensor"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @broadcast_to_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.broadcast"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @broadcast_of_memref(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op source type is not a vector}}
  %0 = "vector.broadcast"(%m) : (memref<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @splat_of_memref(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.splat' op operand #0 must be integer/index/float type, but got 'memref<4xf32>'}}
  %0 = "vector.splat"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @splat_to_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.splat' op result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.splat"(%f) : (f32) -> f32
  return
}

// -----

func.func @splat_wrong_elem(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.splat' op failed to verify that operand type matches element type of result}}
  %0 = "vector.splat"(%f) : (f32) -> vector<4xi32>
  return
}

// -----

func.func @extractelement_of_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.extractelement' op operand #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.extractelement"(%f, %a) : (f32, index) -> f32
  return
}

// -----

func.func @extractelement_pos_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.extractelement' op operand #1 must be signless integer or index, but got 'f32'}}
  %0 = "vector.extractelement"(%v, %f) : (vector<4xf32>, f32) -> f32
  return
}

// -----

func.func @insertelement_into_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.insertelement' op operand #1 must be vector of any type values, but got 'f32'}}
  %0 = "vector.insertelement"(%f, %f, %a) : (f32, f32, index) -> f32
  return
}

// -----

func.func @vector_load_of_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.load' op operand #0 must be memref of any type values, but got 'index'}}
  %0 = "vector.load"(%a, %b) : (index, index) -> vector<4xf32>
  return
}

// -----

func.func @vector_load_to_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.load' op result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.load"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @vector_load_f32_index(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.load' op operand #1 must be variadic of index, but got 'f32'}}
  %0 = "vector.load"(%m, %f) : (memref<4xf32>, f32) -> vector<4xf32>
  return
}

// -----

func.func @vector_store_of_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.store' op operand #0 must be vector of any type values, but got 'f32'}}
  "vector.store"(%f, %m, %a) : (f32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @create_mask_index_result(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.create_mask' op result #0 must be vector of 1-bit signless integer values, but got 'index'}}
  %0 = "vector.create_mask"(%a) : (index) -> index
  return
}

// -----

func.func @create_mask_f32_operand(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.create_mask' op operand #0 must be variadic of index, but got 'f32'}}
  %0 = "vector.create_mask"(%f) : (f32) -> vector<4xi1>
  return
}

// -----

func.func @reduction_without_kind(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op requires attribute 'kind'}}
  %0 = "vector.reduction"(%f) : (f32) -> f32
  return
}

// -----

func.func @reduction_of_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op operand #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.reduction"(%f) <{kind = #vector.kind<add>}> : (f32) -> f32
  return
}

// -----

func.func @vector_print_of_memref(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.print' op operand #0 must be , but got 'memref<4xf32>'}}
  "vector.print"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @fma_of_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'f32'}}
  %0 = "vector.fma"(%f, %f, %f) : (f32, f32, f32) -> f32
  return
}

// -----

func.func @extract_of_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.extract' op operand #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.extract"(%f) <{static_position = array<i64>}> : (f32) -> f32
  return
}

// -----

func.func @insert_into_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.insert' op operand #1 must be vector of any type values, but got 'f32'}}
  %0 = "vector.insert"(%f, %f) <{static_position = array<i64>}> : (f32, f32) -> f32
  return
}

// -----

func.func @transfer_read_of_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.transfer_read' op operand #0 must be shaped of any type values, but got 'f32'}}
  %0 = "vector.transfer_read"(%f, %a, %f) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (f32, index, f32) -> vector<4xf32>
  return
}

// -----

func.func @transfer_read_to_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.transfer_read' op result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.transfer_read"(%m, %a, %f) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index, f32) -> f32
  return
}

// -----

func.func @transfer_write_of_f32(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>, %t: tensor<4xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op operand #0 must be vector of any type values, but got 'f32'}}
  "vector.transfer_write"(%f, %m, %a) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (f32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @bufferization_clone_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.clone' op result #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  %0 = "bufferization.clone"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @bufferization_dealloc_tensor_form2(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.dealloc_tensor' op operand #0 must be tensor of any type values, but got 'index'}}
  "bufferization.dealloc_tensor"(%a) : (index) -> ()
  return
}

// -----

func.func @bufferization_materialize_in_destination_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op operand #0 must be tensor of any type values, but got 'index'}}
  %0 = "bufferization.materialize_in_destination"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @memref_assume_alignment_form2(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op requires attribute 'alignment'}}
  "memref.assume_alignment"(%a) : (index) -> ()
  return
}

// -----

func.func @memref_atomic_rmw_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'memref.atomic_rmw' op requires attribute 'kind'}}
  %0 = "memref.atomic_rmw"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @memref_extract_aligned_pointer_as_index_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'memref.extract_aligned_pointer_as_index' op result #0 must be index, but got 'f32'}}
  %0 = "memref.extract_aligned_pointer_as_index"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @memref_memory_space_cast_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'memref.memory_space_cast' op result #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  %0 = "memref.memory_space_cast"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @memref_rank_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'memref.rank' op result #0 must be index, but got 'f32'}}
  %0 = "memref.rank"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @memref_realloc_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'index'}}
  %0 = "memref.realloc"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @tensor_bitcast_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.bitcast' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %0 = "tensor.bitcast"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @tensor_collapse_shape_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op requires attribute 'reassociation'}}
  %0 = "tensor.collapse_shape"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @tensor_concat_form1(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.concat' op requires attribute 'dim'}}
  %0 = "tensor.concat"() : () -> index
  return
}

// -----

func.func @tensor_expand_shape_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op requires attribute 'reassociation'}}
  %0 = "tensor.expand_shape"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @tensor_from_elements_form1(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.from_elements' op result #0 must be statically shaped tensor of any type values, but got 'index'}}
  %0 = "tensor.from_elements"() : () -> index
  return
}

// -----

func.func @tensor_gather_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.gather' op requires attribute 'gather_dims'}}
  %0 = "tensor.gather"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @tensor_rank_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.rank' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %0 = "tensor.rank"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @tensor_reshape_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.reshape' op operand #0 must be tensor of any type values, but got 'index'}}
  %0 = "tensor.reshape"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @tensor_splat_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.splat' op result #0 must be ranked tensor of any type values, but got 'index'}}
  %0 = "tensor.splat"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @tensor_unpack_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.unpack' op requires attribute 'inner_dims_pos'}}
  %0 = "tensor.unpack"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @vector_bitcast_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.bitcast' op operand #0 must be vector of any type values, but got 'memref<4xf32>'}}
  %0 = "vector.bitcast"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @vector_constant_mask_form1(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.constant_mask' op requires attribute 'mask_dim_sizes'}}
  %0 = "vector.constant_mask"() : () -> index
  return
}

// -----

func.func @vector_extract_strided_slice_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op requires attribute 'offsets'}}
  %0 = "vector.extract_strided_slice"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @vector_flat_transpose_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.flat_transpose' op requires attribute 'columns'}}
  %0 = "vector.flat_transpose"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @vector_from_elements_form1(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.from_elements' op result #0 must be vector of any type values, but got 'index'}}
  %0 = "vector.from_elements"() : () -> index
  return
}

// -----

func.func @vector_insert_strided_slice_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.insert_strided_slice' op requires attribute 'offsets'}}
  %0 = "vector.insert_strided_slice"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @vector_interleave_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.interleave' op operand #0 must be vector of any type values, but got 'index'}}
  %0 = "vector.interleave"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @vector_matrix_multiply_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.matrix_multiply' op requires attribute 'lhs_columns'}}
  %0 = "vector.matrix_multiply"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @vector_multi_reduction_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.multi_reduction' op requires attribute 'kind'}}
  %0 = "vector.multi_reduction"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @vector_outerproduct_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.outerproduct' op operand #0 must be vector of any type values, but got 'index'}}
  %0 = "vector.outerproduct"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @vector_scalable_extract_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.scalable.extract' op requires attribute 'pos'}}
  %0 = "vector.scalable.extract"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @vector_scalable_insert_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.scalable.insert' op requires attribute 'pos'}}
  %0 = "vector.scalable.insert"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @vector_shape_cast_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op operand #0 must be vector of any type values, but got 'memref<4xf32>'}}
  %0 = "vector.shape_cast"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @vector_shuffle_form3(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.shuffle' op requires attribute 'mask'}}
  %0 = "vector.shuffle"(%a, %b) : (index, index) -> index
  return
}

// -----

func.func @vector_transpose_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.transpose' op requires attribute 'permutation'}}
  %0 = "vector.transpose"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @vector_type_cast_form6(%a: index, %b: index, %f: f32, %i: i32, %m: memref<4xf32>) {
  // expected-error @+1 {{'vector.type_cast' op result #0 must be memref of any type values, but got 'f32'}}
  %0 = "vector.type_cast"(%m) : (memref<4xf32>) -> f32
  return
}

// The ODS constraints of the tensor, bufferization and vector ops:
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

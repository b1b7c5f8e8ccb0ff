// Diagnostics that MLIR's own test files (mlir/test/Dialect/Arith,
// ControlFlow, Func and Affine invalid.mlir) expect, in mlir-opt 19's
// order and words: the ODS constraints, then the traits, then the op's
// own verifier.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @apply_of_i64(%x: i64) {
  // expected-error@+1 {{'affine.apply' op operand #0 must be variadic of index, but got 'i64'}}
  %0 = "affine.apply"(%x) {map = affine_map<(d0) -> (d0 + 1)>} : (i64) -> index
  return
}

// -----

func.func @min_of_f32(%x: index, %y: f32) {
  // expected-error@+1 {{'affine.min' op operand #1 must be variadic of index, but got 'f32'}}
  %0 = "affine.min"(%x, %y) {map = affine_map<(d0, d1) -> (d0, d1)>} : (index, f32) -> index
  return
}

// -----

func.func @extsi_tensor_dims(%t: tensor<3xi8>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %t : tensor<3xi8> to tensor<?xi32>
  return
}

// -----

func.func @sitofp_tensor_to_scalar(%t: tensor<i32>) {
  // expected-error@+1 {{'arith.sitofp' op requires the same shape for all operands and results}}
  %0 = arith.sitofp %t : tensor<i32> to f32
  return
}

// -----

func.func @extf_vector_lengths(%v: vector<4xf16>) {
  // expected-error@+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %v : vector<4xf16> to vector<8xf32>
  return
}

// -----

func.func @extui_scalable_to_fixed(%v: vector<[2]xi8>) {
  // expected-error@+1 {{'arith.extui' op requires the same shape for all operands and results}}
  %0 = arith.extui %v : vector<[2]xi8> to vector<2xi16>
  return
}

// -----

func.func @cmpi_predicate_out_of_range(%a: i16) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 10} : (i16, i16) -> i1
  return
}

// -----

func.func @cmpf_predicate_of_i32(%a: f64) {
  // expected-error@+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 3 : i32} : (f64, f64) -> i1
  return
}

// -----

func.func @cmpi_of_floats(%a: f32) {
  // expected-error@+1 {{'arith.cmpi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0} : (f32, f32) -> i1
  return
}

// -----

func.func @cmpf_to_i8(%a: f32) {
  // expected-error@+1 {{'arith.cmpf' op result #0 must be bool-like, but got 'i8'}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 1} : (f32, f32) -> i8
  return
}

// -----

func.func @cmpi_vector_to_scalar(%a: vector<3xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 2} : (vector<3xi32>, vector<3xi32>) -> i1
  return
}

// -----

func.func @cmpi_mixed_widths(%a: i32, %b: i8) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) {predicate = 2} : (i32, i8) -> i1
  return
}

// -----

func.func @addui_extended_mixed(%a: i32, %b: i16) {
  // expected-error@+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %0:2 = "arith.addui_extended"(%a, %b) : (i32, i16) -> (i32, i1)
  return
}

// -----

func.func @mului_extended_high(%a: i32) {
  // expected-error@+1 {{'arith.mului_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mului_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @addui_extended_scalar_overflow(%a: vector<2xi64>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = arith.addui_extended %a, %a : vector<2xi64>, i1
  return
}

// -----

func.func @addui_extended_overflow_shape(%a: vector<2xi64>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %0:2 = arith.addui_extended %a, %a : vector<2xi64>, vector<3xi1>
  return
}

// -----

func.func @addui_extended_vector_overflow(%a: i64) {
  // expected-error@+1 {{'arith.addui_extended' op if a result is non-scalar, then at least one operand must be non-scalar}}
  %0:2 = "arith.addui_extended"(%a, %a) : (i64, i64) -> (i64, vector<2xi1>)
  return
}

// -----

func.func @scalable_constant_elements() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2, 3, 4]> : vector<[4]xi8>
  return
}

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
func.func @too_wide(%a: i20000000) {
  return
}

// -----

func.func @switch_case_not_integer(%flag: i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // expected-error@+1 {{custom op 'cf.switch' expected integer value}}
    x: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case_past_64_bits(%flag: i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // expected-error@+1 {{custom op 'cf.switch' integer value too large}}
    36893488147419103232: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @call_of_a_string() {
  // expected-error@+1 {{custom op 'func.call' invalid kind of attribute specified}}
  func.call "g"() : () -> ()
  return
}

// -----

func.func @get_global_of_a_string() {
  // expected-error@+1 {{custom op 'memref.get_global' invalid kind of attribute specified}}
  %0 = memref.get_global "g" : memref<f32>
  return
}

// -----

func.func @step_of_two_minuses() {
  // expected-error@+1 {{expected constant integer or floating point value}}
  affine.for %i = 0 to 8 step --2 {
  }
  return
}

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
func.func @7up() {
  return
}

// -----

func.func private @pair() -> (i64, f64)
func.func @call_swapped() {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{      op result types: 'f64', 'i64'}}
  // expected-note@+1 {{function result types: 'i64', 'f64'}}
  %0:2 = func.call @pair() : () -> (f64, i64)
  return
}

// -----

func.func private @too_many_results() -> i64
func.func @call_with_two_results() {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  %0:2 = func.call @too_many_results() : () -> (i64, i64)
  return
}

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func private @undotted_argument_attribute(f32 {plain = 1})

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @undotted_result_attribute() -> (f32 {plain = 1})

// -----

func.func @unsigned_constant() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 7 : ui32
  return
}

// -----

func.func @complex_from_f32() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 2.0 : f32} : () -> complex<f32>
  return
}

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
func.func private @negative_unsigned() attributes {n = -1 : ui8}

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
func.func private @signed_out_of_range() attributes {n = 128 : si8}

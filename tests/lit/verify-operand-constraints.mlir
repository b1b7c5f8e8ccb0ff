// MLIR's operand and result type constraints (ODS: "operand #1 must be
// variadic of index, but got 'f32'"), in its order: count traits, then
// attributes, operand types, result types, the other traits, and last
// the op's own verifier.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @load_of_index(%a: index) {
  // expected-error @+1 {{'memref.load' op operand #0 must be memref of any type values, but got 'index'}}
  %0 = "memref.load"(%a) : (index) -> f32
  return
}

// -----

func.func @store_to_unranked(%f: f32, %u: memref<*xf32>) {
  // expected-error @+1 {{'memref.store' op operand #1 must be memref of any type values, but got 'memref<*xf32>'}}
  "memref.store"(%f, %u) : (f32, memref<*xf32>) -> ()
  return
}

// -----

func.func @float_index(%m: memref<4xf32>, %f: f32) {
  // expected-error @+1 {{'memref.load' op operand #1 must be variadic of index, but got 'f32'}}
  %0 = "memref.load"(%m, %f) : (memref<4xf32>, f32) -> f32
  return
}

// -----

// The element type is checked before the number of indices.
func.func @element_type_first(%m: memref<4xf32>, %a: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %a, %a) : (memref<4xf32>, index, index) -> i32
  return
}

// -----

func.func @store_element(%m: memref<4xf32>, %a: index) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%a, %m, %a) : (index, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @affine_load_of_unranked(%u: memref<*xf32>) {
  // expected-error @+1 {{'affine.load' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "affine.load"(%u) <{map = affine_map<() -> ()>}> : (memref<*xf32>) -> f32
  return
}

// -----

func.func @alloc_of_index() {
  // expected-error @+1 {{'memref.alloc' op result #0 must be memref of any type values, but got 'index'}}
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> index
  return
}

// -----

func.func @alloc_float_size(%f: f32) {
  // expected-error @+1 {{'memref.alloc' op operand #0 must be variadic of index, but got 'f32'}}
  %0 = "memref.alloc"(%f) <{operandSegmentSizes = array<i32: 1, 0>}> : (f32) -> memref<?xf32>
  return
}

// -----

func.func @dealloc_index(%a: index) {
  // expected-error @+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'index'}}
  "memref.dealloc"(%a) : (index) -> ()
  return
}

// -----

func.func @dim_of_index(%a: index) {
  // expected-error @+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'index'}}
  %0 = "memref.dim"(%a, %a) : (index, index) -> index
  return
}

// -----

func.func @dim_float_result(%m: memref<4xf32>, %a: index) {
  // expected-error @+1 {{'memref.dim' op result #0 must be index, but got 'f32'}}
  %0 = "memref.dim"(%m, %a) : (memref<4xf32>, index) -> f32
  return
}

// -----

func.func @cast_to_float(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op result #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  %0 = "memref.cast"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @cmpi_without_predicate(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

// The attribute comes before the operand's type.
func.func @assert_without_message(%a: index) {
  // expected-error @+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%a) : (index) -> ()
  return
}

// -----

func.func @branch_without_successor() {
  // expected-error @+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
  return
}

// -----

func.func @cond_branch_without_successors(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op requires 2 successors but found 0}}
  "cf.cond_br"(%c) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  return
}

// -----

func.func @scf_yield_in_affine_for() {
  affine.for %i = 0 to 2 {
    // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    "scf.yield"() : () -> ()
  }
  return
}

// -----

func.func @affine_yield_in_function() {
  // expected-error @+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
  "affine.yield"() : () -> ()
}

// -----

// The Terminator trait comes before affine.yield's own check.
func.func @affine_yield_not_last() {
  // expected-error @+1 {{'affine.yield' op must be the last operation in the parent block}}
  "affine.yield"() : () -> ()
  return
}

// -----

func.func @expand_shape_without_reassociation(%a: index, %m: memref<4xf32>, %f: f32) {
  // expected-error @+1 {{'memref.expand_shape' op requires attribute 'reassociation'}}
  %0 = "memref.expand_shape"(%a) : (index) -> index
  return
}

// -----

// Operand types before result types.
func.func @delinearize_of_f32(%f: f32) {
  // expected-error @+1 {{'affine.delinearize_index' op operand #0 must be index, but got 'f32'}}
  %0 = "affine.delinearize_index"(%f, %f) : (f32, f32) -> f32
  return
}

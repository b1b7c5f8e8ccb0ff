// MLIR's count traits (OneRegion, NResults, NOperands, AtLeastNOperands,
// ...) are checked before anything else of an op, with mlir-opt 19's
// words; the counts of every registered op come from mlir-opt itself
// (ir/src/syntax/registered_ops.rs).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @no_region(%lb: index) {
  // expected-error @+1 {{'scf.for' op requires one region}}
  "scf.for"(%lb, %lb, %lb) : (index, index, index) -> ()
  return
}

// -----

func.func @while_with_one_region() {
  // expected-error @+1 {{'scf.while' op expected 2 regions}}
  "scf.while"() ({
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @two_results(%a: i32, %b: i32) {
  // expected-error @+1 {{'arith.addi' op requires one result}}
  %0:2 = "arith.addi"(%a, %b) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @extended_one_result(%a: i32, %b: i32) {
  // expected-error @+1 {{'arith.mulsi_extended' op expected 2 results}}
  %0 = "arith.mulsi_extended"(%a, %b) : (i32, i32) -> i32
  return
}

// -----

func.func @three_operands(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 3}}
  %0 = "arith.addi"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @store_without_index() {
  // expected-error @+1 {{'memref.store' op expected 2 or more operands, but found 0}}
  "memref.store"() : () -> ()
  return
}

// -----

func.func @cast_of_nothing() {
  // expected-error @+1 {{'memref.cast' op requires a single operand}}
  %0 = "memref.cast"() : () -> memref<4xf32>
  return
}

// -----

func.func @constant_with_operand(%a: i32) {
  // expected-error @+1 {{'arith.constant' op requires zero operands}}
  %0 = "arith.constant"(%a) <{value = 1 : i32}> : (i32) -> i32
  return
}

// -----

func.func @load_with_region(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op requires zero regions}}
  %0 = "memref.load"(%m, %i) ({
  }) : (memref<4xf32>, index) -> f32
  return
}

// -----

// The region count comes before the results, and the results before the
// operands.
func.func @order(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires zero regions}}
  %0:2 = "arith.addi"(%a) ({
  }) : (i32) -> (i32, i32)
  return
}

// -----

// An op nested in another is checked all the same.
func.func @nested(%a: i32) {
  scf.execute_region {
    // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
    %0 = "arith.addi"(%a) : (i32) -> i32
    scf.yield
  }
  return
}

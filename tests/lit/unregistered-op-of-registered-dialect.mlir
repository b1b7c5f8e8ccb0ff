// An op of a dialect mlir-opt 19 registers is known only by the names
// that dialect defines (ir/src/syntax/registered_ops.rs, generated from
// mlir-opt itself), even with -allow-unregistered-dialect; the dialects
// that allow unknown ops (llvm, nvvm, rocdl, shape, spirv, test) take any.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics
// RUN: tessera-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: not tessera-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: :[[# @LINE + 6]]:3: error: unregistered operation 'arith.foo' found in dialect ('arith') that does not allow unknown operations
// ERR-NEXT: {{^}}  "arith.foo"() : () -> ()
// ERR: note: see current operation: "arith.foo"() : () -> ()

func.func @arith_unknown() {
  // expected-error @+1 {{unregistered operation 'arith.foo' found in dialect ('arith') that does not allow unknown operations}}
  "arith.foo"() : () -> ()
  return
}

// -----

// The op's own error comes before the dominance of its operands is
// checked, as MLIR's verifier checks each op on entrance.
func.func @before_dominance() {
  // expected-error @+1 {{unregistered operation 'affine.fro' found in dialect ('affine') that does not allow unknown operations}}
  "affine.fro"(%0) : (index) -> ()
  %0 = arith.constant 0 : index
  return
}

// -----

// An attribute's name is not an op's.
func.func @attribute_name() {
  // expected-error @+1 {{unregistered operation 'arith.fastmath' found in dialect ('arith') that does not allow unknown operations}}
  "arith.fastmath"() : () -> ()
  return
}

// -----

func.func @builtin_unknown() {
  // expected-error @+1 {{unregistered operation 'builtin.func' found in dialect ('builtin') that does not allow unknown operations}}
  "builtin.func"() : () -> ()
  return
}

// -----

// Nested in an op tessera does not know, checked all the same.
func.func @nested() {
  "test.region"() ({
    // expected-error @+1 {{unregistered operation 'memref.allocate' found in dialect ('memref') that does not allow unknown operations}}
    %0 = "memref.allocate"() : () -> memref<4xf32>
    "test.use"(%0) : (memref<4xf32>) -> ()
  }) : () -> ()
  return
}

// -----

// Generic forms of known names, and unknown names of the dialects that
// allow them, verify.
func.func @known(%a: i32, %b: i32) -> i32 {
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  "test.anything"() : () -> ()
  "spirv.anything"() : () -> ()
  "llvm.anything"() : () -> ()
  return %0 : i32
}

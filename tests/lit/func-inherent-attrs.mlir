// func.func's inherent attributes in the generic form: a missing or
// misspelled `sym_name` or `function_type` is an error, as is a
// `sym_name` that is not a string (found by soaking: a misspelled
// `sym_name` was accepted and its body printed in a form that did not
// parse back).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = (memref<8xf32>) -> (), sym_namE = "k"}> ({
^bb0(%arg0: memref<8xf32>):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{function_typE = (memref<8xf32>) -> (), sym_name = "k"}> ({
^bb0(%arg0: memref<8xf32>):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{invalid properties {function_type = (memref<8xf32>) -> (), sym_name = 3 : i32} for op func.func: Invalid attribute `sym_name` in property conversion: 3 : i32}}
"func.func"() <{function_type = (memref<8xf32>) -> (), sym_name = 3 : i32}> ({
^bb0(%arg0: memref<8xf32>):
  "func.return"() : () -> ()
}) : () -> ()

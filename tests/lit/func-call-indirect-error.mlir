// func.constant and func.call_indirect that do not verify: mlir-opt 19's
// messages.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'nope'}}
  %f = func.constant @nope : () -> ()
  return
}

// -----

func.func @g(%a: i32) -> i32 {
  return %a : i32
}
func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %f = func.constant @g : (i64) -> i32
  return
}

// -----

func.func @f(%f: (i32) -> i32, %a: i64) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %r = "func.call_indirect"(%f, %a) : ((i32) -> i32, i64) -> i32
  return
}

// -----

func.func @f(%f: (i32) -> i32, %a: i32) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %r = "func.call_indirect"(%f, %a) : ((i32) -> i32, i32) -> i64
  return
}

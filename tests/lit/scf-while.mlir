// scf.while and scf.condition: the verifier's messages, in mlir-opt 19's
// words (the custom and generic forms and the runs are in
// ir/tests/corpus/scf_while.mlir).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @yield_count(%x: i32) {
  // expected-error @+1 {{'scf.while' op  region control flow edge from Region #1 to Region #0: source has 2 operands, but target successor needs 1}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b, %b : i32, i32
  }
  return
}

// -----

func.func @condition_count(%x: i32) {
  // expected-error @+1 {{'scf.while' op  region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %a, %a : i32, i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

func.func @result_type(%x: i32) {
  // expected-error @+1 {{'scf.while' op  along control flow edge from Region #0 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %r = scf.while (%a = %x) : (i32) -> f32 {
    %c = arith.constant true
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

func.func @after_type(%x: i32) {
  // expected-error @+1 {{'scf.while' op  along control flow edge from Region #0 to Region #1: source type #0 'i32' should match input type #0 'f32'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: f32):
    scf.yield %x : i32
  }
  return
}

// -----

func.func @no_condition(%x: i32) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.constant true
    // expected-note @+1 {{terminator here}}
    scf.yield %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

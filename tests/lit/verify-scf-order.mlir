// scf ops verified in mlir-opt 19's order and words: the ODS constraints
// and the op's verify before its regions; the implicit terminator,
// LoopLikeOpInterface, the control-flow edges and verifyRegions after
// them, so an op inside reports its own error first.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

func.func @for_bound_of_f32(%f: f32, %i: index) {
  // expected-error@+1 {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
  "scf.for"(%f, %i, %i) ({}) : (f32, index, index) -> ()
  return
}
// -----
func.func @for_bounds_of_two_types(%i: i32, %j: index) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%j, %i, %j) ({}) : (index, i32, index) -> ()
  return
}
// -----
func.func @for_without_body(%j: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%j, %j, %j) ({}) : (index, index, index) -> ()
  return
}
// -----
func.func @for_ending_in_affine_yield(%j: index) {
  "scf.for"(%j, %j, %j) ({
  ^bb0(%x: index):
    // expected-error@+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    "affine.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @for_ending_in_another_op(%j: index, %f: f32) {
  // expected-error@+2 {{'scf.for' op expects regions to end with 'scf.yield', found 'test.foo'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  %r = "scf.for"(%j, %j, %j, %f) ({
  ^bb0(%x: index):
    "test.foo"() : () -> ()
  }) : (index, index, index, f32) -> (f32)
  return
}
// -----
func.func @for_without_a_result(%j: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%j, %j, %j, %f) ({
  ^bb0(%x: index, %y: i32):
    scf.yield %y : i32
  }) : (index, index, index, f32) -> ()
  return
}
// -----
func.func @for_result_of_another_type(%j: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%j, %j, %j, %f) ({
  ^bb0(%x: index, %y: f32):
    scf.yield %y : f32
  }) : (index, index, index, f32) -> (i32)
  return
}
// -----
func.func @for_yields_another_type(%j: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%j, %j, %j, %f) ({
  ^bb0(%x: index, %y: f32):
    %z = arith.constant 1 : i32
    scf.yield %z : i32
  }) : (index, index, index, f32) -> (f32)
  return
}
// -----
func.func @for_yields_nothing(%j: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op  region control flow edge from Region #0 to Region #0: source has 0 operands, but target successor needs 1}}
  %r = "scf.for"(%j, %j, %j, %f) ({
  ^bb0(%x: index, %y: f32):
    scf.yield
  }) : (index, index, index, f32) -> (f32)
  return
}
// -----
func.func @for_iv_of_another_type(%j: i32) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%j, %j, %j) ({
  ^bb0(%x: index):
    scf.yield
  }) : (i32, i32, i32) -> ()
  return
}
// -----
func.func @for_more_iter_args_than_inits(%j: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 1 != 2}}
  %r = "scf.for"(%j, %j, %j, %f) ({
  ^bb0(%x: index, %y: f32, %z: f32):
    scf.yield %y, %z : f32, f32
  }) : (index, index, index, f32) -> (f32)
  return
}
// -----
func.func @if_of_index(%c: index) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'index'}}
  "scf.if"(%c) ({}, {}) : (index) -> ()
  return
}
// -----
func.func @if_with_region_argument(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%x: index):
    scf.yield
  }, {}) : (i1) -> ()
  return
}
// -----
func.func @if_yields_one_of_two(%c: i1, %f: f32) {
  // expected-error@+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 2}}
  %r:2 = scf.if %c -> (f32, f32) {
    scf.yield %f : f32
  } else {
    scf.yield %f, %f : f32, f32
  }
  return
}
// -----
func.func @if_yields_another_type(%c: i1, %f: f32) {
  // expected-error@+1 {{'scf.if' op  along control flow edge from Region #1 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %r = scf.if %c -> (f32) {
    scf.yield %f : f32
  } else {
    %z = arith.constant 1 : i32
    scf.yield %z : i32
  }
  return
}
// -----
func.func @if_results_without_else(%c: i1, %f: f32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (f32) {
    scf.yield %f : f32
  }
  return
}
// -----
func.func @if_ending_in_affine_yield(%c: i1) {
  "scf.if"(%c) ({
    // expected-error@+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    "affine.yield"() : () -> ()
  }, {}) : (i1) -> ()
  return
}
// -----
func.func @parallel_of_no_loop() {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  scf.parallel () = () to () step () {
  }
  return
}
// -----
func.func @parallel_zero_step(%a: index) {
  %zero = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%a) to (%a) step (%zero) {
  }
  return
}
// -----
func.func @parallel_iv_of_f32(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: f32):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}
// -----
func.func @parallel_two_ivs_one_bound(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}
// -----
func.func @parallel_ending_in_yield(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  scf.parallel (%i) = (%a) to (%a) step (%a) {
    // expected-note@+1 {{terminator here}}
    scf.yield
  }
  return
}
// -----
func.func @parallel_result_without_reduction(%a: index, %f: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
  }
  return
}
// -----
func.func @parallel_reduces_an_index(%a: index, %f: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'index' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%a : index) {
    ^bb0(%x: index, %y: index):
      scf.reduce.return %x : index
    }
  }
  return
}
// -----
func.func @reduce_with_three_arguments(%a: index, %f: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%x: f32, %y: f32, %z: f32):
      scf.reduce.return %x : f32
    }
  }
  return
}
// -----
func.func @reduce_returns_another_type(%a: index, %f: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%x: f32, %y: f32):
      %c = arith.constant 1 : i32
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : i32
    }
  }
  return
}
// -----
func.func @while_of_two_blocks() {
  %false = arith.constant false
  // expected-error@+1 {{'scf.while' op expects region #0 to have 0 or 1 blocks}}
  scf.while : () -> () {
    scf.condition(%false)
  ^bb1:
    scf.condition(%false)
  } do {
    scf.yield
  }
  return
}
// -----
func.func @execute_region_with_argument() {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%i: i32):
    scf.yield
  }) : () -> ()
  return
}

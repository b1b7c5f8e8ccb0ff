// The verifier on functions of several blocks: branch operands against the
// successor's arguments, terminators, the entry block, dominance over the
// control-flow graph (not textual order), undefined blocks, and
// single-block regions.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @count(%x: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%x : i32)
^bb1:
  return
}

// -----

func.func @types(%x: i32, %y: i64) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%y : i64)
^bb1(%a: i32):
  return
}

// -----

func.func @not_dominating(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %v = arith.constant 1 : i32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %w = arith.addi %v, %v : i32
  return
}

// -----

// expected-error @+1 {{entry block of region may not have predecessors}}
func.func @entry() {
^bb0:
  cf.br ^bb0
}

// -----

func.func @undefined() {
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^bb9
}

// -----

func.func @single_block() {
  // expected-error @+1 {{'affine.for' op expects region #0 to have 0 or 1 blocks}}
  affine.for %i = 0 to 4 {
    cf.br ^bb1
  ^bb1:
  }
  return
}

// -----

func.func @not_last(%x: i32) {
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb2
  return
^bb2:
  return
}

// -----

func.func @redefined() {
  cf.br ^bb1
^bb1:
  return
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

// A use above its definition is fine where the definition dominates it,
// and anything goes in a block no path reaches.
func.func @forward() -> i32 {
  cf.br ^def
^use:
  %u = arith.addi %d, %d : i32
  return %u : i32
^def:
  %d = arith.constant 21 : i32
  cf.br ^use
^dead:
  %e = arith.addi %f, %f : i32
  %f = arith.constant 1 : i32
  return %e : i32
}

// -----

func.func @never_defined() {
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{use of undeclared SSA value name}}
  %u = arith.addi %nowhere, %nowhere : i32
  return
}

// -----

func.func @same_block() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %u = arith.addi %later, %later : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %later = arith.constant 1 : i32
  return
}

// -----

func.func @child_region() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %u = arith.addi %inner, %inner : index
  affine.for %i = 0 to 4 {
    // expected-note @+1 {{operand defined here (op in a child region)}}
    %inner = arith.constant 1 : index
  }
  return
}

// -----

func.func @block_argument(%c: i1) {
  cf.cond_br %c, ^bb1(%c : i1), ^bb2
// expected-note @-2 {{operand defined as a block argument (block #1 in the same region)}}
^bb1(%a: i1):
  return
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  cf.assert %a, "never"
  return
}

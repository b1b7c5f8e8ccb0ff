// How names are resolved across regions, as mlir-opt 19 resolves them: a
// region's entry argument may not reuse a visible name, a forward
// reference must be defined with the type it was used with, and a name
// used in a function but defined outside it resolves (the parser hands it
// out of the isolated region) and is then refused by the isolation check.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics -o /dev/null

// expected-note @below {{previously referenced here}}
func.func @shadow(%a: i32) {
  // expected-error @below {{region entry argument '%a' is already in use}}
  affine.for %a = 0 to 4 {
  }
  return
}

// -----

func.func @forward_use(%a: i32) {
  cf.br ^bb1
^bb1:
  // expected-note @below {{previously used here with type 'i64'}}
  %y = arith.addi %x, %x : i64
  cf.br ^bb2
^bb2:
  // expected-error @below {{definition of SSA value '%x#0' has type 'i32'}}
  %x = arith.addi %a, %a : i32
  return
}

// -----

func.func @redefined(%a: i32) -> i32 {
  // expected-note @below {{previously defined here}}
  %x = arith.addi %a, %a : i32
  // expected-error @below {{redefinition of SSA value '%x'}}
  %x = arith.muli %a, %a : i32
  return %x : i32
}

// -----

// expected-note @below {{required by region isolation constraints}}
func.func @isolated() {
  // expected-error @below {{'arith.addi' op using value defined outside the region}}
  %y = arith.addi %0, %0 : i32
  return
}
%0 = "test.op"() : () -> i32

// -----

func.func @outer(%a: i32) {
  // expected-error @below {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner() {
    %y = arith.addi %a, %a : i32
    return
  }
  return
}

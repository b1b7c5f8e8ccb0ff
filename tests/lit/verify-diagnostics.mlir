// Verifier and parser messages, each chunk checked against its expected-*
// comments: every designator form (@+N, @-N, @above, @below, bare) and the
// -re form.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics
// RUN: tessera-opt -verify-diagnostics -split-input-file %s -o /dev/null

func.func @rank(%A: memref<4xf32>) {
  %c = arith.constant 0 : index
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %v = affine.load %A[%c, %c] : memref<4xf32>
  return
}

// -----

func.func @undeclared() {
  %x = arith.addi %y, %y : i32
  // expected-error @-1 {{use of undeclared SSA value name}}
  return
}

// -----

func.func @not_a_dim(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %j = arith.addi %i, %i : index
    // expected-error @below {{index must be a valid dimension or symbol identifier}}
    %v = affine.load %A[%j] : memref<4xf32>
  }
  return
}

// -----

func.func @returns() -> i32 {
  return
  // expected-error @above {{'func.return' op has 0 operands, but enclosing function (@returns) returns 1}}
}

// -----

func.func @scope() {
  affine.for %i = 0 to 10 {
    %x = arith.constant 1 : i32
  }
  // expected-error-re @+1 {{use of {{[a-z]+}} SSA value {{name$}}}}
  %y = arith.addi %x, %x : i32
  return
}

// -----

func.func @store_rank(%A: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  // expected-error-re @+1 {{'affine.store' op affine map num results must equal memref {{(rank|size)}}}}
  affine.store %c, %A[0, 1] : memref<4xf32>
  return
}

// -----

func.func @operands() {
  %0 = "arith.addi"() : () -> i32 // expected-error {{'arith.addi' op expected 2 operands, but found 0}}
  return
}

// -----

// A chunk without errors prints normally and needs no expectation.
func.func @fine() {
  return
}

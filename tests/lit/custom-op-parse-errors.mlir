// The errors of ops' custom parsers, of the affine expressions over SSA
// ids, of argument and index lists and of alias definitions, in mlir-opt
// 19's words and places (an op's parser prefixes "custom op '<name>'").
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -o /dev/null

func.func @f(%c0: index) {
  // expected-error @+1 {{custom op 'affine.for' expected '('}}
  %r = affine.for %i = 0 to 10 iter_args %a = %c0) -> (index) {
    affine.yield %a : index
  }
  return
}

// -----

func.func @f(%c0: index) {
  // expected-error @+1 {{custom op 'affine.for' mismatch between the number of loop-carried values and results}}
  %r = affine.for %i = 0 to 10 iter_args(%a = %c0) -> () {
    affine.yield %a : index
  }
  return
}

// -----

func.func @f(%c0: index) {
  // expected-error @+1 {{expected ',' or ')'}}
  %r:2 = affine.for %i = 0 to 10 iter_args(%a = %c0 %b = %c0) -> (index, index) {
    affine.yield %a, %b : index, index
  }
  return
}

// -----

func.func @f(%c0: index) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %c0 to %c0 step %c0 iter_args(%a = %c0) -> () {
    scf.yield %a : index
  }
  return
}

// -----

func.func @f(%c0: i32) {
  // expected-error @+1 {{custom op 'scf.while' invalid kind of type specified}}
  %r = scf.while (%i = %c0) : i32 -> i32 {
    %t = arith.constant true
    scf.condition(%t) %i : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return
}

// -----

// expected-error @+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func @f(i32, %a: i32)

// -----

// expected-error @+1 {{custom op 'func.func' expected SSA identifier}}
func.func @f(%a: i32, i32) {
  return
}

// -----

// expected-error @+1 {{custom op 'func.func' expected non-empty function body}}
func.func @f() {
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ')' in argument list}}
  affine.parallel (%i, %j: = (0, 0) to (8, 8) {
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ')' in affine map}}
  affine.parallel (%i, %j) = (0, 0) to (8, min(8 9)) {
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{custom op 'affine.parallel' steps must be constant integers}}
  affine.parallel (%i) = (0) to (8) step (%n) {
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{the number of region arguments (1) and the number of map groups for lower (1) and upper bound (1), and the number of steps (2) must all match}}
  affine.parallel (%i) = (0) to (8) step (1, 2) {
  }
  return
}

// -----

func.func @f(%A: memref<10xf32>, %i: index) {
  // expected-error @+1 {{use of undeclared identifier}}
  %v = affine.load %A[%i + foo] : memref<10xf32>
  return
}

// -----

func.func @f(%A: memref<10xf32>, %i: index) {
  // expected-error @+1 {{missing right operand of binary operator}}
  %v = affine.load %A[%i floordiv] : memref<10xf32>
  return
}

// -----

func.func @f(%A: memref<10xf32>, %i: index) {
  // expected-error @+1 {{missing left operand of binary operator}}
  %v = affine.load %A[* %i] : memref<10xf32>
  return
}

// -----

func.func @f(%A: memref<10xf32>, %i: index) {
  // expected-error @+1 {{expected ssa identifier}}
  %v = affine.load %A[symbol(3)] : memref<10xf32>
  return
}

// -----

func.func @f(%A: memref<10xf32>, %i: index) {
  // expected-error @+1 {{expected '(' at start of SSA symbol}}
  %v = affine.load %A[symbol:%i)] : memref<10xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected attribute value}}
  affine.for %i = 0 to max(10, 3) {
  }
  return
}

// -----

// expected-error @+1 {{expected '=' in attribute alias definition}}
#map ) affine_map<(d0) -> (d0)>

// -----

// expected-error @+1 {{type names with a '.' are reserved for dialect-defined names}}
!a.b = i32

// -----

#a = affine_map<(d0) -> (d0)>
// expected-error @+1 {{redefinition of attribute alias id 'a'}}
#a = 3 3

// -----

func.func @f() {
  // expected-error @+1 {{empty operation name is invalid}}
  ""() : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'linalg.frobnicate' is unknown}}
  linalg.frobnicate
  return
}

// -----

// expected-error @+1 {{missing ']' closing scalable dimension}}
func.func @f(%v: vector<[4 x 2 x f32>)

// -----

func.func @f() {
  // expected-error @+1 {{unexpected decimal integer literal for a floating point value}}
  %a = arith.constant 42 : f64
  // expected-note @-1 {{add a trailing dot to make the literal a float}}
  return
}

// -----

func.func @f() {
  %a = arith.constant 1.5 : i32
  // expected-error @+1 {{floating point value not valid for specified type}}
  return
}

// -----

// expected-error @+1 {{multiple memory spaces specified in memref type}}
func.func @f(%a: memref<4xf32, 1, 2>)

// -----

// expected-error @+1 {{expected memory space to be last in memref type}}
func.func @f(%a: memref<4xf32, 1, affine_map<(d0) -> (d0)>>)

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'module' is unknown (tried 'func.module' as well)}}
  module {
  }
  return
}

// -----

func.func @f(%A: memref<4xf32>, %p: f32, %i: index) {
  // expected-error @+1 {{custom op 'vector.transfer_read' requires two types}}
  %v = vector.transfer_read %A[%i], %p : memref<4xf32> vector<4xf32>
  return
}

// -----

// expected-error @+1 {{expected '>' to close an array attribute}}
func.func @f() attributes {a = array<i32: 1 2>}

// -----

// expected-error @+1 {{expected ':' after dense array type}}
func.func @f() attributes {a = array<f32 1.0>}

// -----

// expected-error @+1 {{expected ',' or ']'}}
func.func @f() attributes {a = [1 2]}

// -----

func.func @f(%x: i32) -> i32 {
  // expected-note @+1 {{previously defined here}}
  %z:2 = "test.pair"(%x) : (i32) -> (i32, i32)
  // expected-error @+1 {{redefinition of SSA value '%z'}}
  %z = "test.one"(%x) : (i32) -> i32
  return %z : i32
}

// -----

func.func @f() {
  cf.br ^bb1
// expected-error @+1 {{expected ':' and type for SSA operand}}
^bb1(%y f32):
  return
}

// -----

func.func @f(%x: i32) {
  cf.br ^bb1(%x : i32)
// expected-error @+1 {{expected ':' after block name}}
^bb1(%y: i32),
  return
}

// -----

func.func @f(%A: memref<4x4xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{expected ']' in operand list}}
  %v = vector.transfer_read %A[%i %i], %p : memref<4x4xf32>, vector<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %c = arith.constant @g
  return
}

// -----

// expected-error @+1 {{expected operation name in quotes}}
func.func private @g(memref<*xi32>)
i32

// -----

func.func @f(%n: index) {
  %r = arith.index_castui %n : index
  // expected-error @+1 {{custom op 'arith.index_castui' expected 'to'}}
  %q = arith.addi %n, %n : index
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'affine.for' expected 'to' between bounds}}
  affine.for %i = 0 too 10 {
  }
  return
}

// -----

// expected-error @+1 {{expected 'offset' after comma}}
func.func @f(%a: memref<4xf32, strided<[1], x: 0>>)

// -----

// expected-error @+1 {{expected '<' after 'dense'}}
func.func @f() attributes {a = dense[1]}

// -----

"test.op"() ({
  "func.func"() <{function_type = () -> (), sym_name = "k"}> ({
    // An unregistered op may be a terminator.
    "f32"() : () -> ()
  }) : () -> ()
  "test.end"() : () -> ()
}) : () -> ()

// The affine ops' errors in mlir-opt 19's order and words, where MLIR's
// own invalid.mlir found tessera's differing: a store's or load's element
// type before its indexing, min/max operand counts left to the verifier,
// a step read as an attribute, a constraint's right side read as an
// expression, results of affine.parallel counted against its reductions,
// and an op's own error before its block's missing terminator.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics -o /dev/null

func.func @f(%m: memref<f32>) {
  %v = arith.constant 0 : i32
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %m) <{map = affine_map<(d0) -> (d0)>}> : (i32, memref<f32>) -> ()
  return
}

// -----

func.func @f(%a: index, %b: index) {
  // expected-error @+1 {{'affine.max' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.max affine_map<(d0) -> (d0)> (%a, %b)
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'affine.apply' op result #0 must be index, but got 'i64'}}
  %0 = "affine.apply"(%a) <{map = affine_map<(d0) -> (d0 + 1)>}> : (index) -> i64
  return
}

// -----

func.func @f(%s: index) {
  // expected-error @+1 {{expected attribute value}}
  affine.for %i = 0 to 8 step %s {
  }
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{expected affine expression}}
  affine.if affine_set<(d0) : (d0 * 2 == )>(%a) {
  }
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %r = affine.parallel (%i) = (0) to (4) -> (f32) {
    affine.yield %x : f32
  }
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) -> f32 {
  // expected-error @+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %v = "affine.load"(%m, %i, %i, %i) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<4x4xf32>, index, index, index) -> f32
}

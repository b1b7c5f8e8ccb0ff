// The vector dialect's verifier errors, in mlir-opt 19's words.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @f(%A: memref<4x8xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %v = vector.transfer_read %A[%i], %p : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%A: memref<4x8xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type}}
  %v = vector.transfer_read %A[%i, %i], %p {permutation_map = affine_map<(d0)->(d0)>} : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%A: memref<4x8xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %v = vector.transfer_read %A[%i, %i], %p {in_bounds = [true, false]} : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%A: memref<4x8xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %v = vector.transfer_read %A[%i, %i], %p {permutation_map = affine_map<(d0, d1)->(d0 + 1)>} : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%A: memref<4x8xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires broadcast dimensions to be in-bounds}}
  %v = vector.transfer_read %A[%i, %i], %p {permutation_map = affine_map<(d0, d1)->(0)>} : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%A: memref<4x8xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %A[%i, %i] {permutation_map = affine_map<(d0, d1)->(0)>} : vector<4xf32>, memref<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>) -> i32 {
  // expected-error @+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %r = vector.reduction <and>, %v : vector<4xf32> into i32
  return %r : i32
}

// -----

func.func @f(%v: vector<4xf32>) -> f32 {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'and'}}
  %r = vector.reduction <and>, %v : vector<4xf32> into f32
  return %r : f32
}

// -----

func.func @f(%v: vector<4xi32>) -> i32 {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''i32'' for kind 'maximumf'}}
  %r = vector.reduction <maximumf>, %v : vector<4xi32> into i32
  return %r : i32
}

// -----

func.func @f(%v: vector<4x2xi32>) -> i32 {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %r = vector.reduction <add>, %v : vector<4x2xi32> into i32
  return %r : i32
}

// -----

func.func @f(%v: vector<4xf32>) -> f32 {
  // expected-error @+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension}}
  %r = vector.extract %v[5] : f32 from vector<4xf32>
  return %r : f32
}

// -----

func.func @f(%v: vector<4xf32>) -> f32 {
  // expected-error @+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %r = vector.extract %v[0, 1] : f32 from vector<4xf32>
  return %r : f32
}

// -----

func.func @f(%v: vector<4xi32>, %x: i32) -> vector<4xi32> {
  // expected-error @+1 {{'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %r = vector.insert %x, %v[4] : i32 into vector<4xi32>
  return %r : vector<4xi32>
}

// -----

func.func @f(%x: f64) {
  // expected-error @+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %r = vector.broadcast %x : f64 to vector<4xf32>
  return
}

// -----

func.func @f(%x: vector<2xi32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (2 vs. 4)}}
  %r = vector.broadcast %x : vector<2xi32> to vector<4xi32>
  return
}

// -----

func.func @f(%A: memref<4x8xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op requires 2 indices}}
  %v = vector.load %A[%i] : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%A: memref<4x8xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op base and result element types should match}}
  %v = vector.load %A[%i, %i] : memref<4x8xf32>, vector<4xf64>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %v = vector.create_mask %i, %i : vector<4xi1>
  return
}

// -----

func.func @f(%c: vector<2xi1>, %a: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %r = arith.select %c, %a, %a : vector<2xi1>, vector<4xf32>
  return %r : vector<4xf32>
}

// -----

func.func @f(%c: i32, %a: f32) -> f32 {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %r = "arith.select"(%c, %a, %a) : (i32, f32, f32) -> f32
  return %r : f32
}


// -----

func.func @f() {
  // expected-error @+1 {{custom op 'vector.print' `str` clause can appear at most once in the expansion of the oilist directive}}
  vector.print str "a" str "b"
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print %a : f32 str "x"
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print str "x" punctuation <comma>
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{'vector.print' op operand #0 must be , but got 'memref<2xf32>'}}
  vector.print %m : memref<2xf32>
  return
}

// -----

func.func @f(%t: tensor<5xf32>, %v: vector<2xf32>, %c0: index) {
  // expected-error @+1 {{'vector.transfer_write' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  "vector.transfer_write"(%v, %t, %c0) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (vector<2xf32>, tensor<5xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<5xf32>, %v: vector<2xf32>, %c0: index) {
  // expected-error @+1 {{'vector.transfer_write' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %r = "vector.transfer_write"(%v, %m, %c0) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (vector<2xf32>, memref<5xf32>, index) -> tensor<5xf32>
  return
}

// -----

func.func @f(%t: tensor<5xf32>, %v: vector<2xf32>, %c0: index) {
  // expected-error @+1 {{'vector.transfer_write' op expected type of operand #1 ('tensor<5xf32>') to match type of corresponding result ('tensor<6xf32>')}}
  %r = "vector.transfer_write"(%v, %t, %c0) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (vector<2xf32>, tensor<5xf32>, index) -> tensor<6xf32>
  return
}

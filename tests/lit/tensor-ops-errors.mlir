// The tensor ops' verifier errors, in mlir-opt 19's words.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @a(%t: tensor<4x4xf32>, %i: index) -> f32 {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %v = tensor.extract %t[%i] : tensor<4x4xf32>
  return %v : f32
}

// -----

func.func @a(%t: tensor<4xf32>, %i: index, %x: f32) {
  // expected-error @+1 {{'tensor.insert' op incorrect number of indices}}
  %v = tensor.insert %x into %t[%i, %i] : tensor<4xf32>
  return
}

// -----

func.func @a(%n: index) {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %e = tensor.empty(%n) : tensor<4x4xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %c = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

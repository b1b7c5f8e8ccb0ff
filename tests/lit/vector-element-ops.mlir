// vector.extractelement and vector.insertelement: custom syntax (positions
// of any integer type, 0-D vectors without one), round trip, and the
// verifier's messages.
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @round_trip
// CHECK:         vector.extractelement %arg0[%arg1 : i32] : vector<4xf32>
// CHECK:         vector.insertelement %arg3, %arg0[%arg2 : index] : vector<4xf32>
// CHECK:         vector.extractelement %arg4[] : vector<f32>
// CHECK:         vector.insertelement %arg3, %arg4[] : vector<f32>
func.func @round_trip(%v: vector<4xf32>, %i: i32, %j: index, %x: f32, %z: vector<f32>) -> (f32, vector<4xf32>, f32, vector<f32>) {
  %a = vector.extractelement %v[%i : i32]: vector<4xf32>
  %b = vector.insertelement %x, %v[%j : index] : vector<4xf32>
  %c = vector.extractelement %z[] : vector<f32>
  %d = vector.insertelement %x, %z[] : vector<f32>
  return %a, %b, %c, %d : f32, vector<4xf32>, f32, vector<f32>
}

// -----

func.func @position_on_0d(%z: vector<f32>, %i: i32) -> f32 {
  // expected-error@+1 {{'vector.extractelement' op expected position to be empty with 0-D vector}}
  %c = vector.extractelement %z[%i : i32] : vector<f32>
  return %c : f32
}

// -----

func.func @no_position(%v: vector<4xf32>) -> f32 {
  // expected-error@+1 {{'vector.extractelement' op expected position for 1-D vector}}
  %c = vector.extractelement %v[] : vector<4xf32>
  return %c : f32
}

// -----

func.func @rank_two(%v: vector<2x4xf32>, %x: f32, %i: index) -> vector<2x4xf32> {
  // expected-error@+1 {{'vector.insertelement' op unexpected >1 vector rank}}
  %c = vector.insertelement %x, %v[%i : index] : vector<2x4xf32>
  return %c : vector<2x4xf32>
}

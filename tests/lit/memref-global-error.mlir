// Malformed globals and get_globals: mlir-opt 19's messages, where it
// places them.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @a : memref<?xf32>

// -----

// expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
memref.global @b : memref<2xf32> = dense<[1.0, 2.0, 3.0]>

// -----

// expected-error @+1 {{alignment attribute value 3 is not a power of 2}}
memref.global @c : memref<2xf32> {alignment = 3}

// -----

func.func @f() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<2xf32>
  return
}

// -----

memref.global @d : memref<2xf32>
func.func @f() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @d}}
  %0 = memref.get_global @d : memref<3xf32>
  return
}

// -----

// expected-error @+1 {{'memref.global' op initial value expected to be of type 'tensor<2xi32>', but was of type 'tensor<3xi32>'}}
"memref.global"() <{initial_value = dense<1> : tensor<3xi32>, sym_name = "g", type = memref<2xi32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 5 : i32}}
"memref.global"() <{initial_value = 5 : i32, sym_name = "h", type = memref<2xi32>}> : () -> ()

// -----

// expected-error @+1 {{integer literal not valid for specified type}}
memref.global @j : memref<2xi32> = 5

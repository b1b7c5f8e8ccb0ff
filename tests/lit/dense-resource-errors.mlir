// Malformed `dense_resource` attributes get mlir-opt 19's errors.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics -o /dev/null

func.func @f() {
  // expected-error @+1 {{expected ':'}}
  "test.x"() {v = dense_resource<blob1>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected identifier key for 'resource' entry}}
  "test.x"() {v = dense_resource<"q r"> : vector<2xf32>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{`dense_resource` expected a shaped type}}
  "test.x"() {v = dense_resource<b> : i32} : () -> ()
  return
}

// The ops MLIR 19 keeps attributes (not properties) for reject `<{...}>`
// in their generic form, in mlir-opt's words: passes that build an
// `affine.if` must give its condition as an attribute too
// (tests/reprint_after_passes.rs caught them printing it as a property).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics -o /dev/null

#set = affine_set<(d0) : (d0 >= 0)>
func.func @if_with_properties(%i: index) {
  // expected-error @+1 {{invalid properties {condition = affine_set<(d0) : (d0 >= 0)>} for op affine.if: this operation does not support properties}}
  "affine.if"(%i) <{condition = #set}> ({
    "affine.yield"() : () -> ()
  }, {
  }) : (index) -> ()
  return
}

// -----

#set = affine_set<(d0) : (d0 >= 0)>
func.func @if_with_an_attribute(%i: index) {
  "affine.if"(%i) ({
    "affine.yield"() : () -> ()
  }, {
  }) {condition = #set} : (index) -> ()
  return
}

// Two ops of a module that define one symbol: mlir-opt 19's error at the
// second, a note at the first (found while adding memref.global: tessera
// accepted it).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics

// expected-note @+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
memref.global @k : memref<2xi32>
// expected-error @+1 {{redefinition of symbol named 'k'}}
func.func @k() {
  return
}

// Signed and unsigned integer types and complex types, as MLIR's builtin
// types: in signatures, attributes, memref, vector and tensor elements,
// printed back as mlir-opt 19 prints them (custom and generic form). No
// arith op takes them; the interpreter and the C back end refuse them
// with a located error.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: func.func @signatures(%arg0: si8, %arg1: ui16, %arg2: complex<f32>) -> (si8, ui16) attributes {big = 255 : ui8, small = -3 : si4}
// GENERIC: function_type = (si8, ui16, complex<f32>) -> (si8, ui16)
func.func @signatures(%a: si8, %b: ui16, %c: complex<f32>) -> (si8, ui16) attributes {big = 255 : ui8, small = -3 : si4} {
  return %a, %b : si8, ui16
}

// CHECK: func.func @elements(%arg0: memref<4xui8>, %arg1: vector<2xsi32>, %arg2: tensor<2xcomplex<f64>>, %arg3: memref<3xcomplex<f32>>)
// CHECK: memref.load %arg0[%c0] : memref<4xui8>
// GENERIC: "memref.load"(%arg0, %0) : (memref<4xui8>, index) -> ui8
func.func @elements(%m: memref<4xui8>, %v: vector<2xsi32>, %t: tensor<2xcomplex<f64>>, %z: memref<3xcomplex<f32>>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<4xui8>
  vector.print %x : ui8
  return
}

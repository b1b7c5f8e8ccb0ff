// affine.prefetch and memref.prefetch: custom and generic forms, the
// lowering of the affine form, and the verifier's messages. Both
// executors treat a prefetch as the hint it is (no effect).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tessera-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessera-opt %s -split-input-file -verify-diagnostics --lower-affine | FileCheck %s --check-prefix=LOWER

// CHECK-LABEL: func.func @prefetch
// CHECK: affine.prefetch %{{.*}}[%[[I:.*]], %[[I]] + 5], read, locality<3>, data : memref<400x400xi32>
// CHECK: affine.prefetch %{{.*}}[%[[I]], symbol(%{{.*}})], write, locality<0>, instr {foo = 1 : i64} : memref<400x400xi32>
// CHECK: memref.prefetch %{{.*}}[%[[I]], %[[I]]], read, locality<1>, data : memref<400x400xi32>
// GENERIC: "affine.prefetch"(%{{.*}}, %{{.*}}) <{isDataCache = true, isWrite = false, localityHint = 3 : i32, map = #map}> : (memref<400x400xi32>, index) -> ()
// GENERIC: "affine.prefetch"(%{{.*}}, %{{.*}}, %{{.*}}) <{isDataCache = false, isWrite = true, localityHint = 0 : i32, map = #map1}> {foo = 1 : i64} : (memref<400x400xi32>, index, index) -> ()
// GENERIC: "memref.prefetch"(%{{.*}}, %{{.*}}, %{{.*}}) <{isDataCache = true, isWrite = false, localityHint = 1 : i32}> : (memref<400x400xi32>, index, index) -> ()
// LOWER: %[[J:.*]] = arith.addi %[[I:.*]], %{{.*}} : index
// LOWER: memref.prefetch %{{.*}}[%[[I]], %[[J]]], read, locality<3>, data : memref<400x400xi32>
// LOWER: memref.prefetch %{{.*}}[%[[I]], %{{.*}}], write, locality<0>, instr : memref<400x400xi32>
func.func @prefetch(%A: memref<400x400xi32>, %n: index) {
  affine.for %i = 0 to 10 {
    affine.prefetch %A[%i, %i + 5], read, locality<3>, data : memref<400x400xi32>
    affine.prefetch %A[%i, symbol(%n)], write, locality<0>, instr {foo = 1} : memref<400x400xi32>
    memref.prefetch %A[%i, %i], read, locality<1>, data : memref<400x400xi32>
  }
  return
}

// -----

func.func @rank(%A: memref<400x400xi32>, %n: index) {
  // expected-error @+1 {{'affine.prefetch' op affine.prefetch affine map num results must equal memref rank}}
  affine.prefetch %A[%n], read, locality<3>, data : memref<400x400xi32>
  return
}

// -----

func.func @rw(%A: memref<400x400xi32>, %n: index) {
  // expected-error @+1 {{custom op 'affine.prefetch' rw specifier has to be 'read' or 'write'}}
  affine.prefetch %A[%n, %n], reed, locality<3>, data : memref<400x400xi32>
  return
}

// -----

func.func @locality(%A: memref<400x400xi32>, %n: index) {
  // expected-error @+1 {{'affine.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  affine.prefetch %A[%n, %n], read, locality<4>, data : memref<400x400xi32>
  return
}

// -----

func.func @cache(%A: memref<400x400xi32>, %n: index) {
  // expected-error @+1 {{custom op 'memref.prefetch' cache type has to be 'data' or 'instr'}}
  memref.prefetch %A[%n, %n], read, locality<3>, dat : memref<400x400xi32>
  return
}

// -----

func.func @indices(%A: memref<400x400xi32>, %n: index) {
  // expected-error @+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %A[%n], read, locality<3>, data : memref<400x400xi32>
  return
}

// -----

func.func @no_map(%A: memref<400x400xi32>, %n: index) {
  // expected-error @+1 {{'affine.prefetch' op requires attribute 'map'}}
  "affine.prefetch"(%A, %n) <{isDataCache = true, isWrite = false, localityHint = 3 : i32}> : (memref<400x400xi32>, index) -> ()
  return
}

// -----

func.func @no_is_write(%A: memref<400x400xi32>, %n: index) {
  // expected-error @+1 {{'memref.prefetch' op requires attribute 'isWrite'}}
  "memref.prefetch"(%A, %n, %n) <{isDataCache = true, localityHint = 3 : i32}> : (memref<400x400xi32>, index, index) -> ()
  return
}

// -----

func.func @not_a_bool(%A: memref<400x400xi32>, %n: index) {
  // expected-error @+1 {{invalid properties {isDataCache = true, isWrite = 1 : i64, localityHint = 3 : i32} for op memref.prefetch: Invalid attribute `isWrite` in property conversion: 1 : i64}}
  "memref.prefetch"(%A, %n, %n) <{isDataCache = true, isWrite = 1, localityHint = 3 : i32}> : (memref<400x400xi32>, index, index) -> ()
  return
}

// -----

func.func @index_type(%A: memref<400x400xi32>, %n: index, %f: f32) {
  // expected-error @+1 {{'memref.prefetch' op operand #1 must be variadic of index, but got 'f32'}}
  "memref.prefetch"(%A, %f, %n) <{isDataCache = true, isWrite = false, localityHint = 3 : i32}> : (memref<400x400xi32>, f32, index) -> ()
  return
}

// -----

func.func @not_a_dim(%A: memref<400x400xi32>, %n: index) {
  affine.for %i = 0 to 3 {
    %x = arith.addi %i, %i : index
    // expected-error @+1 {{'affine.prefetch' op index must be a valid dimension or symbol identifier}}
    affine.prefetch %A[%x, %n], write, locality<1>, instr : memref<400x400xi32>
  }
  return
}

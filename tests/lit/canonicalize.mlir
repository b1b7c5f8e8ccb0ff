// --canonicalize: constants folded and uniqued at the top of the function,
// affine.apply chains composed into the accesses, floordiv/mod simplified
// from loop bounds and steps, min/max results ordered, dead allocations
// and constant conditions gone, single-iteration scf loops inlined.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @fold_and_hoist
// CHECK-NEXT:    %[[C37:.+]] = arith.constant 37 : index
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT:      %[[S:.+]] = arith.addi %arg1, %[[C37]] : index
// CHECK-NEXT:      affine.store %[[S]], %arg0[%[[I]]] : memref<10xindex>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @fold_and_hoist(%m: memref<10xindex>, %n: index) {
  %c1 = arith.constant 1 : index
  %u = arith.addi %n, %c1 : index
  affine.for %i = 0 to 10 {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %a = arith.addi %c2, %c3 : index
    %c7 = arith.constant 7 : index
    %b = arith.muli %a, %c7 : index
    %x = arith.addi %c1, %u : index
    %y = arith.addi %x, %b : index
    affine.store %y, %m[%i] : memref<10xindex>
  }
  return
}

// -----

// CHECK-LABEL: func.func @compose_and_simplify
// CHECK:         affine.for %[[I:.+]] = 0 to 12 step 3 {
// CHECK-NEXT:      affine.store %{{.+}}, %arg0[%[[I]] floordiv 3, 1] : memref<4x3xi64>
// CHECK-NEXT:      affine.store %{{.+}}, %arg0[symbol(%arg1) * 3 + 1, 0] : memref<4x3xi64>
func.func @compose_and_simplify(%m: memref<4x3xi64>, %n: index) {
  %c0 = arith.constant 0 : i64
  affine.for %i = 0 to 12 step 3 {
    %j = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    affine.store %c0, %m[%j floordiv 3, %j mod 3] : memref<4x3xi64>
    %z = affine.apply affine_map<(d0) -> (d0 * 3)>(%n)
    %w = affine.apply affine_map<(d0) -> (d0 + 1)>(%z)
    affine.store %c0, %m[%w, 0] : memref<4x3xi64>
  }
  return
}

// -----

// CHECK-DAG:   #[[$MAX:.+]] = affine_map<(d0) -> (0, d0 - 3)>
// CHECK-LABEL: func.func @min_max_and_dead_code
// CHECK-NOT:     memref.alloc
// CHECK:         %[[LO:.+]] = affine.max #[[$MAX]](%[[I:.+]])
// CHECK-NOT:     affine.if
// CHECK:         affine.store %[[LO]], %arg0[%[[I]]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @min_max_and_dead_code(%m: memref<16xindex>) {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %c5 = arith.constant 5 : index
  affine.for %i = 0 to 16 {
    %lo = affine.max affine_map<(d0) -> (d0 - 3, 0)>(%i)
    affine.if affine_set<()[s0] : (s0 - 5 == 0)>()[%c5] {
      affine.store %lo, %m[%i] : memref<16xindex>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @trivial_scf
// CHECK-NOT:     scf.for
// CHECK-NOT:     scf.if
// CHECK:         %[[E:.+]] = arith.extui %{{.+}} : i1 to i32
// CHECK-NEXT:    memref.store %[[E]], %arg0[%c2] : memref<4xi32>
func.func @trivial_scf(%m: memref<4xi32>, %p: i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t = arith.constant true
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  scf.for %i = %c2 to %c3 step %c1 {
    scf.if %t {
      %b = arith.cmpi slt, %p, %zero : i32
      %e = arith.select %b, %one, %zero : i32
      memref.store %e, %m[%i] : memref<4xi32>
    }
  }
  return
}

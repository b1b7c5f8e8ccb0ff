// --lower-affine: mlir-opt 19's lowering, including the folds its dialect
// conversion applies first (constant operands into maps, redundant bounds
// dropped, affine.apply of constants folded).
// MLIR-OPT-TOO

// RUN: tessera-opt %s --lower-affine -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @bounds
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[MAX:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK:         %[[C13:.*]] = arith.constant 13 : index
// CHECK:         %[[MIN:.*]] = arith.minsi %[[C13]], %{{.*}} : index
// CHECK-NOT:     arith.constant 50
// CHECK:         %[[STEP:.*]] = arith.constant 2 : index
// CHECK:         scf.for %{{.*}} = %[[MAX]] to %[[MIN]] step %[[STEP]] {
func.func @bounds(%A: memref<100xf32>, %n: index) {
  %c3 = arith.constant 3 : index
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 floordiv 2)>(%c3)[%n] to min affine_map<(d0)[s0] -> (d0 + 10, s0 ceildiv 3, 50)>(%c3)[%n] step 2 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i + 1] : memref<100xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @expansions
// CHECK:         %[[REM:.*]] = arith.remsi %{{.*}}, %[[C7:.*]] : index
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[REM]], %{{.*}} : index
// CHECK:         %[[FIX:.*]] = arith.addi %[[REM]], %[[C7]] : index
// CHECK:         arith.select %[[NEG]], %[[FIX]], %[[REM]] : index
// CHECK:         arith.divsi
// CHECK:         arith.cmpi sle
// CHECK:         arith.divsi
// CHECK:         %[[C5:.*]] = arith.constant 5 : index
// CHECK:         memref.load %{{.*}}[%[[C5]]] : memref<100xf32>
func.func @expansions(%A: memref<100xf32>, %i: index) -> index {
  %m = affine.apply affine_map<(d0) -> (d0 mod 7)>(%i)
  %f = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%m)
  %c = affine.apply affine_map<(d0) -> (d0 ceildiv 3)>(%f)
  %c2 = arith.constant 2 : index
  %five = affine.apply affine_map<(d0) -> (d0 + 3)>(%c2)
  %v = affine.load %A[%five] : memref<100xf32>
  return %c : index
}

// -----

// CHECK-LABEL: func.func @conditions
// CHECK:         %[[Z:.*]] = arith.constant 0 : index
// CHECK:         %[[A:.*]] = arith.cmpi sge, %{{.*}}, %[[Z]] : index
// CHECK:         %[[B:.*]] = arith.cmpi eq, %{{.*}}, %[[Z]] : index
// CHECK:         %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK:         %{{.*}} = scf.if %[[AND]] -> (f32) {
// CHECK:           scf.yield %{{.*}} : f32
// CHECK:         } else {
// CHECK:           scf.yield %{{.*}} : f32
// CHECK:         }
func.func @conditions(%x: f32, %y: f32, %i: index, %n: index) -> f32 {
  %r = affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0, d0 mod 2 == 0)>(%i)[%n] -> f32 {
    affine.yield %x : f32
  } else {
    affine.yield %y : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @parallel
// CHECK:         %[[INIT:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %{{.*}} = scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) init (%[[INIT]]) -> f32 {
// CHECK:           scf.reduce(%{{.*}} : f32) {
// CHECK:           ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
// CHECK:             %[[S:.*]] = arith.addf %[[L]], %[[R]] : f32
// CHECK:             scf.reduce.return %[[S]] : f32
// CHECK:           }
// CHECK:         scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK:           memref.store
// CHECK:           scf.reduce
func.func @parallel(%A: memref<100xf32>, %n: index) -> f32 {
  %r = affine.parallel (%i, %j) = (0, max(0, %n)) to (10, min(20, %n)) step (1, 3) reduce ("addf") -> f32 {
    %v = affine.load %A[%i + %j] : memref<100xf32>
    affine.yield %v : f32
  }
  affine.parallel (%i) = (0) to (10) {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i + 1] : memref<100xf32>
  }
  return %r : f32
}

// -----

// A loop that never runs and carries a value folds to its initial value.
// CHECK-LABEL: func.func @zero_trip
// CHECK-NOT:     scf.for
// CHECK:         return %arg0 : f32
func.func @zero_trip(%x: f32) -> f32 {
  %r = affine.for %i = 10 to 3 iter_args(%a = %x) -> f32 {
    %s = arith.addf %a, %a : f32
    affine.yield %s : f32
  }
  return %r : f32
}

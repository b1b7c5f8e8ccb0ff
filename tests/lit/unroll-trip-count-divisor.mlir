// --affine-loop-unroll and --affine-loop-unroll-jam need no cleanup loop
// when the factor divides the trip count's largest known divisor, as in
// MLIR 19 (a min of multiples of 4 included: a negative count runs
// neither loop).
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -affine-loop-unroll="unroll-factor=4" | FileCheck %s
// RUN: tessera-opt %s -split-input-file -affine-loop-unroll-jam="unroll-jam-factor=4" | FileCheck %s --check-prefix=JAM

// CHECK-LABEL: func.func @multiple_of_eight
// CHECK:         affine.for %{{.*}} = 0 to #{{.*}}()[%arg1] step 4 {
// CHECK-COUNT-4:   affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @multiple_of_eight(%a: memref<?xf32>, %n: index) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to affine_map<()[s0] -> (s0 * 8)>()[%n] {
    affine.store %c, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @min_of_multiples
// CHECK:         affine.for %{{.*}} = 0 to min #{{.*}}()[%arg1] step 4 {
// CHECK-COUNT-4:   affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @min_of_multiples(%a: memref<?xf32>, %n: index) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to min affine_map<()[s0] -> (s0 * 8, s0 * 12)>()[%n] {
    affine.store %c, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// JAM-LABEL: func.func @jam_multiple
// JAM:         affine.for %{{.*}} = 0 to #{{.*}}()[%arg1] step 4 {
// JAM-NEXT:      affine.for
// JAM-COUNT-4:     affine.store
// JAM-NEXT:      }
// JAM-NEXT:    }
// JAM-NEXT:    return
// (mlir-opt 19 unroll-jams only a loop that starts its function.)
func.func @jam_multiple(%a: memref<?x8xf32>, %n: index, %c: f32) {
  affine.for %i = 0 to affine_map<()[s0] -> (s0 * 4)>()[%n] {
    affine.for %j = 0 to 8 {
      affine.store %c, %a[%i, %j] : memref<?x8xf32>
    }
  }
  return
}

// -----

// The bounds are composed with the affine.apply ops producing their
// operands, as MLIR's trip count map is: %k is 4 * %m.
// CHECK-LABEL: func.func @composed_bound
// CHECK:         affine.for %{{.*}} = 0 to min #{{.*}}(%{{.*}}) step 4 {
// CHECK-COUNT-4:   affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @composed_bound(%a: memref<?xf32>, %m: index) {
  %c = arith.constant 1.0 : f32
  %t = affine.apply affine_map<(d0) -> (d0 * 4 + 1)>(%m)
  %k = affine.apply affine_map<(d0) -> (d0 - 1)>(%t)
  affine.for %i = 0 to min affine_map<(d0) -> (d0, 1024)>(%k) {
    affine.store %c, %a[%i] : memref<?xf32>
  }
  return
}

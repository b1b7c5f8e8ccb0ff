// A dependence system with nested divisions from generated bounds (the
// soak's seed 0x26112701, input 4431, after --tessera-schedule): the
// Omega test's systems grow to hundreds of rows. Its row-work budget ends
// each search within a second; an undecided pair counts as a dependence.
// Before the budget, --affine-parallelize ran for minutes.

// RUN: tessera-opt %s --affine-parallelize | FileCheck %s

// CHECK-LABEL: func.func @g
// CHECK:         affine.for
// CHECK-NEXT:      affine.parallel
// CHECK:         affine.for
// CHECK-NEXT:      affine.for

#map = affine_map<()[s0] -> (s0 + 3, s0 * 4 + 3)>
#map1 = affine_map<()[s0] -> (36)>
#map2 = affine_map<(d0)[s0] -> ((-d0 + s0) mod 2 - (((-d0 + s0) mod 2 - 1) floordiv 2) * 2, -d0 + s0 - ((-d0 + s0 - (d0 + 1) ceildiv 4) floordiv 2) * 2)>
#map3 = affine_map<(d0)[s0] -> (10, (d0 - s0) floordiv 3 + 1)>
#map4 = affine_map<(d0, d1)[s0] -> (d0 - d1 * 3)>
#map5 = affine_map<(d0, d1)[s0] -> ((-(-d0 + s0)) mod 7)>
#map6 = affine_map<()[s0] -> (1, s0 + 1)>
#map7 = affine_map<()[s0] -> (10)>
#map8 = affine_map<(d0)[s0] -> (d0)>
module {
  func.func @g(%arg0: memref<8x?xf32>, %arg1: memref<16xi64>, %arg2: index) {
    %c0 = arith.constant 0 : index
    affine.for %arg3 = max #map()[%arg2] to #map1()[%arg2] {
      affine.for %arg4 = max #map2(%arg3)[%arg2] to min #map3(%arg3)[%arg2] step 2 {
        %0 = affine.apply #map4(%arg3, %arg4)[%arg2]
        %1 = affine.load %arg0[7, (-%arg4) floordiv 6] : memref<8x?xf32>
        %2 = affine.apply #map5(%arg4, %0)[%arg2]
        affine.store %1, %arg0[%2, (-%0) ceildiv 4] : memref<8x?xf32>
      }
    }
    affine.for %arg3 = max #map6()[%arg2] to #map7()[%arg2] {
      affine.for %arg4 = %arg2 to #map8(%arg3)[%arg2] step 2 {
        %0 = affine.load %arg1[-%arg4] : memref<16xi64>
        affine.store %0, %arg1[%arg4] : memref<16xi64>
      }
    }
    return
  }
}


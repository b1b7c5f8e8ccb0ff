// MLIR-OPT-TOO
// -affine-parallelize: memory allocated in an iteration is that
// iteration's own, through a view of it too, so the loop around it is
// parallel; creating a view touches no memory.
//
// RUN: tessera-opt %s -affine-parallelize=max-nested=1 | FileCheck %s

// CHECK-LABEL: func.func @local_alloc_view
// CHECK:         affine.parallel (%{{.*}}) = (0) to (100) {
// CHECK:           memref.reinterpret_cast
// CHECK-NEXT:      affine.for
func.func @local_alloc_view() {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 100 {
    %a = memref.alloc() : memref<128xf32>
    affine.for %j = 0 to 128 {
      affine.store %cst, %a[0] : memref<128xf32>
    }
    %r = memref.reinterpret_cast %a to offset: [0], sizes: [8, 16], strides: [16, 1] : memref<128xf32> to memref<8x16xf32>
    affine.for %j = 0 to 8 {
      affine.store %cst, %r[%j, 0] : memref<8x16xf32>
    }
  }
  return
}

// A view of memory from outside the loop is no iteration's own.
// CHECK-LABEL: func.func @outer_view
// CHECK:         affine.for
// CHECK-NOT:     affine.parallel
func.func @outer_view(%m: memref<128xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [8, 16], strides: [16, 1] : memref<128xf32> to memref<8x16xf32>
  affine.for %i = 0 to 8 {
    affine.store %cst, %r[%i, 0] : memref<8x16xf32>
    affine.store %cst, %m[0] : memref<128xf32>
  }
  return
}

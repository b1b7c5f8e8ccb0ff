// The loop of affine-loop-unroll-composed-bounds.mlir, unrolled by 3
// and fully, computes what it computed.

// RUN: tessera-opt %s -run=main | FileCheck %s
// RUN: tessera-opt %s -affine-loop-unroll=unroll-factor=3 -run=main | FileCheck %s
// RUN: tessera-opt %s -affine-loop-unroll=unroll-full -run=main | FileCheck %s

func.func @shift(%A: memref<13xf32>) {
  affine.for %i = 0 to 3 {
    %lb = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %ub = affine.apply affine_map<(d0) -> (d0 * 4 + 4)>(%i)
    affine.for %j = affine_map<(d0) -> (d0)>(%lb) to affine_map<(d0) -> (d0)>(%ub) {
      %v = affine.load %A[%j] : memref<13xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%j + 1] : memref<13xf32>
    }
  }
  return
}

// CHECK: ( 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096 )
func.func @main() {
  %A = memref.alloc() : memref<13xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 13 {
    affine.store %one, %A[%i] : memref<13xf32>
  }
  call @shift(%A) : (memref<13xf32>) -> ()
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %A[%c0], %one : memref<13xf32>, vector<13xf32>
  vector.print %v : vector<13xf32>
  return
}

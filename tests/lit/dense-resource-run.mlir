// The executors refuse elements kept in a resource blob, which tessera
// does not read (mlir-opt keeps them in the module's resource section):
// a located error, never a run on made-up values.

// RUN: not tessera-opt %s -split-input-file --run=main 2>&1 | FileCheck %s
// RUN: not tessera-opt %s -split-input-file --emit=c 2>&1 | FileCheck %s --check-prefix=C

// CHECK: offset :11:8: error: cannot run `dense_resource<__elided__>`: tessera reads no resource blobs
// C: error: cannot translate 'arith.constant' to C: unsupported constant dense_resource<__elided__> : vector<4xf32>
func.func @main() {
  %0 = arith.constant dense_resource<__elided__> : vector<4xf32>
  vector.print %0 : vector<4xf32>
  return
}

// -----

// CHECK: error: a global initialized from `dense_resource<blob1>`: tessera reads no resource blobs
// C: error: cannot translate 'memref.get_global' to C: the global '@g' cannot be translated
memref.global "private" constant @g : memref<4xf32> = dense_resource<blob1>
func.func @main() {
  %0 = memref.get_global @g : memref<4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %0[%c0] : memref<4xf32>
  vector.print %v : f32
  return
}

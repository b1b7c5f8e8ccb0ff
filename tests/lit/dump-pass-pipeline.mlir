// --dump-pass-pipeline writes the pipeline as mlir-opt 19 does: every
// option of every pass with its value (defaults included, booleans and
// numbers normalized, empty lists left out), each function pass nested in
// its own func.func(...).
// MLIR-OPT-TOO

// RUN: tessera-opt %s --affine-loop-tile="tile-sizes=4,8 separate" -cse -affine-loop-unroll=unroll-full=1 \
// RUN:   -affine-scalrep --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: tessera-opt %s -canonicalize=max-iterations=3 -affine-super-vectorize=virtual-vector-size=4 \
// RUN:   -affine-loop-fusion="fusion-compute-tolerance=0.25 mode=sibling" -test-loop-permutation \
// RUN:   -affine-parallelize -lower-affine --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MORE
// RUN: tessera-opt %s --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY

// CHECK: Pass Manager with 4 passes:
// CHECK-NEXT: {{^}}builtin.module(func.func(affine-loop-tile{cache-size=512 separate=true tile-size=0 tile-sizes=4,8}),cse,func.func(affine-loop-unroll{cleanup-unroll=false unroll-factor=4 unroll-full=true unroll-full-threshold=1 unroll-num-reps=1 unroll-up-to-factor=false}),func.func(affine-scalrep)){{$}}
// CHECK-EMPTY:

// MORE: Pass Manager with 6 passes:
// MORE-NEXT: {{^}}builtin.module(canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},func.func(affine-super-vectorize{ vectorize-reductions=false virtual-vector-size=4}),affine-loop-fusion{fusion-compute-tolerance=2.500000e-01 fusion-fast-mem-space=0 fusion-local-buf-threshold=0 fusion-maximal=false mode=sibling},test-loop-permutation{},func.func(affine-parallelize{max-nested=4294967295 parallel-reductions=false}),lower-affine){{$}}

// EMPTY: Pass Manager with 0 passes:
// EMPTY-NEXT: {{^}}builtin.module(){{$}}

func.func @f(%A: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %A[%i] : memref<64xf32>
  }
  return
}

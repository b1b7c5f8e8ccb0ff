// --canonicalize: affine.min/max chains merged (MergeAffineMinMaxOp),
// scf.for's loop-carried values folded (ForOpIterArgsFolder), and the
// vector folders for broadcasts of constants and transfers of a
// memref.cast.
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s

// CHECK-DAG: #[[$MIN:.*]] = affine_map<()[s0, s1, s2] -> (s2 * 2, s1 + 4, s0)>
// CHECK-DAG: #[[$MAX:.*]] = affine_map<()[s0, s1, s2] -> (0, 7, s2 + 1, s1 - 3, s0)>

// A min whose operand is a min (alone as a result) takes its results;
// the operands are renumbered and the producer erased once dead.
// CHECK-LABEL: func.func @merge_min
// CHECK-NEXT:    %[[M:.*]] = affine.min #[[$MIN]]()[%arg2, %arg0, %arg1]
// CHECK-NEXT:    return %[[M]] : index
func.func @merge_min(%i: index, %j: index, %n: index) -> index {
  %a = affine.min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%n]
  %b = affine.min affine_map<(d0, d1) -> (d0, d1 * 2)>(%a, %j)
  return %b : index
}

// Two producers, merged in the order of the consumer's results.
// CHECK-LABEL: func.func @merge_max_twice
// CHECK-NEXT:    %[[M:.*]] = affine.max #[[$MAX]]()[%arg0, %arg1, %arg2]
// CHECK-NEXT:    return %[[M]] : index
func.func @merge_max_twice(%i: index, %j: index, %k: index) -> index {
  %a = affine.max affine_map<(d0) -> (d0, 0)>(%i)
  %b = affine.max affine_map<(d0) -> (d0 - 3, 7)>(%j)
  %c = affine.max affine_map<(d0, d1, d2) -> (d0, d1, d2 + 1)>(%a, %b, %k)
  return %c : index
}

// Not merged: the producer's result is inside an expression.
// CHECK-LABEL: func.func @no_merge_in_expression
// CHECK-NEXT:    affine.max
// CHECK-NEXT:    affine.max
func.func @no_merge_in_expression(%i: index, %j: index) -> index {
  %a = affine.max affine_map<(d0) -> (d0, 0)>(%i)
  %b = affine.max affine_map<(d0, d1) -> (d0 + 1, d1)>(%a, %j)
  return %b : index
}

// Not merged: a min does not merge into a max.
// CHECK-LABEL: func.func @no_merge_min_into_max
// CHECK-NEXT:    affine.min
// CHECK-NEXT:    affine.max
func.func @no_merge_min_into_max(%i: index, %j: index) -> index {
  %a = affine.min affine_map<(d0) -> (d0, 10)>(%i)
  %b = affine.max affine_map<(d0, d1) -> (d0, d1)>(%a, %j)
  return %b : index
}

// scf.for's iter_args folder (MLIR 19): an argument yielded unchanged, one
// unused whose initial value is yielded, one unused whose result is
// unused; the loop keeps the others.
// CHECK-LABEL: func.func @scf_iter_args
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %arg2 step %{{.*}} iter_args(%[[S:.*]] = %arg0) -> (f32) {
// CHECK-NEXT:      %[[W:.*]] = arith.addf %[[S]], %[[S]] : f32
// CHECK-NEXT:      scf.yield %[[W]] : f32
// CHECK:         return %[[R]], %arg0, %arg1 : f32, f32, f32
func.func @scf_iter_args(%x: f32, %y: f32, %n: index) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %x, %t = %x, %u = %y, %v = %y) -> (f32, f32, f32, f32) {
    %w = arith.addf %s, %s : f32
    scf.yield %w, %t, %y, %w : f32, f32, f32, f32
  }
  return %r#0, %r#1, %r#2 : f32, f32, f32
}

// A broadcast or splat of a constant is a splat constant.
// CHECK-LABEL: func.func @broadcast_of_constant
// CHECK-NEXT:    %[[A:.*]] = arith.constant dense<2.500000e+00> : vector<4xf32>
// CHECK-NEXT:    %[[B:.*]] = arith.constant dense<7> : vector<2x3xi32>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[A]]
func.func @broadcast_of_constant() -> (vector<4xf32>, vector<2x3xi32>, vector<4xf32>) {
  %c = arith.constant 2.5 : f32
  %k = arith.constant 7 : i32
  %a = vector.broadcast %c : f32 to vector<4xf32>
  %b = vector.broadcast %k : i32 to vector<2x3xi32>
  %s = vector.splat %c : vector<4xf32>
  return %a, %b, %s : vector<4xf32>, vector<2x3xi32>, vector<4xf32>
}

// Transfers read and write through a memref.cast's source.
// CHECK-LABEL: func.func @transfer_of_cast
// CHECK:         vector.transfer_read %arg0[%arg1, %arg1], %{{.*}} : memref<8x8xf32>, vector<4xf32>
// CHECK:         vector.transfer_write %{{.*}}, %arg0[%arg1, %arg1] : vector<4xf32>, memref<8x8xf32>
func.func @transfer_of_cast(%A: memref<8x8xf32>, %i: index) -> vector<4xf32> {
  %p = arith.constant 0.0 : f32
  %c = memref.cast %A : memref<8x8xf32> to memref<?x?xf32>
  %v = vector.transfer_read %c[%i, %i], %p : memref<?x?xf32>, vector<4xf32>
  vector.transfer_write %v, %c[%i, %i] : vector<4xf32>, memref<?x?xf32>
  return %v : vector<4xf32>
}

// The tensor ops of seed 004 in today's spelling: custom and generic
// forms as mlir-opt 19 prints them. (ir/tests/tensor runs them.)
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessera-opt %s -mlir-print-op-generic | tessera-opt | FileCheck %s

// CHECK-LABEL: func.func @t
// CHECK: %0 = tensor.empty() : tensor<4x4xf32>
// CHECK: %1 = tensor.empty(%arg2) : tensor<4x?xf32>
// CHECK: %2 = bufferization.to_tensor %arg0 : memref<4xf32>
// CHECK: %3 = bufferization.to_tensor %arg0 restrict writable : memref<4xf32>
// CHECK: %extracted = tensor.extract %2[%arg1] : tensor<4xf32>
// CHECK: %inserted = tensor.insert %arg3 into %2[%arg1] : tensor<4xf32>
// CHECK: %cast = tensor.cast %inserted : tensor<4xf32> to tensor<?xf32>
// CHECK: %dim = tensor.dim %cast, %arg1 : tensor<?xf32>
// CHECK: %4 = bufferization.to_memref %inserted : memref<4xf32>
// CHECK: %generated = tensor.generate %arg2 {
// CHECK-NEXT: ^bb0(%arg4: index):
// CHECK-NEXT: tensor.yield %arg3 : f32
// CHECK-NEXT: } : tensor<?xf32>
// GENERIC: "bufferization.to_tensor"(%arg0) <{restrict, writable}> : (memref<4xf32>) -> tensor<4xf32>
// GENERIC: "tensor.insert"(%arg3, %2, %arg1) : (f32, tensor<4xf32>, index) -> tensor<4xf32>
func.func @t(%m: memref<4xf32>, %i: index, %n: index, %x: f32) -> f32 {
  %e0 = tensor.empty() : tensor<4x4xf32>
  %e1 = tensor.empty(%n) : tensor<4x?xf32>
  %t = bufferization.to_tensor %m : memref<4xf32>
  %t2 = bufferization.to_tensor %m restrict writable : memref<4xf32>
  %v = tensor.extract %t[%i] : tensor<4xf32>
  %t3 = tensor.insert %x into %t[%i] : tensor<4xf32>
  %c = tensor.cast %t3 : tensor<4xf32> to tensor<?xf32>
  %d = tensor.dim %c, %i : tensor<?xf32>
  %m2 = bufferization.to_memref %t3 : memref<4xf32>
  %k = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %g = tensor.generate %n {
  ^bb0(%a: index):
    tensor.yield %x : f32
  } : tensor<?xf32>
  return %v : f32
}

// --affine-super-vectorize where mlir-opt 19 computes something else than
// the program (tests/super_vectorize.rs runs mlir-opt's output under
// mlir-cpu-runner to show it): tessera splits off a scalar remainder
// loop, or leaves the loop alone.
//
// RUN: tessera-opt %s -split-input-file -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -split-input-file -affine-super-vectorize="virtual-vector-size=8 vectorize-reductions" -run=main | FileCheck %s --check-prefix=OUT
// RUN: tessera-opt %s -split-input-file -affine-super-vectorize="virtual-vector-size=8 vectorize-reductions" | FileCheck %s

// A trip count of 100 is not a multiple of 8. mlir-opt steps by 8 to 100,
// and its last transfer_write covers 96..103: it writes B[100..103], which
// the program never writes (llvm-project issue 218120). tessera
// vectorizes 0..96 and leaves 96..100 to a scalar loop.
// CHECK-LABEL: func.func @copy100
// CHECK:         affine.for %{{.*}} = 0 to 96 step 8 {
// CHECK:           vector.transfer_write
// CHECK:         affine.for %{{.*}} = 96 to 100 {
// CHECK-NEXT:      affine.load
// OUT: ( 1, 1, 1, 1, 0, 0, 0, 0 )
func.func @copy100(%A: memref<128xf32>, %B: memref<128xf32>) {
  affine.for %i = 0 to 100 {
    %a = affine.load %A[%i] : memref<128xf32>
    affine.store %a, %B[%i] : memref<128xf32>
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<128xf32>
  %B = memref.alloc() : memref<128xf32>
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 128 {
    affine.store %one, %A[%i] : memref<128xf32>
    affine.store %zero, %B[%i] : memref<128xf32>
  }
  func.call @copy100(%A, %B) : (memref<128xf32>, memref<128xf32>) -> ()
  %c96 = arith.constant 96 : index
  %pad = arith.constant -1.0 : f32
  %v = vector.transfer_read %B[%c96], %pad : memref<128xf32>, vector<8xf32>
  vector.print %v : vector<8xf32>
  memref.dealloc %A : memref<128xf32>
  memref.dealloc %B : memref<128xf32>
  return
}

// -----

// A[2 * i] advances two elements per iteration. mlir-opt reads the lanes
// as contiguous A[2i .. 2i+7], so B[1] gets A[1] instead of A[2]. tessera
// leaves the loop alone.
// CHECK: {{^}}// -{{-+$}}
// CHECK: func.func @main
// CHECK:         affine.load %{{.*}}[%{{.*}} * 2] : memref<256xf32>
// OUT: 2
// OUT-NEXT: 254
func.func @main() {
  %A = memref.alloc() : memref<256xf32>
  %B = memref.alloc() : memref<128xf32>
  affine.for %i = 0 to 256 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<256xf32>
  }
  affine.for %i = 0 to 128 {
    %a = affine.load %A[2 * %i] : memref<256xf32>
    affine.store %a, %B[%i] : memref<128xf32>
  }
  %b1 = affine.load %B[1] : memref<128xf32>
  vector.print %b1 : f32
  %b127 = affine.load %B[127] : memref<128xf32>
  vector.print %b127 : f32
  memref.dealloc %A : memref<256xf32>
  memref.dealloc %B : memref<128xf32>
  return
}

// -----

// A step of 2 visits the even elements only. mlir-opt makes the step 16
// and writes 8 contiguous lanes from each even start: B[1] is written and
// B[8] is not. tessera leaves the loop alone.
// CHECK: {{^}}// -{{-+$}}
// CHECK: func.func @main
// CHECK:         affine.for %{{.*}} = 0 to 64 step 2 {
// CHECK-NEXT:      affine.load
// OUT: 0
// OUT-NEXT: 1
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  %B = memref.alloc() : memref<64xf32>
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.store %one, %A[%i] : memref<64xf32>
    affine.store %zero, %B[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 64 step 2 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
  }
  %b1 = affine.load %B[1] : memref<64xf32>
  vector.print %b1 : f32
  %b8 = affine.load %B[8] : memref<64xf32>
  vector.print %b8 : f32
  memref.dealloc %A : memref<64xf32>
  memref.dealloc %B : memref<64xf32>
  return
}

// -----

// Two memref.get_global of one global are the same memory: the loop is a
// prefix sum, B[i] = B[i - 1] + B[i], carried from one iteration to the
// next. mlir-opt takes the two views for different memrefs and reads four
// old values at a time. tessera sees the dependence and leaves the loop.
// CHECK: {{^}}// -{{-+$}}
// CHECK: func.func @main
// CHECK:         affine.for %{{.*}} = 1 to 11 {
// CHECK-NEXT:      affine.load
// OUT: 11
memref.global "private" @t : memref<11xi32> = dense<1>
func.func @main() {
  %a = memref.get_global @t : memref<11xi32>
  %b = memref.get_global @t : memref<11xi32>
  affine.for %i = 1 to 11 {
    %p = affine.load %a[%i - 1] : memref<11xi32>
    %q = affine.load %b[%i] : memref<11xi32>
    %r = arith.addi %p, %q : i32
    affine.store %r, %b[%i] : memref<11xi32>
  }
  %last = affine.load %b[10] : memref<11xi32>
  vector.print %last : i32
  return
}

// -----

// A float sum without the reassoc flag: adding the lanes apart rounds
// differently. In f32, 1e8 + 1 rounds back to 1e8: the program adds seven
// ones, then 1e8, then loses nine more ones (1e8 + 8). mlir-opt's lanes
// lose only the one added to 1e8 and then add 14 (1e8 + 16). tessera
// leaves the loop alone.
// CHECK: {{^}}// -{{-+$}}
// CHECK: func.func @main
// CHECK:         affine.for %{{.*}} = 0 to 16 iter_args
// CHECK-NEXT:      affine.load
// OUT: 8
func.func @main() {
  %A = memref.alloc() : memref<16xf32>
  %one = arith.constant 1.0 : f32
  %big = arith.constant 1.0e8 : f32
  affine.for %i = 0 to 16 {
    affine.store %one, %A[%i] : memref<16xf32>
  }
  affine.store %big, %A[7] : memref<16xf32>
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> f32 {
    %a = affine.load %A[%i] : memref<16xf32>
    %t = arith.addf %acc, %a : f32
    affine.yield %t : f32
  }
  %d = arith.subf %s, %big : f32
  vector.print %d : f32
  memref.dealloc %A : memref<16xf32>
  return
}

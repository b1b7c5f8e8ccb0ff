// --canonicalize's pattern options, as mlir-opt 19 reads them: patterns
// named by MLIR's debug names (the C++ class, `(anonymous namespace)::`
// included) disabled or enabled alone, at most N rewrites per round, and
// MLIR's `int64_t` round limits. And CmpFIntToFPConst: a comparison of a
// converted integer with a float constant made an integer comparison.
// MLIR-OPT-TOO
//
// RUN: tessera-opt %s -canonicalize | FileCheck %s --check-prefix=ALL
// RUN: tessera-opt %s '-canonicalize=disable-patterns={(anonymous namespace)::AddIAddConstant}' | FileCheck %s --check-prefix=DISABLE
// RUN: tessera-opt %s "-canonicalize=enable-patterns='(anonymous namespace)::AddIAddConstant'" | FileCheck %s --check-prefix=ENABLE
// RUN: tessera-opt %s '-canonicalize=enable-patterns={(anonymous namespace)::AddIAddConstant,CmpFIntToFPConst}' | FileCheck %s --check-prefix=BOTH
// RUN: tessera-opt %s -canonicalize=max-num-rewrites=0 | FileCheck %s --check-prefix=NONE
// RUN: tessera-opt %s '-canonicalize=max-iterations=-5 test-convergence' | FileCheck %s --check-prefix=NONE

// ALL-LABEL:  func.func @chain
// ALL:          %[[C:.*]] = arith.constant 3 : i32
// ALL-NEXT:     %[[R:.*]] = arith.addi %arg0, %[[C]] : i32
// ALL-NEXT:     return %[[R]]
// DISABLE-LABEL: func.func @chain
// DISABLE:        arith.addi %arg0, %{{.*}} : i32
// DISABLE-NEXT:   arith.addi
// ENABLE-LABEL: func.func @chain
// ENABLE:         arith.constant 3 : i32
// ENABLE-NEXT:    arith.addi
// ENABLE-NEXT:    return
// NONE-LABEL:   func.func @chain
// NONE:           arith.addi
// NONE-NEXT:      arith.addi
func.func @chain(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}

// A branch to a block with one predecessor is merged by a pattern without
// a name: enabling any pattern leaves it out.
// ALL-LABEL:    func.func @branch
// ALL-NEXT:       return %arg0
// ENABLE-LABEL: func.func @branch
// ENABLE:         cf.br ^bb1
// DISABLE-LABEL: func.func @branch
// DISABLE-NEXT:   return %arg0
func.func @branch(%x: i32) -> i32 {
  cf.br ^bb1
^bb1:
  return %x : i32
}

// ALL-LABEL:  func.func @int_to_fp
// ALL-DAG:      %[[T:.*]] = arith.constant true
// ALL-DAG:      %[[C4:.*]] = arith.constant 4 : i32
// ALL-DAG:      %[[C3:.*]] = arith.constant 3 : i8
// ALL-DAG:      %[[CM5:.*]] = arith.constant -5 : i16
// ALL-DAG:      %[[F:.*]] = arith.constant false
// ALL:          %[[A:.*]] = arith.cmpi sle, %arg0, %[[C4]] : i32
// ALL:          %[[B:.*]] = arith.cmpi eq, %arg2, %[[C3]] : i8
// ALL:          %[[D:.*]] = arith.cmpi sge, %arg3, %[[CM5]] : i16
// ALL:          %[[L:.*]] = arith.sitofp %arg1 : i64 to f32
// ALL:          %[[E:.*]] = arith.cmpf olt, %[[L]]
// ALL:          return %[[A]], %[[T]], %[[B]], %[[D]], %[[F]], %[[T]], %[[E]], %[[F]]
// BOTH-LABEL: func.func @int_to_fp
// BOTH:         arith.cmpi sle, %arg0
// DISABLE-LABEL: func.func @int_to_fp
// DISABLE:       arith.cmpi sle, %arg0
// ENABLE-LABEL: func.func @int_to_fp
// ENABLE:        arith.cmpf olt
func.func @int_to_fp(%i: i32, %j: i64, %k: i8, %h: i16) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  // (float)i < 4.5 is i <= 4
  %f = arith.sitofp %i : i32 to f32
  %c = arith.constant 4.5 : f32
  %a = arith.cmpf olt, %f, %c : f32
  // no i64 is below -1e30
  %g = arith.sitofp %j : i64 to f64
  %c2 = arith.constant -1.0e30 : f64
  %b = arith.cmpf oge, %g, %c2 : f64
  // an i8 is exact in f16
  %u = arith.uitofp %k : i8 to f16
  %c3 = arith.constant 3.0 : f16
  %e = arith.cmpf ueq, %u, %c3 : f16
  // (float)h > -5.5 is h >= -5
  %s = arith.sitofp %h : i16 to f32
  %c4 = arith.constant -5.5 : f32
  %d = arith.cmpf ogt, %s, %c4 : f32
  // no unsigned value is below -0.5; no conversion gives a NaN
  %v = arith.uitofp %k : i8 to f32
  %c5 = arith.constant -0.5 : f32
  %w = arith.cmpf ult, %v, %c5 : f32
  %o = arith.cmpf ord, %v, %c5 : f32
  // an i64 rounds in f32 near 2^40: left alone
  %l = arith.sitofp %j : i64 to f32
  %c6 = arith.constant 1.099511627776e12 : f32
  %x = arith.cmpf olt, %l, %c6 : f32
  // a constant NaN decides any comparison
  %nan = arith.constant 0x7FC00000 : f32
  %y = arith.cmpf oeq, %l, %nan : f32
  return %a, %b, %e, %d, %w, %o, %x, %y : i1, i1, i1, i1, i1, i1, i1, i1
}

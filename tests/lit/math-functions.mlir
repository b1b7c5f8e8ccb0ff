// math.atan2, cbrt, acosh, asinh, atanh and erf in custom form, with
// their fastmath flags, round-trip; atan2 of constants folds with libm's
// atan2 as mlir-opt 19 folds it, and cbrt (which MLIR does not fold)
// stays.
// MLIR-OPT-TOO

// RUN: tessera-opt %s | FileCheck %s
// RUN: tessera-opt %s -canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @round_trip
// CHECK:         math.atan2 %{{.*}}, %{{.*}} : f64
// CHECK:         math.atan2 %{{.*}}, %{{.*}} fastmath<fast> : vector<4xf32>
// CHECK:         math.cbrt %{{.*}} : f64
// CHECK:         math.acosh %{{.*}} fastmath<nnan,afn> : f32
// CHECK:         math.asinh %{{.*}} : vector<4xf32>
// CHECK:         math.atanh %{{.*}} : f64
// CHECK:         math.erf %{{.*}} : f32
func.func @round_trip(%a: f64, %b: f64, %v: vector<4xf32>, %x: f32) -> (f64, vector<4xf32>, f64, f32, vector<4xf32>, f64, f32) {
  %0 = math.atan2 %a, %b : f64
  %1 = math.atan2 %v, %v fastmath<fast> : vector<4xf32>
  %2 = math.cbrt %a : f64
  %3 = math.acosh %x fastmath<nnan,afn> : f32
  %4 = math.asinh %v : vector<4xf32>
  %5 = math.atanh %b : f64
  %6 = math.erf %x : f32
  return %0, %1, %2, %3, %4, %5, %6 : f64, vector<4xf32>, f64, f32, vector<4xf32>, f64, f32
}

// FOLD-LABEL: func.func @fold
// FOLD-DAG:     %[[D:.*]] = arith.constant 1.2490457723982544 : f64
// FOLD-DAG:     %[[F:.*]] = arith.constant -0.493941396 : f32
// FOLD-DAG:     %[[C:.*]] = arith.constant 1.500000e+00 : f64
// FOLD:         %[[R:.*]] = math.cbrt %[[C]] : f64
// FOLD:         return %[[D]], %[[F]], %[[R]]
func.func @fold() -> (f64, f32, f64) {
  %a = arith.constant 1.5 : f64
  %h = arith.constant 0.5 : f64
  %x = arith.constant -0.4375 : f32
  %y = arith.constant 0.8125 : f32
  %0 = math.atan2 %a, %h : f64
  %1 = math.atan2 %x, %y : f32
  %2 = math.cbrt %a : f64
  return %0, %1, %2 : f64, f32, f64
}

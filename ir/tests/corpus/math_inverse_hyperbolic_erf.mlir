// math.acosh, asinh, atanh, erf and cbrt, which --convert-math-to-libm
// lowers to libm calls and the interpreter computes with the libm crate
// (a port of musl's) or Rust's own cbrt, either of which may differ from
// the platform's libm in the last bit: the values printed to six digits,
// as mlir-cpu-runner prints them, agree. The operands go through memory,
// so that no canonicalizer folds them (MLIR 19 folds all but cbrt of
// constants with the host's libm; tessera does not fold them).
func.func @main() {
  %m = memref.alloca() : memref<3xf64>
  %n = memref.alloca() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant 1.75 : f64
  %b0 = arith.constant -0.3125 : f64
  %c00 = arith.constant 0.6875 : f64
  %x0 = arith.constant 2.5 : f32
  %y0 = arith.constant 0.4375 : f32
  memref.store %a0, %m[%c0] : memref<3xf64>
  memref.store %b0, %m[%c1] : memref<3xf64>
  memref.store %c00, %m[%c2] : memref<3xf64>
  memref.store %x0, %n[%c0] : memref<2xf32>
  memref.store %y0, %n[%c1] : memref<2xf32>
  %a = memref.load %m[%c0] : memref<3xf64>
  %b = memref.load %m[%c1] : memref<3xf64>
  %c = memref.load %m[%c2] : memref<3xf64>
  %x = memref.load %n[%c0] : memref<2xf32>
  %y = memref.load %n[%c1] : memref<2xf32>
  %r0 = math.acosh %a : f64
  %r1 = math.acosh %x : f32
  %r2 = math.asinh %a : f64
  %r3 = math.asinh %b : f64
  %r4 = math.asinh %y : f32
  %r5 = math.atanh %b : f64
  %r6 = math.atanh %c : f64
  %r7 = math.atanh %y : f32
  %r8 = math.erf %a : f64
  %r9 = math.erf %b : f64
  %r10 = math.erf %x : f32
  %r11 = math.erf %y : f32
  %r12 = math.cbrt %b : f64
  %r13 = math.cbrt %y : f32
  vector.print %r0 : f64
  vector.print %r1 : f32
  vector.print %r2 : f64
  vector.print %r3 : f64
  vector.print %r4 : f32
  vector.print %r5 : f64
  vector.print %r6 : f64
  vector.print %r7 : f32
  vector.print %r8 : f64
  vector.print %r9 : f64
  vector.print %r10 : f32
  vector.print %r11 : f32
  vector.print %r12 : f64
  vector.print %r13 : f32
  return
}

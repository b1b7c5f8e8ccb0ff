// arith.addui_extended (the wrapped sum and its unsigned carry) and the
// extended multiplies (the low and high halves of the double-width
// product, signed and unsigned), at 8, 32 and 64 bits and on index, with
// operands that carry and overflow: the interpreter, the C back end
// (128-bit arithmetic) and mlir-cpu-runner must print the same.
func.func @main() {
  %a8 = arith.constant -7 : i8
  %b8 = arith.constant 100 : i8
  %s8, %o8 = arith.addui_extended %a8, %b8 : i8, i1
  %l8, %h8 = arith.mulsi_extended %a8, %b8 : i8
  %u8, %v8 = arith.mului_extended %a8, %b8 : i8
  vector.print %s8 : i8
  vector.print %o8 : i1
  vector.print %l8 : i8
  vector.print %h8 : i8
  vector.print %u8 : i8
  vector.print %v8 : i8
  %a32 = arith.constant 2147483647 : i32
  %b32 = arith.constant -2 : i32
  %s32, %o32 = arith.addui_extended %a32, %a32 : i32, i1
  %l32, %h32 = arith.mulsi_extended %a32, %b32 : i32
  %u32, %v32 = arith.mului_extended %a32, %b32 : i32
  vector.print %s32 : i32
  vector.print %o32 : i1
  vector.print %l32 : i32
  vector.print %h32 : i32
  vector.print %u32 : i32
  vector.print %v32 : i32
  %a64 = arith.constant -1 : i64
  %b64 = arith.constant -9223372036854775808 : i64
  %s64, %o64 = arith.addui_extended %a64, %b64 : i64, i1
  %l64, %h64 = arith.mulsi_extended %b64, %b64 : i64
  %u64, %v64 = arith.mului_extended %a64, %a64 : i64
  vector.print %s64 : i64
  vector.print %o64 : i1
  vector.print %l64 : i64
  vector.print %h64 : i64
  vector.print %u64 : i64
  vector.print %v64 : i64
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %si, %oi = arith.addui_extended %c3, %c5 : index, i1
  %li, %hi = arith.mului_extended %c3, %c5 : index
  vector.print %si : index
  vector.print %oi : i1
  vector.print %li : index
  vector.print %hi : index
  return
}

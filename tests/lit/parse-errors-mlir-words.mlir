// Parse errors in mlir-opt 19's words: tuple types, region lists, result
// counts, attribute names, integer widths.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

// expected-error@+1 {{expected '<' in tuple type}}
func.func @tuple_without_less(%t: tuple i32>) {
  return
}
// -----
// expected-error@+1 {{expected '>' in tuple type}}
func.func @tuple_without_greater(%t: tuple<i32, f32) {
  return
}
// -----
func.func @region_list_unclosed() {
  // expected-error@+1 {{expected ')' to end region list}}
  "test.op"() ({}, {} : () -> ()
  return
}
// -----
func.func @zero_results() {
  // expected-error@+1 {{expected named operation to have at least 1 result}}
  %0:0 = "test.op"() : () -> ()
  return
}
// -----
func.func @empty_attribute_name() {
  // expected-error@+1 {{expected valid attribute name}}
  "test.op"() {"" = 1} : () -> ()
  return
}
// -----
// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
func.func @integer_too_wide(%a: i16777216) {
  return
}
// -----
// expected-error@+1 {{invalid integer width}}
func.func @integer_width_overflows(%a: i99999999999) {
  return
}
// -----
// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
func.func @unsigned_too_wide(%a: ui16777216) {
  return
}
// -----
// A successor's parentheses hold operands and their types, none of them
// optional once the parenthesis is open.
func.func @successor_without_types() {
  cf.br ^bb1() // expected-error {{expected ':'}}
^bb1:
  return
}
// -----
func.func @successor_without_a_type() {
  cf.br ^bb1( : ) // expected-error {{expected non-function type}}
^bb1:
  return
}
// -----
// Only terminators the dialect knows take successors.
func.func @successors_in_non_terminator(%a: i32, %b: i32) {
  %c = "arith.addi"(%a, %b)[^bb1] : (i32, i32) -> i32 // expected-error {{successors in non-terminator}}
^bb1:
  return
}
// -----
// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func.func @one_dot(.)
// -----
func.func @empty_dialect_namespace(!<"">) -> () // expected-error {{invalid type identifier}}
// -----
// Dialect types nest their brackets as MLIR's lexer checks them.
func.func @bracket_mismatch(!foo<)) -> () // expected-error {{unbalanced '<' character in pretty dialect name}}
// -----
// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
func.func @bracket_mismatch_in_name() -> !some.dialect<!x@#]!@#>
// -----
// A type of a dialect tessera does not know, without a dot in its name.
func.func private @opaque_dialect_type(!mydialect<"x", [1, (2)]>)

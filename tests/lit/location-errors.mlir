// Malformed `loc(...)` locations are refused with mlir-opt's messages.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -split-input-file -verify-diagnostics -o /dev/null

func.func @f() {
  // expected-error @+1 {{expected location instance}}
  return loc(foo)
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ':' in FileLineColLoc}}
  return loc("a":1)
}

// -----

func.func @f() {
  // expected-error @+1 {{expected integer line number in FileLineColLoc}}
  return loc("a":-1:2)
}

// -----

func.func @f() {
  // expected-error @+1 {{expected integer column number in FileLineColLoc}}
  return loc("a":1:99999999999)
}

// -----

func.func @f() {
  // expected-error @+1 {{expected 'at' in callsite location}}
  return loc(callsite("a" in "b"))
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ')' after child location of NameLoc}}
  return loc("a"("b" "c"))
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ')' in location}}
  return loc(unknown unknown)
}

// -----

func.func @f() {
  // expected-error @+1 {{operation location alias was never defined}}
  return loc(#nowhere)
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @f() {
  // expected-error @+1 {{expected location, but found 'affine_map<(d0) -> (d0)>'}}
  return loc(#map)
}

// -----

func.func @f() {
  // expected-error @+1 {{undefined symbol alias id 'later'}}
  return loc(fused["a", #later])
}
#later = loc("b")

// -----

// expected-error @+1 {{expected ')'}}
func.func @f(%a: i32 loc("a":1:1) loc("b":2:2)) {
  return
}

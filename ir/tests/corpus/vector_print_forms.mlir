// Every form of `vector.print`: a value with each punctuation, a string,
// punctuation alone, attributes last, as mlir-cpu-runner prints them.
func.func @main() {
  %i = arith.constant 7 : i32
  %f = arith.constant 2.5 : f64
  %t = arith.constant true
  %v = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  vector.print str "values: "
  vector.print punctuation <open>
  vector.print %i : i32 punctuation <comma>
  vector.print %f : f64 punctuation <comma>
  vector.print %t : i1 punctuation <no_punctuation>
  vector.print punctuation <close>
  vector.print punctuation <newline>
  vector.print %v : vector<2x2xf32> punctuation <comma>
  vector.print %v : vector<2x2xf32> {note = "last"}
  vector.print str "tab\09and \"quotes\"\0A"
  vector.print
  return
}

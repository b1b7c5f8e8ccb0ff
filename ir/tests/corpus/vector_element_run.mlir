// vector.extractelement and vector.insertelement at dynamic positions of
// several integer types and on 0-D vectors, run by the interpreter, the
// C back end and mlir-cpu-runner.
func.func @main() {
  %v = arith.constant dense<[1.5, 2.5, 3.5, 4.5]> : vector<4xf32>
  %w = arith.constant dense<[10, 20, 30, 40, 50]> : vector<5xi32>
  %z = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %acc0 = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 4 iter_args(%acc = %acc0) -> (f32) {
    %e = vector.extractelement %v[%i : index] : vector<4xf32>
    %s = arith.addf %acc, %e : f32
    affine.yield %s : f32
  }
  vector.print %sum : f32
  %out = affine.for %i = 0 to 5 iter_args(%cur = %w) -> (vector<5xi32>) {
    %ii = arith.index_cast %i : index to i8
    %j = arith.index_cast %i : index to i32
    %e = vector.extractelement %cur[%ii : i8] : vector<5xi32>
    %d = arith.addi %e, %j : i32
    %c4 = arith.constant 4 : i32
    %back = arith.subi %c4, %j : i32
    %n = vector.insertelement %d, %cur[%back : i32] : vector<5xi32>
    affine.yield %n : vector<5xi32>
  }
  vector.print %out : vector<5xi32>
  %x = arith.constant 7.0 : f32
  %zero = vector.broadcast %x : f32 to vector<f32>
  %y = arith.constant 9.0 : f32
  %set = vector.insertelement %y, %zero[] : vector<f32>
  %got = vector.extractelement %set[] : vector<f32>
  vector.print %got : f32
  return
}

// Float printing: six-digit scientific, natural decimal and hexadecimal forms.
#unused = affine_map<(d0) -> (d0 * 7)>
module {
  func.func @k(%n: index, %A: memref<?x?xf64>) -> i32 {
    %a = arith.constant 4294967295 : i32
    %b = arith.constant 255 : i8
    %c = arith.constant 0x3FF0000000000000 : f64
    %d = arith.constant 1.0e-10 : f32
    %e = arith.constant 65504.0 : f16
    %f = arith.constant 3.0e38 : f32
    %g = arith.constant 0.0001 : f64
    %h = arith.constant 100.0 : f64
    %i = arith.constant 1234567.0 : f32
    %j = arith.constant 2.0e-5 : f64
    %k = arith.constant 0.3 : f64
    %l = arith.constant 123456789012.0 : f64
    %c0 = arith.constant 0 : index
    %dim = memref.dim %A, %c0 : memref<?x?xf64>
    affine.for %x = 0 to %dim {
      affine.for %y = 0 to affine_map<(d0)[s0] -> (d0 + s0 * 2 - 1)>(%x)[%n] step 3 {
        %v = affine.load %A[%x + %y * 2, (%y floordiv 2) * 4 + %x mod 3] : memref<?x?xf64>
        %w = affine.load %A[%x - %y, -%x + 10] : memref<?x?xf64>
        %s = arith.addf %v, %w : f64
        affine.store %s, %A[%x ceildiv 4, 0] : memref<?x?xf64>
      }
    }
    return %a : i32
  }
}

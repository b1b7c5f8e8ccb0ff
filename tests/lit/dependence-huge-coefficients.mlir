// --test-memref-dependence-check on subscripts with huge coefficients,
// where the Omega test's splinters explode (this input once hung
// tessera-opt) and mlir-opt 19's int64 arithmetic overflows: it reports
// dependences from the load to the store with ranges like
// [1, -210453397498]. There are none: the second subscripts force
// s >= 2^64 - 2^32 (c >= 1, s floordiv 2^32 == 2^32 c - 1), the first
// 7 s <= 7 (2^63 - 1) + 1 (b <= 7). Store to store: a' floordiv 7 must
// equal a floordiv 7, so the distance on %a is at most 6.
//
// RUN: tessera-opt %s -test-memref-dependence-check -verify-diagnostics

func.func @f(%A: memref<8x?xf32>, %s: index) {
  affine.for %a = 0 to 12 {
    affine.for %b = max affine_map<(d0) -> (d0, -8)>(%a) to 8 {
      affine.for %c = 0 to affine_map<()[s0] -> ((s0 + 1) ceildiv 4294967296)>()[%s] {
        %0 = affine.apply affine_map<(d0) -> (d0 * 4294967296 - 1)>(%c)
        // expected-remark@below {{dependence from 0 to 0 at depth 1 = false}}
        // expected-remark@below {{dependence from 0 to 0 at depth 2 = false}}
        // expected-remark@below {{dependence from 0 to 0 at depth 3 = false}}
        // expected-remark@below {{dependence from 0 to 0 at depth 4 = false}}
        // expected-remark@below {{dependence from 0 to 1 at depth 1 = false}}
        // expected-remark@below {{dependence from 0 to 1 at depth 2 = false}}
        // expected-remark@below {{dependence from 0 to 1 at depth 3 = false}}
        // expected-remark@below {{dependence from 0 to 1 at depth 4 = false}}
        %v = affine.load %A[%b * 9223372036854775807, %0] : memref<8x?xf32>
        // expected-remark@below {{dependence from 1 to 0 at depth 1 = false}}
        // expected-remark@below {{dependence from 1 to 0 at depth 2 = false}}
        // expected-remark@below {{dependence from 1 to 0 at depth 3 = false}}
        // expected-remark@below {{dependence from 1 to 0 at depth 4 = false}}
        // expected-remark@below {{dependence from 1 to 1 at depth 1 = [1, 6][-6, 7][-inf, +inf]}}
        // expected-remark@below {{dependence from 1 to 1 at depth 2 = [0, 0][1, 7][-inf, +inf]}}
        // expected-remark@below {{dependence from 1 to 1 at depth 3 = [0, 0][0, 0][1, +inf]}}
        // expected-remark@below {{dependence from 1 to 1 at depth 4 = false}}
        affine.store %v, %A[(%a floordiv 7) ceildiv 4294967296 + symbol(%s) * 7, symbol(%s) floordiv 4294967296] : memref<8x?xf32>
      }
    }
  }
  return
}

// Multi-result generic ops mixed with custom ops.
func.func @m(%x: index) -> index {
  %a:3 = "test.three"(%x) : (index) -> (index, index, index)
  %s = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 + s0)>(%a#0, %a#1)[%a#2]
  %t = arith.addi %s, %a#2 : index
  return %t : index
}

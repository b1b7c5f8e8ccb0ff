/* Generated from ./isl/unroll2.cloog by CLooG 0.18.1-2-g43fc508 gmp bits in 0.00s. */
if ((M >= -1) && (M <= 9)) {
  if (M >= 0) {
    S1(M);
  }
  S1((M+1));
}

/* Generated from ../../../git/cloog/test/./reservoir/pingali4.cloog by CLooG 0.14.0-136-gb91ef26 gmp bits in 0.00s. */
for (c2=1;c2<=M;c2++) {
  for (c4=1;c4<=M;c4++) {
    S1(c2,c4) ;
  }
}
for (c2=1;c2<=M;c2++) {
  for (c4=1;c4<=M;c4++) {
    S2(c2,c4) ;
  }
}

/* Generated from ../../../git/cloog/test/min-3-1.cloog by CLooG 0.14.0-136-gb91ef26 gmp bits in 0.00s. */
for (i=0;i<=min(10,M);i++) {
  for (j=0;j<=min(10,M);j++) {
    S1(i,j) ;
  }
}

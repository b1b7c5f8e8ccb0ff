/* Generated from ../../../git/cloog/test/dot.cloog by CLooG 0.14.0-136-gb91ef26 gmp bits in 0.00s. */
for (j=1;j<=M;j++) {
  S1(0,j) ;
}
for (i=1;i<=N;i++) {
  for (j=1;j<=M;j++) {
    S2(i,j) ;
  }
}

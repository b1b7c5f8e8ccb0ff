/* Generated from ../../../git/cloog/test/basic-bounds-4.cloog by CLooG 0.14.0-136-gb91ef26 gmp bits in 0.00s. */
for (i=0;i<=M+1;i++) {
  S1(i) ;
}

/* Generated from ../test/stride.cloog by CLooG 0.19.0-6faa51a gmp bits in 0.00s. */
for (c1=3;c1<=100;c1++) {
  if (c1%3 == 0) {
    S2(c1,(c1/3));
  }
  if (c1 == 25) {
    S1(25);
  }
}

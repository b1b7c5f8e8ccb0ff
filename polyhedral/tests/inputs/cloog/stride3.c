/* Generated from ./stride3.cloog by CLooG 0.18.1-2-g43fc508 gmp bits in 0.00s. */
if ((m <= n) && (n >= 1)) {
  for (p1=max(50,50*m);p1<=50*n;p1+=50) {
    S1((p1/50));
  }
}

/* Generated from ../test/vasilache.cloog by CLooG 0.19.0-6faa51a gmp bits in 0.03s. */
S1();
S2();
for (p1=0;p1<=N-1;p1++) {
  for (p3=0;p3<=N-1;p3++) {
    S4(p1,p3);
    S5(p1,p3);
  }
}
for (p1=0;p1<=N-1;p1++) {
  for (p3=0;p3<=N-1;p3++) {
    for (p5=0;p5<=floord(N-1,32);p5++) {
      S7(p1,p3,p5,32*p5);
      for (p7=32*p5+1;p7<=min(N-1,32*p5+31);p7++) {
        S6(p1,p3,p5,(p7-1));
        S7(p1,p3,p5,p7);
      }
      if (p5 <= floord(N-32,32)) {
        S6(p1,p3,p5,(32*p5+31));
      }
      if (p5 >= ceild(N-31,32)) {
        S6(p1,p3,p5,(N-1));
      }
    }
  }
}
S8();

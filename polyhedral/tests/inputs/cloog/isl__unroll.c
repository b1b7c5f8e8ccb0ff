/* Generated from ./isl/unroll.cloog by CLooG 0.16.3-13-gbbcc8fc gmp bits in 0.00s. */
S1(0);
S1(1);
S1(2);
S1(3);
S1(4);
S1(5);
S1(6);
S1(7);
S1(8);
S1(9);
S1(10);

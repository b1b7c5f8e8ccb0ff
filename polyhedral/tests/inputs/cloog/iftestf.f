! Generated from ../../../git/cloog/test/iftestf.cloog by CLooG 0.14.0-245-gd8c1718 gmp bits in 0.00s.
IF (n >= 1) THEN
  DO i=1, n
    S1(i)
  END DO
END IF

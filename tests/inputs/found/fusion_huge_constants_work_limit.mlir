// RUN-FLAGS: --test-loop-fusion=test-loop-fusion-transformation
// Found by tests/no_crash.rs (seed 0x7e55e2a0c2a54001, input 2680): huge
// constants in a 20-nest fusion input make every slice's dependence
// question a hard integer program: 19 s. Past the pass-wide work limit
// every search now ends at once (before building its tableau): 3 s.
func.func @nests20(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c = arith.constant 1.500000e+00 : f32
  %t0 = memref.alloc() : memref<64x64xf32>
  %t1 = memref.alloc() : memref<64x64xf32>
  %t2 = memref.alloc() : memref<64x64xf32>
  %t3 = memref.alloc() : memref<64x64xf32>
  %t4 = memref.alloc() : memref<64x64xf32>
  %t5 = memref.alloc() : memref<64x64xf32>
  %t6 = memref.alloc() : memref<64x64xf32>
  %t7 = memref.alloc() : memref<64x64xf32>
  %t8 = memref.alloc() : memref<64x64xf32>
  %t9 = memref.alloc() : memref<64x64xf32>
  %t10 = memref.alloc() : memref<64x64xf32>
  %t11 = memref.alloc() : memref<64x64xf32>
  %t12 = memref.alloc() : memref<64x64xf32>
  %t13 = memref.alloc() : memref<64x64xf32>
  %t14 = memref.alloc() : memref<64x64xf32>
  %t15 = memref.alloc() : memref<64x64xf32>
  %t16 = memref.alloc() : memref<64x64xf32>
  %t17 = memref.alloc() : memref<64x64xf32>
  %t18 = memref.alloc() : memref<64x64xf32>
  affine.for %i0 = 0 to 64 {
    affine.for %j0 = 0 to 64 {
      %a0 = affine.load %in[%i0, %j0] : memref<64x64xf32>
      %b0 = affine.load %in[%i0, %j0] : memref<64x64xf32>
      %m0 = arith.mulf %a0, %c : f32
      %s0 = arith.addf %m0, %b0 : f32
      affine.store %s0, %t0[%i0, %j0] : memref<64x64xf32>
    }
  }
  affine.for %i1 = 0 to 64 {
    affine.for %j1 = 0 to 64 {
      %a1 = affine.load %t0[%i1, %j1] : memref<64x64xf32>
      %b1 = affine.load %t0[%i1, %j1] : memref<64x64xf32>
      %m1 = arith.mulf %a1, %c : f32
      %s1 = arith.addf %m1, %b1 : f32
      affine.store %s1, %t1[%i1, %j1] : memref<64x64xf32>
    }
  }
  affine.for %i2 = 0 to 64 {
    affine.for %j2 = 0 to 64 {
      %a2 = affine.load %t1[%i2, %j2] : memref<64x64xf32>
      %b2 = affine.load %t1[%i2, %j2] : memref<64x64xf32>
      %m2 = arith.mulf %a2, %c : f32
      %s2 = arith.addf %m2, %b2 : f32
      affine.store %s2, %t2[%i2, %j2] : memref<64x64xf32>
    }
  }
  affine.for %i3 = -14 to 64 {
    affine.for %j3 = 0 to 64 {
      %a3 = affine.load %t2[%i3, %j3] : memref<64x64xf32>
      %b3 = affine.load %in[%i3, %j3] : memref<64x64xf32>
      %m3 = arith.mulf %a3, %c : f32
      %s3 = arith.addf %m3, %b3 : f32
      affine.store %s3, %t3[%i3, %j3] : memref<64x64xf32>
    }
  }
  affine.for %i4 = 0 to 64 {
    affine.for %j4 = 0 to 64 {
      %a4 = affine.load %t3[%i4, %j4] : memref<64x64xf32>
      %b4 = affine.load %t3[%i4, %j4] : memref<64x64xf32>
      %m4 = arith.mulf %a4, %c : f32
      %s4 = arith.addf %m4, %b4 : f32
      affine.store %s4, %t4[%i4, %j4] : memref<64x64xf32>
    }
  }
  affine.for %i5 = 0 to 64 {
    affine.for %j5 = 0 to 64 {
      %a5 = affine.load %t4[%i5, %j5] : memref<64x64xf32>
      %b5 = affine.load %t4[%i5, %j5] : memref<64x64xf32>
      %m5 = arith.mulf %a5, %c : f32
      %s5 = arith.addf %m5, %b5 : f32
      affine.store %s5, %t5[%i5, %j5] : memref<64x64xf32>
    }
  }
  affine.for %i6 = 0 to 64 {
    affine.for %j6 = 0 to 64 {
      %a6 = affine.load %t5[%i6, %j6] : memref<64x64xf32>
      %b6 = affine.load %t5[%i6, %j6] : memref<64x64xf32>
      %m6 = arith.mulf %a6, %c : f32
      %s6 = arith.addf %m6, %b6 : f32
      affine.store %s6, %t6[%i6, %j6] : memref<64x64xf32>
    }
  }
  affine.for %i7 = 0 to 64 {
    affine.for %j7 = 0 to 64 {
      %a7 = affine.load %t6[%i7, %j7] : memref<64x64xf32>
      %b7 = affine.load %in[%i7, %j7] : memref<64x64xf32>
      %m7 = arith.mulf %a7, %c : f32
      %s7 = arith.addf %m7, %b7 : f32
      affine.store %s7, %t7[%i7, %j7] : memref<64x64xf32>
    }
  }
  affine.for %i8 = 0 to 64 {
    affine.for %j8 = 0 to 64 {
      %a8 = affine.load %t7[%i8, %j8] : memref<64x64xf32>
      %b8 = affine.load %t7[%i8, %j8] : memref<64x64xf32>
      %m8 = arith.mulf %a8, %c : f32
      %s8 = arith.addf %m8, %b8 : f32
      affine.store %s8, %t8[%i8, %j8] : memref<64x64xf32>
    }
  }
  affine.for %i9 = 0 to 64 {
    affine.for %j9 = 0 to 64 {
      %a9 = affine.load %t8[%i9, %j9] : memref<64x64xf32>
      %b9 = affine.load %t8[%i9, %j9] : memref<64x64xf32>
      %m9 = arith.mulf %a9, %c : f32
      %s9 = arith.addf %m9, %b9 : f32
      affine.store %s9, %t9[%i9, %j9] : memref<64x64xf32>
    }
  }
  affine.for %i10 = 0 to 64 {
    affine.for %j10 = 0 to 64 {
      %a10 = affine.load %t9[%i10, %j10] : memref<64x64xf32>
      %b10 = affine.load %t9[%i10, %j10] : memref<64x64xf32>
      %m10 = arith.mulf %a10, %c : f32
      %s10 = arith.addf %m10, %b10 : f32
      affine.store %s10, %t10[%i10, %j10] : memref<64x64xf32>
    }
  }
  affine.for %i11 = 0 to 64 {
    affine.for %j11 = 0 to 64 {
      %a11 = affine.load %t10[%i11, %j11] : memref<64x64xf32>
      %b11 = affine.load %in[%i11, %j11] : memref<64x64xf32>
      %m11 = arith.mulf %a11, %c : f32
      %s11 = arith.addf %m11, %b11 : f32
      affine.store %s11, %t11[%i11, %j11] : memref<64x64xf32>
    }
  }
  affine.for %i12 = 0 to 64 {
    affine.for %j12 = 0 to 64 {
      %a12 = affine.load %t11[%i12, %j12] : memref<64x64xf32>
      %b12 = affine.load %t11[%i12, %j12] : memref<64x64xf32>
      %m12 = arith.mulf %a12, %c : f32
      %s12 = arith.addf %m12, %b12 : f32
      affine.store %s12, %t12[%i12, %j12] : memref<64x64xf32>
    }
  }
  affine.for %i13 = 0 to 64 {
    affine.for %j13 = 0 to 64 {
      %a13 = affine.load %t12[%i13, %j13] : memref<64x64xf32>
      %b13 = affine.load %t12[%i13, %j13] : memref<64x64xf32>
      %m13 = arith.mulf %a13, %c : f32
      %s13 = arith.addf %m13, %b13 : f32
      affine.store %s13, %t13[%i13, %j13] : memref<64x64xf32>
    }
  }
  affine.for %i14 = 0 to 64 {
    affine.for %j14 = 0 to 64 {
      %a14 = affine.load %t13[%i14, %j14] : memref<64x64xf32>
      %b14 = affine.load %t13[%i14, %j14] : memref<64x64xf32>
      %m14 = arith.mulf %a14, %c : f32
      %s14 = arith.addf %m14, %b14 : f32
      affine.store %s14, %t14[%i14, %j14] : memref<64x64xf32>
    }
  }
  affine.for %i15 = 0 to 64 {
    affine.for %j15 = 0 to 64 {
      %a15 = affine.load %t14[%i15, %j15] : memref<64x64xf32>
      %b15 = affine.load %in[%i15, %j15] : memref<64x64xf32>
      %m15 = arith.mulf %a15, %c : f32
      %s15 = arith.addf %m15, %b15 : f32
      affine.store %s15, %t15[%i15, %j15] : memref<64x64xf32>
    }
  }
  affine.for %i16 = 0 to 64 {
    affine.for %j16 = 0 to 64 {
      %a16 = affine.load %t15[%i16, %j16] : memref<64x64xf32>
      %b16 = affine.load %t15[%i16, %j16] : memref<64x64xf32>
      %m16 = arith.mulf %a16, %c : f32
      %s16 = arith.addf %m16, %b16 : f32
      affine.store %s16, %t16[%i16, %j16] : memref<64x64xf32>
    }
  }
  affine.for %i17 = 0 to 64 {
    affine.for %j17 = 0 to 64 {
      %a17 = affine.load %t16[%i17, %j17] : memref<64x64xf32>
      %b17 = affine.load %t16[%i17, %j17] : memref<64x64xf32>
      %m17 = arith.mulf %a17, %c : f32
      %s17 = arith.addf %m17, %b17 : f32
      affine.store %s17, %t17[%i17, %j17] : memref<64x64xf32>
    }
  }
  affine.for %i18 = 0 to 64 {
    affine.for %j18 = 0 to 64 {
      %a18 = affine.load %t17[%i18, %j18] : memref<64x64xf32>
      %b18 = affine.load %t17[%i18, %j18] : memref<64x64xf32>
      %m18 = arith.mulf %a18, %c : f32
      %s18 = arith.addf %m18, %b18 : f32
      affine.store %s18, %t18[%i18, %j18] : memref<64x64xf32>
    }
  }
  affine.for %i19 = 0 to 64 {
    affine.for %j19 = 0 to 64 {
      %a19 = affine.load %t18[%i19, %j19] : memref<64x64xf32>
      %b19 = affine.load %in[%i19, %j19] : memref<64x64xf32>
      %m19 = arith.mulf %a19, %c : f32
      %s19 = arith.addf %m19, %b19 : f32
      affine.store %s19, %out[%i19, %j19] : memref<64x64xf32>
    }
  }
  return
}



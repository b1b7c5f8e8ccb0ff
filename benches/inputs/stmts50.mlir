// A 3-deep nest with 50 statements in its body: the large input of
// benches/passes.rs and benches/compare_mlir_passes.sh.
func.func @stmts50(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x66xf32>) {
  affine.for %t = 0 to 8 {
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 64 {
        %l0 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m0 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v0 = arith.addf %l0, %m0 : f32
        affine.store %v0, %B[%i, %j] : memref<64x64xf32>
        %l1 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m1 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v1 = arith.addf %l1, %m1 : f32
        affine.store %v1, %A[%i, %j] : memref<64x64xf32>
        %l2 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m2 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v2 = arith.addf %l2, %m2 : f32
        affine.store %v2, %B[%i, %j] : memref<64x64xf32>
        %l3 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m3 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v3 = arith.addf %l3, %m3 : f32
        affine.store %v3, %A[%i, %j] : memref<64x64xf32>
        %l4 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m4 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v4 = arith.addf %l4, %m4 : f32
        affine.store %v4, %B[%i, %j] : memref<64x64xf32>
        %l5 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m5 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v5 = arith.addf %l5, %m5 : f32
        affine.store %v5, %A[%i, %j] : memref<64x64xf32>
        %l6 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m6 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v6 = arith.addf %l6, %m6 : f32
        affine.store %v6, %B[%i, %j] : memref<64x64xf32>
        %l7 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m7 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v7 = arith.addf %l7, %m7 : f32
        affine.store %v7, %A[%i, %j] : memref<64x64xf32>
        %l8 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m8 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v8 = arith.addf %l8, %m8 : f32
        affine.store %v8, %B[%i, %j] : memref<64x64xf32>
        %l9 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m9 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v9 = arith.addf %l9, %m9 : f32
        affine.store %v9, %A[%i, %j] : memref<64x64xf32>
        %l10 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m10 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v10 = arith.addf %l10, %m10 : f32
        affine.store %v10, %B[%i, %j] : memref<64x64xf32>
        %l11 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m11 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v11 = arith.addf %l11, %m11 : f32
        affine.store %v11, %A[%i, %j] : memref<64x64xf32>
        %l12 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m12 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v12 = arith.addf %l12, %m12 : f32
        affine.store %v12, %B[%i, %j] : memref<64x64xf32>
        %l13 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m13 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v13 = arith.addf %l13, %m13 : f32
        affine.store %v13, %A[%i, %j] : memref<64x64xf32>
        %l14 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m14 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v14 = arith.addf %l14, %m14 : f32
        affine.store %v14, %B[%i, %j] : memref<64x64xf32>
        %l15 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m15 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v15 = arith.addf %l15, %m15 : f32
        affine.store %v15, %A[%i, %j] : memref<64x64xf32>
        %l16 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m16 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v16 = arith.addf %l16, %m16 : f32
        affine.store %v16, %B[%i, %j] : memref<64x64xf32>
        %l17 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m17 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v17 = arith.addf %l17, %m17 : f32
        affine.store %v17, %A[%i, %j] : memref<64x64xf32>
        %l18 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m18 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v18 = arith.addf %l18, %m18 : f32
        affine.store %v18, %B[%i, %j] : memref<64x64xf32>
        %l19 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m19 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v19 = arith.addf %l19, %m19 : f32
        affine.store %v19, %A[%i, %j] : memref<64x64xf32>
        %l20 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m20 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v20 = arith.addf %l20, %m20 : f32
        affine.store %v20, %B[%i, %j] : memref<64x64xf32>
        %l21 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m21 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v21 = arith.addf %l21, %m21 : f32
        affine.store %v21, %A[%i, %j] : memref<64x64xf32>
        %l22 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m22 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v22 = arith.addf %l22, %m22 : f32
        affine.store %v22, %B[%i, %j] : memref<64x64xf32>
        %l23 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m23 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v23 = arith.addf %l23, %m23 : f32
        affine.store %v23, %A[%i, %j] : memref<64x64xf32>
        %l24 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m24 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v24 = arith.addf %l24, %m24 : f32
        affine.store %v24, %B[%i, %j] : memref<64x64xf32>
        %l25 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m25 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v25 = arith.addf %l25, %m25 : f32
        affine.store %v25, %A[%i, %j] : memref<64x64xf32>
        %l26 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m26 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v26 = arith.addf %l26, %m26 : f32
        affine.store %v26, %B[%i, %j] : memref<64x64xf32>
        %l27 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m27 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v27 = arith.addf %l27, %m27 : f32
        affine.store %v27, %A[%i, %j] : memref<64x64xf32>
        %l28 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m28 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v28 = arith.addf %l28, %m28 : f32
        affine.store %v28, %B[%i, %j] : memref<64x64xf32>
        %l29 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m29 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v29 = arith.addf %l29, %m29 : f32
        affine.store %v29, %A[%i, %j] : memref<64x64xf32>
        %l30 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m30 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v30 = arith.addf %l30, %m30 : f32
        affine.store %v30, %B[%i, %j] : memref<64x64xf32>
        %l31 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m31 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v31 = arith.addf %l31, %m31 : f32
        affine.store %v31, %A[%i, %j] : memref<64x64xf32>
        %l32 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m32 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v32 = arith.addf %l32, %m32 : f32
        affine.store %v32, %B[%i, %j] : memref<64x64xf32>
        %l33 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m33 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v33 = arith.addf %l33, %m33 : f32
        affine.store %v33, %A[%i, %j] : memref<64x64xf32>
        %l34 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m34 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v34 = arith.addf %l34, %m34 : f32
        affine.store %v34, %B[%i, %j] : memref<64x64xf32>
        %l35 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m35 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v35 = arith.addf %l35, %m35 : f32
        affine.store %v35, %A[%i, %j] : memref<64x64xf32>
        %l36 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m36 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v36 = arith.addf %l36, %m36 : f32
        affine.store %v36, %B[%i, %j] : memref<64x64xf32>
        %l37 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m37 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v37 = arith.addf %l37, %m37 : f32
        affine.store %v37, %A[%i, %j] : memref<64x64xf32>
        %l38 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m38 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v38 = arith.addf %l38, %m38 : f32
        affine.store %v38, %B[%i, %j] : memref<64x64xf32>
        %l39 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m39 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v39 = arith.addf %l39, %m39 : f32
        affine.store %v39, %A[%i, %j] : memref<64x64xf32>
        %l40 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m40 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v40 = arith.addf %l40, %m40 : f32
        affine.store %v40, %B[%i, %j] : memref<64x64xf32>
        %l41 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m41 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v41 = arith.addf %l41, %m41 : f32
        affine.store %v41, %A[%i, %j] : memref<64x64xf32>
        %l42 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m42 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v42 = arith.addf %l42, %m42 : f32
        affine.store %v42, %B[%i, %j] : memref<64x64xf32>
        %l43 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m43 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v43 = arith.addf %l43, %m43 : f32
        affine.store %v43, %A[%i, %j] : memref<64x64xf32>
        %l44 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m44 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v44 = arith.addf %l44, %m44 : f32
        affine.store %v44, %B[%i, %j] : memref<64x64xf32>
        %l45 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m45 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v45 = arith.addf %l45, %m45 : f32
        affine.store %v45, %A[%i, %j] : memref<64x64xf32>
        %l46 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m46 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v46 = arith.addf %l46, %m46 : f32
        affine.store %v46, %B[%i, %j] : memref<64x64xf32>
        %l47 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m47 = affine.load %C[%i, %j + 2] : memref<64x66xf32>
        %v47 = arith.addf %l47, %m47 : f32
        affine.store %v47, %A[%i, %j] : memref<64x64xf32>
        %l48 = affine.load %A[%i, %j] : memref<64x64xf32>
        %m48 = affine.load %C[%i, %j + 0] : memref<64x66xf32>
        %v48 = arith.addf %l48, %m48 : f32
        affine.store %v48, %B[%i, %j] : memref<64x64xf32>
        %l49 = affine.load %B[%i, %j] : memref<64x64xf32>
        %m49 = affine.load %C[%i, %j + 1] : memref<64x66xf32>
        %v49 = arith.addf %l49, %m49 : f32
        affine.store %v49, %A[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}

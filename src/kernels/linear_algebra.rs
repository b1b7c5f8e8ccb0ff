//! PolyBench 4.2's linear-algebra kernels (BLAS, kernels and solvers),
//! transcribed statement by statement: same loops, same initialisation
//! formulas, same operation order.
//!
//! Each function declares the kernel's arguments in PolyBench's order,
//! writes `init_array` into `@main` and `kernel_<name>` into the kernel.
//! Sizes come in the order of the kernel's `params`. A C scalar that lives
//! across statements (`temp2`, `nrm`, `w`, durbin's `alpha`, `beta`, `sum`)
//! is a one-element `memref.alloca` of the kernel, a local array (durbin's
//! `z`) a `memref.alloca` of its size; a loop counting down (`for (i =
//! N-1; i >= 0; i--)`) is an `affine.for` over the same range counting up,
//! `%ri`, indexing with `N-1 - %ri`.

use super::emit::{lin, Bound};
use super::expr::{int, ix, lit, num, IExpr};
use super::{Arr, Program};

/// `gemm`: `C := alpha*A*B + beta*C`.
pub(super) fn gemm(p: &mut Program, s: &[i64]) {
    let (ni, nj, nk) = (s[0], s[1], s[2]);
    let alpha = p.scalar("alpha", 1.5);
    let beta = p.scalar("beta", 1.2);
    let c = p.output("C", &[ni, nj]);
    let a = p.array("A", &[ni, nk]);
    let b = p.array("B", &[nk, nj]);

    let m = &mut p.init;
    m.fill2(&c, |i, j| int((i * j + 1) % ni) / num(ni));
    m.fill2(&a, |i, j| int(i * (j + 1) % nk) / num(nk));
    m.fill2(&b, |i, j| int(i * (j + 2) % nj) / num(nj));

    p.kernel.for_loop("i", 0, ni, |k, i| {
        k.for_loop("j", 0, nj, |k, j| {
            k.set(&c, ix![i, j], c.at(ix![i, j]) * &beta);
        });
        k.for_loop("k", 0, nk, |k, kk| {
            k.for_loop("j", 0, nj, |k, j| {
                let prod = &alpha * a.at(ix![i, kk]) * b.at(ix![kk, j]);
                k.set(&c, ix![i, j], c.at(ix![i, j]) + prod);
            });
        });
    });
}

/// `2mm`: `tmp := alpha*A*B; D := tmp*C + beta*D`.
pub(super) fn two_mm(p: &mut Program, s: &[i64]) {
    let (ni, nj, nk, nl) = (s[0], s[1], s[2], s[3]);
    let alpha = p.scalar("alpha", 1.5);
    let beta = p.scalar("beta", 1.2);
    let tmp = p.array("tmp", &[ni, nj]);
    let a = p.array("A", &[ni, nk]);
    let b = p.array("B", &[nk, nj]);
    let c = p.array("C", &[nj, nl]);
    let d = p.output("D", &[ni, nl]);

    let m = &mut p.init;
    m.fill2(&a, |i, j| int((i * j + 1) % ni) / num(ni));
    m.fill2(&b, |i, j| int(i * (j + 1) % nj) / num(nj));
    m.fill2(&c, |i, j| int((i * (j + 3) + 1) % nl) / num(nl));
    m.fill2(&d, |i, j| int(i * (j + 2) % nk) / num(nk));

    let k = &mut p.kernel;
    let zero = k.constant(0.0);
    k.for_loop("i", 0, ni, |k, i| {
        k.for_loop("j", 0, nj, |k, j| {
            k.set(&tmp, ix![i, j], (&zero).into());
            k.for_loop("k", 0, nk, |k, kk| {
                let prod = &alpha * a.at(ix![i, kk]) * b.at(ix![kk, j]);
                k.set(&tmp, ix![i, j], tmp.at(ix![i, j]) + prod);
            });
        });
    });
    k.for_loop("i", 0, ni, |k, i| {
        k.for_loop("j", 0, nl, |k, j| {
            k.set(&d, ix![i, j], d.at(ix![i, j]) * &beta);
            k.for_loop("k", 0, nj, |k, kk| {
                let prod = tmp.at(ix![i, kk]) * c.at(ix![kk, j]);
                k.set(&d, ix![i, j], d.at(ix![i, j]) + prod);
            });
        });
    });
}

/// `3mm`: `E := A*B; F := C*D; G := E*F`.
pub(super) fn three_mm(p: &mut Program, s: &[i64]) {
    let (ni, nj, nk, nl, nm) = (s[0], s[1], s[2], s[3], s[4]);
    let e = p.array("E", &[ni, nj]);
    let a = p.array("A", &[ni, nk]);
    let b = p.array("B", &[nk, nj]);
    let f = p.array("F", &[nj, nl]);
    let c = p.array("C", &[nj, nm]);
    let d = p.array("D", &[nm, nl]);
    let g = p.output("G", &[ni, nl]);

    let m = &mut p.init;
    m.fill2(&a, |i, j| int((i * j + 1) % ni) / num(5 * ni));
    m.fill2(&b, |i, j| int((i * (j + 1) + 2) % nj) / num(5 * nj));
    m.fill2(&c, |i, j| int(i * (j + 3) % nl) / num(5 * nl));
    m.fill2(&d, |i, j| int((i * (j + 2) + 2) % nk) / num(5 * nk));

    let k = &mut p.kernel;
    let zero = k.constant(0.0);
    for (out, x, y, rows, cols, inner) in [
        (&e, &a, &b, ni, nj, nk),
        (&f, &c, &d, nj, nl, nm),
        (&g, &e, &f, ni, nl, nj),
    ] {
        k.for_loop("i", 0, rows, |k, i| {
            k.for_loop("j", 0, cols, |k, j| {
                k.set(out, ix![i, j], (&zero).into());
                k.for_loop("k", 0, inner, |k, kk| {
                    let prod = x.at(ix![i, kk]) * y.at(ix![kk, j]);
                    k.set(out, ix![i, j], out.at(ix![i, j]) + prod);
                });
            });
        });
    }
}

/// `atax`: `y := A^T * (A * x)`.
pub(super) fn atax(p: &mut Program, s: &[i64]) {
    let (mm, n) = (s[0], s[1]);
    let a = p.array("A", &[mm, n]);
    let x = p.array("x", &[n]);
    let y = p.output("y", &[n]);
    let tmp = p.array("tmp", &[mm]);

    let m = &mut p.init;
    m.fill1(&x, |i| lit(1.0) + int(i) / num(n));
    m.fill2(&a, |i, j| int((i + j) % n) / num(5 * mm));

    let k = &mut p.kernel;
    let zero = k.constant(0.0);
    k.for_loop("i", 0, n, |k, i| k.set(&y, ix![i], (&zero).into()));
    k.for_loop("i", 0, mm, |k, i| {
        k.set(&tmp, ix![i], (&zero).into());
        k.for_loop("j", 0, n, |k, j| {
            k.set(
                &tmp,
                ix![i],
                tmp.at(ix![i]) + a.at(ix![i, j]) * x.at(ix![j]),
            );
        });
        k.for_loop("j", 0, n, |k, j| {
            k.set(&y, ix![j], y.at(ix![j]) + a.at(ix![i, j]) * tmp.at(ix![i]));
        });
    });
}

/// `bicg`: `s := A^T * r; q := A * p`.
pub(super) fn bicg(p: &mut Program, sz: &[i64]) {
    let (mm, n) = (sz[0], sz[1]);
    let a = p.array("A", &[n, mm]);
    let s = p.output("s", &[mm]);
    let q = p.output("q", &[n]);
    let pv = p.array("p", &[mm]);
    let r = p.array("r", &[n]);

    let m = &mut p.init;
    m.fill1(&pv, |i| int(i % mm) / num(mm));
    m.fill1(&r, |i| int(i % n) / num(n));
    m.fill2(&a, |i, j| int(i * (j + 1) % n) / num(n));

    let k = &mut p.kernel;
    let zero = k.constant(0.0);
    k.for_loop("i", 0, mm, |k, i| k.set(&s, ix![i], (&zero).into()));
    k.for_loop("i", 0, n, |k, i| {
        k.set(&q, ix![i], (&zero).into());
        k.for_loop("j", 0, mm, |k, j| {
            k.set(&s, ix![j], s.at(ix![j]) + r.at(ix![i]) * a.at(ix![i, j]));
            k.set(&q, ix![i], q.at(ix![i]) + a.at(ix![i, j]) * pv.at(ix![j]));
        });
    });
}

/// `mvt`: `x1 := x1 + A * y_1; x2 := x2 + A^T * y_2`.
pub(super) fn mvt(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let x1 = p.output("x1", &[n]);
    let x2 = p.output("x2", &[n]);
    let y1 = p.array("y_1", &[n]);
    let y2 = p.array("y_2", &[n]);
    let a = p.array("A", &[n, n]);

    let m = &mut p.init;
    m.fill1(&x1, |i| int(i % n) / num(n));
    m.fill1(&x2, |i| int((i + 1) % n) / num(n));
    m.fill1(&y1, |i| int((i + 3) % n) / num(n));
    m.fill1(&y2, |i| int((i + 4) % n) / num(n));
    m.fill2(&a, |i, j| int(i * j % n) / num(n));

    let k = &mut p.kernel;
    k.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, n, |k, j| {
            k.set(&x1, ix![i], x1.at(ix![i]) + a.at(ix![i, j]) * y1.at(ix![j]));
        });
    });
    k.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, n, |k, j| {
            k.set(&x2, ix![i], x2.at(ix![i]) + a.at(ix![j, i]) * y2.at(ix![j]));
        });
    });
}

/// `gesummv`: `y := alpha*A*x + beta*B*x`.
pub(super) fn gesummv(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let alpha = p.scalar("alpha", 1.5);
    let beta = p.scalar("beta", 1.2);
    let a = p.array("A", &[n, n]);
    let b = p.array("B", &[n, n]);
    let tmp = p.array("tmp", &[n]);
    let x = p.array("x", &[n]);
    let y = p.output("y", &[n]);

    let m = &mut p.init;
    m.fill1(&x, |i| int(i % n) / num(n));
    m.fill2(&a, |i, j| int((i * j + 1) % n) / num(n));
    m.fill2(&b, |i, j| int((i * j + 2) % n) / num(n));

    let k = &mut p.kernel;
    let zero = k.constant(0.0);
    k.for_loop("i", 0, n, |k, i| {
        k.set(&tmp, ix![i], (&zero).into());
        k.set(&y, ix![i], (&zero).into());
        k.for_loop("j", 0, n, |k, j| {
            k.set(
                &tmp,
                ix![i],
                a.at(ix![i, j]) * x.at(ix![j]) + tmp.at(ix![i]),
            );
            k.set(&y, ix![i], b.at(ix![i, j]) * x.at(ix![j]) + y.at(ix![i]));
        });
        k.set(&y, ix![i], &alpha * tmp.at(ix![i]) + &beta * y.at(ix![i]));
    });
}

/// `syrk`: `C := alpha*A*A^T + beta*C` on the lower triangle.
pub(super) fn syrk(p: &mut Program, s: &[i64]) {
    let (mm, n) = (s[0], s[1]);
    let alpha = p.scalar("alpha", 1.5);
    let beta = p.scalar("beta", 1.2);
    let c = p.output("C", &[n, n]);
    let a = p.array("A", &[n, mm]);

    let m = &mut p.init;
    m.fill2(&a, |i, j| int((i * j + 1) % n) / num(n));
    m.fill2(&c, |i, j| int((i * j + 2) % mm) / num(mm));

    p.kernel.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, i.bound(1), |k, j| {
            k.set(&c, ix![i, j], c.at(ix![i, j]) * &beta);
        });
        k.for_loop("k", 0, mm, |k, kk| {
            k.for_loop("j", 0, i.bound(1), |k, j| {
                let prod = &alpha * a.at(ix![i, kk]) * a.at(ix![j, kk]);
                k.set(&c, ix![i, j], c.at(ix![i, j]) + prod);
            });
        });
    });
}

/// `syr2k`: `C := alpha*A*B^T + alpha*B*A^T + beta*C` on the lower
/// triangle.
pub(super) fn syr2k(p: &mut Program, s: &[i64]) {
    let (mm, n) = (s[0], s[1]);
    let alpha = p.scalar("alpha", 1.5);
    let beta = p.scalar("beta", 1.2);
    let c = p.output("C", &[n, n]);
    let a = p.array("A", &[n, mm]);
    let b = p.array("B", &[n, mm]);

    let m = &mut p.init;
    m.fill2(&a, |i, j| int((i * j + 1) % n) / num(n));
    m.fill2(&b, |i, j| int((i * j + 2) % mm) / num(mm));
    m.fill2(&c, |i, j| int((i * j + 3) % n) / num(mm));

    p.kernel.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, i.bound(1), |k, j| {
            k.set(&c, ix![i, j], c.at(ix![i, j]) * &beta);
        });
        k.for_loop("k", 0, mm, |k, kk| {
            k.for_loop("j", 0, i.bound(1), |k, j| {
                let update = a.at(ix![j, kk]) * &alpha * b.at(ix![i, kk])
                    + b.at(ix![j, kk]) * &alpha * a.at(ix![i, kk]);
                k.set(&c, ix![i, j], c.at(ix![i, j]) + update);
            });
        });
    });
}

/// `trmm`: `B := alpha*A^T*B`, `A` unit lower triangular (its strict upper
/// triangle is never initialised nor read).
pub(super) fn trmm(p: &mut Program, s: &[i64]) {
    let (mm, n) = (s[0], s[1]);
    let alpha = p.scalar("alpha", 1.5);
    let a = p.array("A", &[mm, mm]);
    let b = p.output("B", &[mm, n]);

    let m = &mut p.init;
    m.for_loop("i", 0, mm, |m, i| {
        let ie: IExpr = i.into();
        m.for_loop("j", 0, i.bound(0), |m, j| {
            m.set(&a, ix![i, j], int((&ie + j) % mm) / num(mm));
        });
        m.set(&a, ix![i, i], lit(1.0));
        m.for_loop("j", 0, n, |m, j| {
            m.set(&b, ix![i, j], int((&ie - j + n) % n) / num(n));
        });
    });

    p.kernel.for_loop("i", 0, mm, |k, i| {
        k.for_loop("j", 0, n, |k, j| {
            k.for_loop("k", i.bound(1), mm, |k, kk| {
                let prod = a.at(ix![kk, i]) * b.at(ix![kk, j]);
                k.set(&b, ix![i, j], b.at(ix![i, j]) + prod);
            });
            k.set(&b, ix![i, j], &alpha * b.at(ix![i, j]));
        });
    });
}

/// `gemver`: `A := A + u1*v1^T + u2*v2^T; x := x + beta*A^T*y; x := x + z;
/// w := w + alpha*A*x`.
pub(super) fn gemver(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let alpha = p.scalar("alpha", 1.5);
    let beta = p.scalar("beta", 1.2);
    let a = p.array("A", &[n, n]);
    let u1 = p.array("u1", &[n]);
    let v1 = p.array("v1", &[n]);
    let u2 = p.array("u2", &[n]);
    let v2 = p.array("v2", &[n]);
    let w = p.output("w", &[n]);
    let x = p.array("x", &[n]);
    let y = p.array("y", &[n]);
    let z = p.array("z", &[n]);

    let m = &mut p.init;
    m.fill1(&u1, |i| int(i));
    for (arr, den) in [(&u2, 2.0), (&v1, 4.0), (&v2, 6.0), (&y, 8.0), (&z, 9.0)] {
        m.fill1(arr, |i| int(i + 1) / num(n) / lit(den));
    }
    m.fill1(&x, |_| lit(0.0));
    m.fill1(&w, |_| lit(0.0));
    m.fill2(&a, |i, j| int(i * j % n) / num(n));

    let k = &mut p.kernel;
    k.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, n, |k, j| {
            let update =
                a.at(ix![i, j]) + u1.at(ix![i]) * v1.at(ix![j]) + u2.at(ix![i]) * v2.at(ix![j]);
            k.set(&a, ix![i, j], update);
        });
    });
    k.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, n, |k, j| {
            let prod = &beta * a.at(ix![j, i]) * y.at(ix![j]);
            k.set(&x, ix![i], x.at(ix![i]) + prod);
        });
    });
    k.for_loop("i", 0, n, |k, i| {
        k.set(&x, ix![i], x.at(ix![i]) + z.at(ix![i]));
    });
    k.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, n, |k, j| {
            let prod = &alpha * a.at(ix![i, j]) * x.at(ix![j]);
            k.set(&w, ix![i], w.at(ix![i]) + prod);
        });
    });
}

/// `doitgen`: for every `(r, q)`, `A[r][q][:] := A[r][q][:] * C4`.
pub(super) fn doitgen(p: &mut Program, s: &[i64]) {
    let (nq, nr, np) = (s[0], s[1], s[2]);
    let a = p.output("A", &[nr, nq, np]);
    let c4 = p.array("C4", &[np, np]);
    let sum = p.array("sum", &[np]);

    let m = &mut p.init;
    m.fill3(&a, |i, j, k| int((i * j + k) % np) / num(np));
    m.fill2(&c4, |i, j| int(i * j % np) / num(np));

    let k = &mut p.kernel;
    let zero = k.constant(0.0);
    k.for_loop("r", 0, nr, |k, r| {
        k.for_loop("q", 0, nq, |k, q| {
            k.for_loop("p", 0, np, |k, pp| {
                k.set(&sum, ix![pp], (&zero).into());
                k.for_loop("s", 0, np, |k, ss| {
                    let prod = a.at(ix![r, q, ss]) * c4.at(ix![ss, pp]);
                    k.set(&sum, ix![pp], sum.at(ix![pp]) + prod);
                });
            });
            k.for_loop("p", 0, np, |k, pp| {
                k.set(&a, ix![r, q, pp], sum.at(ix![pp]));
            });
        });
    });
}

/// PolyBench's initialisation of `lu` and `cholesky`: a unit lower
/// triangular matrix `L` made positive semi-definite as `L*L^T`, through
/// a temporary `B`.
fn positive_semi_definite(p: &mut Program, a: &Arr, n: i64) {
    let m = &mut p.init;
    m.for_loop("i", 0, n, |m, i| {
        m.for_loop("j", 0, i.bound(1), |m, j| {
            let je: IExpr = j.into();
            m.set(a, ix![i, j], int(-&je % n) / num(n) + num(1));
        });
        m.for_loop("j", i.bound(1), n, |m, j| m.set(a, ix![i, j], lit(0.0)));
        m.set(a, ix![i, i], lit(1.0));
    });
    let b = m.alloc("B", &[n, n]);
    m.fill2(&b, |_, _| lit(0.0));
    m.for_loop("t", 0, n, |m, t| {
        m.for_loop("r", 0, n, |m, r| {
            m.for_loop("s", 0, n, |m, ss| {
                let prod = a.at(ix![r, t]) * a.at(ix![ss, t]);
                m.set(&b, ix![r, ss], b.at(ix![r, ss]) + prod);
            });
        });
    });
    m.for_loop("r", 0, n, |m, r| {
        m.for_loop("s", 0, n, |m, ss| m.set(a, ix![r, ss], b.at(ix![r, ss])));
    });
    m.dealloc(&b);
}

/// `lu`: in-place LU decomposition without pivoting, of a matrix made
/// positive semi-definite as `A*A^T` (PolyBench's initialisation, through a
/// temporary `B`).
pub(super) fn lu(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let a = p.output("A", &[n, n]);
    positive_semi_definite(p, &a, n);

    p.kernel.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, i.bound(0), |k, j| {
            k.for_loop("k", 0, j.bound(0), |k, kk| {
                let prod = a.at(ix![i, kk]) * a.at(ix![kk, j]);
                k.set(&a, ix![i, j], a.at(ix![i, j]) - prod);
            });
            k.set(&a, ix![i, j], a.at(ix![i, j]) / a.at(ix![j, j]));
        });
        k.for_loop("j", i.bound(0), n, |k, j| {
            k.for_loop("k", 0, i.bound(0), |k, kk| {
                let prod = a.at(ix![i, kk]) * a.at(ix![kk, j]);
                k.set(&a, ix![i, j], a.at(ix![i, j]) - prod);
            });
        });
    });
}

/// `cholesky`: in-place Cholesky decomposition `A = L*L^T` of a matrix
/// made positive semi-definite as for `lu`; `L` overwrites the lower
/// triangle.
pub(super) fn cholesky(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let a = p.output("A", &[n, n]);
    positive_semi_definite(p, &a, n);

    p.kernel.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, i.bound(0), |k, j| {
            k.for_loop("k", 0, j.bound(0), |k, kk| {
                let prod = a.at(ix![i, kk]) * a.at(ix![j, kk]);
                k.set(&a, ix![i, j], a.at(ix![i, j]) - prod);
            });
            k.set(&a, ix![i, j], a.at(ix![i, j]) / a.at(ix![j, j]));
        });
        k.for_loop("k", 0, i.bound(0), |k, kk| {
            let prod = a.at(ix![i, kk]) * a.at(ix![i, kk]);
            k.set(&a, ix![i, i], a.at(ix![i, i]) - prod);
        });
        k.set(&a, ix![i, i], a.at(ix![i, i]).sqrt());
    });
}

/// `symm`: `C := alpha*A*B + beta*C`, `A` symmetric, stored in its lower
/// triangle (PolyBench fills the strict upper triangle with `-999`, never
/// read).
pub(super) fn symm(p: &mut Program, s: &[i64]) {
    let (mm, n) = (s[0], s[1]);
    let alpha = p.scalar("alpha", 1.5);
    let beta = p.scalar("beta", 1.2);
    let c = p.output("C", &[mm, n]);
    let a = p.array("A", &[mm, mm]);
    let b = p.array("B", &[mm, n]);

    let m = &mut p.init;
    m.for_loop("i", 0, mm, |m, i| {
        m.for_loop("j", 0, n, |m, j| {
            let (ie, je) = (IExpr::from(i), IExpr::from(j));
            m.set(&c, ix![i, j], int((&ie + &je) % 100) / num(mm));
            m.set(
                &b,
                ix![i, j],
                int((IExpr::from(n) + &ie - &je) % 100) / num(mm),
            );
        });
    });
    m.for_loop("i", 0, mm, |m, i| {
        m.for_loop("j", 0, i.bound(1), |m, j| {
            m.set(&a, ix![i, j], int((IExpr::from(i) + j) % 100) / num(mm));
        });
        m.for_loop("j", i.bound(1), mm, |m, j| m.set(&a, ix![i, j], num(-999)));
    });

    let k = &mut p.kernel;
    let temp2 = k.alloca("temp2", &[1]);
    let zero = k.constant(0.0);
    k.for_loop("i", 0, mm, |k, i| {
        k.for_loop("j", 0, n, |k, j| {
            k.set(&temp2, ix![0], (&zero).into());
            k.for_loop("k", 0, i.bound(0), |k, kk| {
                let prod = &alpha * b.at(ix![i, j]) * a.at(ix![i, kk]);
                k.set(&c, ix![kk, j], c.at(ix![kk, j]) + prod);
                let prod = b.at(ix![kk, j]) * a.at(ix![i, kk]);
                k.set(&temp2, ix![0], temp2.at(ix![0]) + prod);
            });
            let update = &beta * c.at(ix![i, j])
                + &alpha * b.at(ix![i, j]) * a.at(ix![i, i])
                + &alpha * temp2.at(ix![0]);
            k.set(&c, ix![i, j], update);
        });
    });
}

/// `gramschmidt`: QR decomposition of `A` by modified Gram-Schmidt, `A`
/// overwritten; `R` and `Q` are live out.
pub(super) fn gramschmidt(p: &mut Program, s: &[i64]) {
    let (mm, n) = (s[0], s[1]);
    let a = p.array("A", &[mm, n]);
    let r = p.output("R", &[n, n]);
    let q = p.output("Q", &[mm, n]);

    let m = &mut p.init;
    m.for_loop("i", 0, mm, |m, i| {
        m.for_loop("j", 0, n, |m, j| {
            let scaled = int(IExpr::from(i) * j % mm) / num(mm) * num(100);
            m.set(&a, ix![i, j], scaled + num(10));
            m.set(&q, ix![i, j], lit(0.0));
        });
    });
    m.fill2(&r, |_, _| lit(0.0));

    let k = &mut p.kernel;
    let nrm = k.alloca("nrm", &[1]);
    let zero = k.constant(0.0);
    k.for_loop("k", 0, n, |k, kk| {
        k.set(&nrm, ix![0], (&zero).into());
        k.for_loop("i", 0, mm, |k, i| {
            let sq = a.at(ix![i, kk]) * a.at(ix![i, kk]);
            k.set(&nrm, ix![0], nrm.at(ix![0]) + sq);
        });
        k.set(&r, ix![kk, kk], nrm.at(ix![0]).sqrt());
        k.for_loop("i", 0, mm, |k, i| {
            k.set(&q, ix![i, kk], a.at(ix![i, kk]) / r.at(ix![kk, kk]));
        });
        k.for_loop("j", kk.bound(1), n, |k, j| {
            k.set(&r, ix![kk, j], (&zero).into());
            k.for_loop("i", 0, mm, |k, i| {
                let prod = q.at(ix![i, kk]) * a.at(ix![i, j]);
                k.set(&r, ix![kk, j], r.at(ix![kk, j]) + prod);
            });
            k.for_loop("i", 0, mm, |k, i| {
                let prod = q.at(ix![i, kk]) * r.at(ix![kk, j]);
                k.set(&a, ix![i, j], a.at(ix![i, j]) - prod);
            });
        });
    });
}

/// `trisolv`: forward substitution `x := L^-1 * b`, `L` lower triangular
/// (its strict upper triangle is neither initialised nor read).
pub(super) fn trisolv(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let l = p.array("L", &[n, n]);
    let x = p.output("x", &[n]);
    let b = p.array("b", &[n]);

    p.init.for_loop("i", 0, n, |m, i| {
        m.set(&x, ix![i], num(-999));
        m.set(&b, ix![i], int(i));
        m.for_loop("j", 0, i.bound(1), |m, j| {
            let e = IExpr::from(i) + n - j + 1;
            m.set(&l, ix![i, j], int(e) * num(2) / num(n));
        });
    });

    p.kernel.for_loop("i", 0, n, |k, i| {
        k.set(&x, ix![i], b.at(ix![i]));
        k.for_loop("j", 0, i.bound(0), |k, j| {
            let prod = l.at(ix![i, j]) * x.at(ix![j]);
            k.set(&x, ix![i], x.at(ix![i]) - prod);
        });
        k.set(&x, ix![i], x.at(ix![i]) / l.at(ix![i, i]));
    });
}

/// `durbin`: the Yule-Walker equations solved by Durbin's recursion; the
/// scalars `alpha`, `beta`, `sum` and the local array `z` are allocas of
/// the kernel.
pub(super) fn durbin(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let r = p.array("r", &[n]);
    let y = p.output("y", &[n]);

    p.init.fill1(&r, |i| int(IExpr::from(n + 1) - i));

    let k = &mut p.kernel;
    let z = k.alloca("z", &[n]);
    let alpha = k.alloca("alpha", &[1]);
    let beta = k.alloca("beta", &[1]);
    let sum = k.alloca("sum", &[1]);
    k.set(&y, ix![0], -r.at(ix![0]));
    k.set(&beta, ix![0], lit(1.0));
    k.set(&alpha, ix![0], -r.at(ix![0]));
    k.for_loop("k", 1, n, |k, kk| {
        let a2 = alpha.at(ix![0]) * alpha.at(ix![0]);
        k.set(&beta, ix![0], (num(1) - a2) * beta.at(ix![0]));
        k.set(&sum, ix![0], lit(0.0));
        k.for_loop("i", 0, kk.bound(0), |k, i| {
            let prod = r.at(ix![{ lin(&[(1, kk), (-1, i)], -1) }]) * y.at(ix![i]);
            k.set(&sum, ix![0], sum.at(ix![0]) + prod);
        });
        let next = -(r.at(ix![kk]) + sum.at(ix![0])) / beta.at(ix![0]);
        k.set(&alpha, ix![0], next);
        k.for_loop("i", 0, kk.bound(0), |k, i| {
            let prod = alpha.at(ix![0]) * y.at(ix![{ lin(&[(1, kk), (-1, i)], -1) }]);
            k.set(&z, ix![i], y.at(ix![i]) + prod);
        });
        k.for_loop("i", 0, kk.bound(0), |k, i| k.set(&y, ix![i], z.at(ix![i])));
        k.set(&y, ix![kk], alpha.at(ix![0]));
    });
}

/// `ludcmp`: LU decomposition of `A` (made positive semi-definite as for
/// `lu`), then forward (`y`) and backward (`x`) substitution; `x` is live
/// out. The scalar `w` is a one-element alloca of the kernel.
///
/// PolyBench initialises `b[i] = (i+1)/fn/2.0 + 4`, whose `/2.0` and `+ 4`
/// a `float` C program evaluates in `double`; the `f32` module computes
/// them in `f32`, which gives the same values (the division by 2 is exact
/// and the sum is rounded once either way).
pub(super) fn ludcmp(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let a = p.array("A", &[n, n]);
    let b = p.array("b", &[n]);
    let x = p.output("x", &[n]);
    let y = p.array("y", &[n]);

    p.init.for_loop("i", 0, n, |m, i| {
        m.set(&x, ix![i], num(0));
        m.set(&y, ix![i], num(0));
        m.set(
            &b,
            ix![i],
            int(IExpr::from(i) + 1) / num(n) / lit(2.0) + num(4),
        );
    });
    positive_semi_definite(p, &a, n);

    let k = &mut p.kernel;
    let w = k.alloca("w", &[1]);
    k.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, i.bound(0), |k, j| {
            k.set(&w, ix![0], a.at(ix![i, j]));
            k.for_loop("k", 0, j.bound(0), |k, kk| {
                let prod = a.at(ix![i, kk]) * a.at(ix![kk, j]);
                k.set(&w, ix![0], w.at(ix![0]) - prod);
            });
            k.set(&a, ix![i, j], w.at(ix![0]) / a.at(ix![j, j]));
        });
        k.for_loop("j", i.bound(0), n, |k, j| {
            k.set(&w, ix![0], a.at(ix![i, j]));
            k.for_loop("k", 0, i.bound(0), |k, kk| {
                let prod = a.at(ix![i, kk]) * a.at(ix![kk, j]);
                k.set(&w, ix![0], w.at(ix![0]) - prod);
            });
            k.set(&a, ix![i, j], w.at(ix![0]));
        });
    });
    k.for_loop("i", 0, n, |k, i| {
        k.set(&w, ix![0], b.at(ix![i]));
        k.for_loop("j", 0, i.bound(0), |k, j| {
            let prod = a.at(ix![i, j]) * y.at(ix![j]);
            k.set(&w, ix![0], w.at(ix![0]) - prod);
        });
        k.set(&y, ix![i], w.at(ix![0]));
    });
    // for (i = N-1; i >= 0; i--), i = N-1 - ri.
    k.for_loop("ri", 0, n, |k, ri| {
        let i = || lin(&[(-1, ri)], n - 1);
        k.set(&w, ix![0], y.at(ix![{ i() }]));
        k.for_loop("j", Bound::from(lin(&[(-1, ri)], n)), n, |k, j| {
            let prod = a.at(ix![{ i() }, j]) * x.at(ix![j]);
            k.set(&w, ix![0], w.at(ix![0]) - prod);
        });
        k.set(&x, ix![{ i() }], w.at(ix![0]) / a.at(ix![{ i() }, { i() }]));
    });
}

//! PolyBench 4.2's stencils, transcribed statement by statement: same
//! time loop, same sweeps, same initialisation, and every sum evaluated in
//! the C source's left-to-right order.

use super::emit::lin;
use super::expr::{double_mul, int, ix, lit, num};
use super::Program;

/// `jacobi-1d`: `B := 0.33333 * (3-point neighbourhood of A)`, then the
/// same from `B` back into `A`, `TSTEPS` times. `0.33333` is a `double`
/// literal in PolyBench (not `SCALAR_VAL`), so an `f32` kernel multiplies
/// in `f64` and rounds the product to `f32`, as C does.
pub(super) fn jacobi_1d(p: &mut Program, s: &[i64]) {
    let (tsteps, n) = (s[0], s[1]);
    let a = p.output("A", &[n]);
    let b = p.array("B", &[n]);

    let m = &mut p.init;
    m.for_loop("i", 0, n, |m, i| {
        m.set(&a, ix![i], (int(i) + num(2)) / num(n));
        m.set(&b, ix![i], (int(i) + num(3)) / num(n));
    });

    p.kernel.for_loop("t", 0, tsteps, |k, _| {
        for (dst, src) in [(&b, &a), (&a, &b)] {
            k.for_loop("i", 1, n - 1, |k, i| {
                let sum = src.at(ix![i - 1]) + src.at(ix![i]) + src.at(ix![i + 1]);
                k.set(dst, ix![i], double_mul(0.33333, sum));
            });
        }
    });
}

/// `adi`: alternating-direction implicit solver of a 2-D heat equation, a
/// column sweep (tridiagonal systems along `j` into `v`) then a row sweep
/// (into `u`) per time step; the coefficients are computed at the start of
/// the kernel as in PolyBench. Only `u` is initialised and live out; every
/// element of `v`, `p` and `q` the kernel reads it has written before.
pub(super) fn adi(p: &mut Program, s: &[i64]) {
    let (tsteps, n) = (s[0], s[1]);
    let u = p.output("u", &[n, n]);
    let v = p.array("v", &[n, n]);
    let pp = p.array("p", &[n, n]);
    let q = p.array("q", &[n, n]);

    p.init.fill2(&u, |i, j| int(i + n - j) / num(n));

    let k = &mut p.kernel;
    let dx = k.eval(&(lit(1.0) / num(n)));
    let dy = k.eval(&(lit(1.0) / num(n)));
    let dt = k.eval(&(lit(1.0) / num(tsteps)));
    let b1 = k.constant(2.0);
    let b2 = k.constant(1.0);
    let mul1 = k.eval(&(&b1 * &dt / (&dx * &dx)));
    let mul2 = k.eval(&(&b2 * &dt / (&dy * &dy)));
    let a = k.eval(&(-&mul1 / lit(2.0)));
    let b = k.eval(&(lit(1.0) + &mul1));
    let c = a.clone();
    let d = k.eval(&(-&mul2 / lit(2.0)));
    let e = k.eval(&(lit(1.0) + &mul2));
    let f = d.clone();
    k.for_loop("t", 1, tsteps + 1, |k, _| {
        // Column sweep.
        k.for_loop("i", 1, n - 1, |k, i| {
            k.set(&v, ix![0, i], lit(1.0));
            k.set(&pp, ix![i, 0], lit(0.0));
            k.set(&q, ix![i, 0], v.at(ix![0, i]));
            k.for_loop("j", 1, n - 1, |k, j| {
                let den = || &a * pp.at(ix![i, j - 1]) + &b;
                k.set(&pp, ix![i, j], -&c / den());
                let num_ = -&d * u.at(ix![j, i - 1]) + (lit(1.0) + lit(2.0) * &d) * u.at(ix![j, i])
                    - &f * u.at(ix![j, i + 1])
                    - &a * q.at(ix![i, j - 1]);
                k.set(&q, ix![i, j], num_ / den());
            });
            let last = || lin(&[], n - 1);
            k.set(&v, ix![{ last() }, i], lit(1.0));
            // for (j = N-2; j >= 1; j--), j = N-1 - rj.
            k.for_loop("rj", 1, n - 1, |k, rj| {
                let j = |c: i64| lin(&[(-1, rj)], n - 1 + c);
                let next =
                    pp.at(ix![i, { j(0) }]) * v.at(ix![{ j(1) }, i]) + q.at(ix![i, { j(0) }]);
                k.set(&v, ix![{ j(0) }, i], next);
            });
        });
        // Row sweep.
        k.for_loop("i", 1, n - 1, |k, i| {
            k.set(&u, ix![i, 0], lit(1.0));
            k.set(&pp, ix![i, 0], lit(0.0));
            k.set(&q, ix![i, 0], u.at(ix![i, 0]));
            k.for_loop("j", 1, n - 1, |k, j| {
                let den = || &d * pp.at(ix![i, j - 1]) + &e;
                k.set(&pp, ix![i, j], -&f / den());
                let num_ = -&a * v.at(ix![i - 1, j]) + (lit(1.0) + lit(2.0) * &a) * v.at(ix![i, j])
                    - &c * v.at(ix![i + 1, j])
                    - &d * q.at(ix![i, j - 1]);
                k.set(&q, ix![i, j], num_ / den());
            });
            let last = || lin(&[], n - 1);
            k.set(&u, ix![i, { last() }], lit(1.0));
            k.for_loop("rj", 1, n - 1, |k, rj| {
                let j = |c: i64| lin(&[(-1, rj)], n - 1 + c);
                let next =
                    pp.at(ix![i, { j(0) }]) * u.at(ix![i, { j(1) }]) + q.at(ix![i, { j(0) }]);
                k.set(&u, ix![i, { j(0) }], next);
            });
        });
    });
}

/// `jacobi-2d`: `B := 0.2 * (5-point neighbourhood of A)`, then the same
/// from `B` back into `A`, `TSTEPS` times.
pub(super) fn jacobi_2d(p: &mut Program, s: &[i64]) {
    let (tsteps, n) = (s[0], s[1]);
    let a = p.output("A", &[n, n]);
    let b = p.array("B", &[n, n]);

    let m = &mut p.init;
    m.fill2(&a, |i, j| (int(i) * int(j + 2) + num(2)) / num(n));
    m.fill2(&b, |i, j| (int(i) * int(j + 3) + num(3)) / num(n));

    let k = &mut p.kernel;
    let fifth = k.constant(0.2);
    k.for_loop("t", 0, tsteps, |k, _| {
        for (dst, src) in [(&b, &a), (&a, &b)] {
            k.for_loop("i", 1, n - 1, |k, i| {
                k.for_loop("j", 1, n - 1, |k, j| {
                    let sum = src.at(ix![i, j])
                        + src.at(ix![i, j - 1])
                        + src.at(ix![i, j + 1])
                        + src.at(ix![i + 1, j])
                        + src.at(ix![i - 1, j]);
                    k.set(dst, ix![i, j], &fifth * sum);
                });
            });
        }
    });
}

/// `seidel-2d`: `A[i][j] := (9-point neighbourhood of A) / 9`, in place,
/// `TSTEPS` times.
pub(super) fn seidel_2d(p: &mut Program, s: &[i64]) {
    let (tsteps, n) = (s[0], s[1]);
    let a = p.output("A", &[n, n]);

    p.init
        .fill2(&a, |i, j| (int(i) * int(j + 2) + num(2)) / num(n));

    let k = &mut p.kernel;
    let nine = k.constant(9.0);
    k.for_loop("t", 0, tsteps, |k, _| {
        k.for_loop("i", 1, n - 1, |k, i| {
            k.for_loop("j", 1, n - 1, |k, j| {
                let sum = a.at(ix![i - 1, j - 1])
                    + a.at(ix![i - 1, j])
                    + a.at(ix![i - 1, j + 1])
                    + a.at(ix![i, j - 1])
                    + a.at(ix![i, j])
                    + a.at(ix![i, j + 1])
                    + a.at(ix![i + 1, j - 1])
                    + a.at(ix![i + 1, j])
                    + a.at(ix![i + 1, j + 1]);
                k.set(&a, ix![i, j], sum / &nine);
            });
        });
    });
}

/// `heat-3d`: the 7-point heat equation from `A` into `B` and back,
/// `TSTEPS` times.
pub(super) fn heat_3d(p: &mut Program, s: &[i64]) {
    let (tsteps, n) = (s[0], s[1]);
    let a = p.output("A", &[n, n, n]);
    let b = p.array("B", &[n, n, n]);

    let m = &mut p.init;
    for arr in [&a, &b] {
        m.fill3(arr, |i, j, k| int(i + j - k + n) * num(10) / num(n));
    }

    let k = &mut p.kernel;
    let eighth = k.constant(0.125);
    let two = k.constant(2.0);
    k.for_loop("t", 0, tsteps, |k, _| {
        for (dst, src) in [(&b, &a), (&a, &b)] {
            k.for_loop("i", 1, n - 1, |k, i| {
                k.for_loop("j", 1, n - 1, |k, j| {
                    k.for_loop("k", 1, n - 1, |k, kk| {
                        let at = || src.at(ix![i, j, kk]);
                        let di =
                            src.at(ix![i + 1, j, kk]) - &two * at() + src.at(ix![i - 1, j, kk]);
                        let dj =
                            src.at(ix![i, j + 1, kk]) - &two * at() + src.at(ix![i, j - 1, kk]);
                        let dk =
                            src.at(ix![i, j, kk + 1]) - &two * at() + src.at(ix![i, j, kk - 1]);
                        let next = &eighth * di + &eighth * dj + &eighth * dk + at();
                        k.set(dst, ix![i, j, kk], next);
                    });
                });
            });
        }
    });
}

/// `fdtd-2d`: the electric fields `ex`, `ey` and the magnetic field `hz`
/// updated from each other `TMAX` times, `ey`'s first row driven by
/// `_fict_`.
pub(super) fn fdtd_2d(p: &mut Program, s: &[i64]) {
    let (tmax, nx, ny) = (s[0], s[1], s[2]);
    let ex = p.output("ex", &[nx, ny]);
    let ey = p.output("ey", &[nx, ny]);
    let hz = p.output("hz", &[nx, ny]);
    let fict = p.array("fict", &[tmax]);

    let m = &mut p.init;
    m.fill1(&fict, |i| int(i));
    m.fill2(&ex, |i, j| int(i) * int(j + 1) / num(nx));
    m.fill2(&ey, |i, j| int(i) * int(j + 2) / num(ny));
    m.fill2(&hz, |i, j| int(i) * int(j + 3) / num(nx));

    let k = &mut p.kernel;
    let half = k.constant(0.5);
    let c07 = k.constant(0.7);
    k.for_loop("t", 0, tmax, |k, t| {
        k.for_loop("j", 0, ny, |k, j| k.set(&ey, ix![0, j], fict.at(ix![t])));
        k.for_loop("i", 1, nx, |k, i| {
            k.for_loop("j", 0, ny, |k, j| {
                let curl = hz.at(ix![i, j]) - hz.at(ix![i - 1, j]);
                k.set(&ey, ix![i, j], ey.at(ix![i, j]) - &half * curl);
            });
        });
        k.for_loop("i", 0, nx, |k, i| {
            k.for_loop("j", 1, ny, |k, j| {
                let curl = hz.at(ix![i, j]) - hz.at(ix![i, j - 1]);
                k.set(&ex, ix![i, j], ex.at(ix![i, j]) - &half * curl);
            });
        });
        k.for_loop("i", 0, nx - 1, |k, i| {
            k.for_loop("j", 0, ny - 1, |k, j| {
                let curl = ex.at(ix![i, j + 1]) - ex.at(ix![i, j]) + ey.at(ix![i + 1, j])
                    - ey.at(ix![i, j]);
                k.set(&hz, ix![i, j], hz.at(ix![i, j]) - &c07 * curl);
            });
        });
    });
}

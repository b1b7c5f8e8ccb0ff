//! PolyBench 4.2's stencils, transcribed statement by statement: same
//! time loop, same sweeps, same initialisation, and every sum evaluated in
//! the C source's left-to-right order.

use super::expr::{int, ix, num};
use super::Program;

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

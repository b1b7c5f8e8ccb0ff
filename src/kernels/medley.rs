//! PolyBench 4.2's medley kernels: `floyd-warshall` and `nussinov` on
//! `i32` as PolyBench runs them (`DATA_TYPE_IS_INT`), and `deriche` in
//! `f32` by default as PolyBench (`DATA_TYPE_IS_FLOAT`).

use super::emit::{lin, Bound, Val};
use super::expr::{cond, int, ix, lit, num, Cmp, IExpr};
use super::{ElemType, Program};

/// `floyd-warshall`: `path[i][j] := min(path[i][j], path[i][k] +
/// path[k][j])` for every intermediate vertex `k`.
pub(super) fn floyd_warshall(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let path = p.output("path", &[n, n]);

    // path[i][j] = i*j%7+1, or 999 (no edge) when (i+j) is a multiple of
    // 13, 7 or 11.
    p.init.for_loop("i", 0, n, |m, i| {
        m.for_loop("j", 0, n, |m, j| {
            let (ie, je) = (IExpr::from(i), IExpr::from(j));
            let weight = m.eval(&int(&ie * &je % 7 + 1));
            let sum = m.int(&(&ie + &je));
            let zero = m.index(0);
            let mut no_edge: Option<Val> = None;
            for d in [13, 7, 11] {
                let rem = m.int(&(IExpr::from(&sum) % d));
                let hit = m.def(&format!("arith.cmpi eq, {rem}, {zero} : index"));
                no_edge = Some(match no_edge {
                    None => hit,
                    Some(prev) => m.def(&format!("arith.ori {prev}, {hit} : i1")),
                });
            }
            let far = m.constant(999.0);
            if let Some(cond) = no_edge {
                let v = m.def(&format!("arith.select {cond}, {far}, {weight} : i32"));
                m.store(&v, &path, &ix![i, j]);
            }
        });
    });

    p.kernel.for_loop("k", 0, n, |k, kk| {
        k.for_loop("i", 0, n, |k, i| {
            k.for_loop("j", 0, n, |k, j| {
                let through = path.at(ix![i, kk]) + path.at(ix![kk, j]);
                k.set(&path, ix![i, j], path.at(ix![i, j]).min(through));
            });
        });
    });
}

/// `nussinov`: RNA secondary-structure prediction by dynamic programming,
/// `table[i][j]` the best score of `seq[i..=j]`.
///
/// As in PolyBench, `i` counts down (the loop `%ri` counts up, `i = N-1 -
/// %ri`) and every `if` of the C is an `affine.if`, including the two
/// that always hold inside the `j` loop (`j-1 >= 0`, `i+1 < N`);
/// `max_score(s1, s2)`, `s1 >= s2 ? s1 : s2` on integers, is
/// `arith.maxsi`, and `match(b1, b2)` an `arith.cmpi` and `arith.select`.
/// PolyBench's `seq` is a `char` array (`base`) promoted to `int` where it
/// is read; here it is an `i32` array holding the same values (0 to 3).
pub(super) fn nussinov(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let seq = p.array("seq", &[n]);
    let table = p.output("table", &[n, n]);

    let m = &mut p.init;
    m.fill1(&seq, |i| int((i + 1) % 4));
    m.fill2(&table, |_, _| num(0));

    p.kernel.for_loop("ri", 0, n, |k, ri| {
        // `i + c` for i = N-1 - ri.
        let i = |c: i64| lin(&[(-1, ri)], n - 1 + c);
        k.for_loop("j", Bound::from(lin(&[(-1, ri)], n)), n, |k, j| {
            let cell = || table.at(ix![{ i(0) }, j]);
            let left = table.at(ix![{ i(0) }, j - 1]);
            let below = table.at(ix![{ i(1) }, j]);
            let diagonal = || table.at(ix![{ i(1) }, j - 1]);
            // if (j-1 >= 0)
            k.affine_if(
                &[lin(&[(1, j)], -1)],
                |k| k.set(&table, ix![{ i(0) }, j], cell().max(left)),
                None,
            );
            // if (i+1 < N), i.e. N-2 - i >= 0, i.e. ri - 1 >= 0
            k.affine_if(
                &[lin(&[(1, ri)], -1)],
                |k| k.set(&table, ix![{ i(0) }, j], cell().max(below)),
                None,
            );
            // if (j-1 >= 0 && i+1 < N)
            k.affine_if(
                &[lin(&[(1, j)], -1), lin(&[(1, ri)], -1)],
                |k| {
                    // if (i < j-1), i.e. j - i - 2 >= 0
                    let bond = |k: &mut super::emit::Body| {
                        let pair = seq.at(ix![{ i(0) }]) + seq.at(ix![j]);
                        let matched = cond(pair, Cmp::Eq, num(3), num(1), num(0));
                        k.set(&table, ix![{ i(0) }, j], cell().max(diagonal() + matched));
                    };
                    let adjacent = |k: &mut super::emit::Body| {
                        k.set(&table, ix![{ i(0) }, j], cell().max(diagonal()));
                    };
                    k.affine_if(&[lin(&[(1, j), (1, ri)], -n - 1)], bond, Some(&adjacent));
                },
                None,
            );
            k.for_loop(
                "k",
                Bound::from(lin(&[(-1, ri)], n)),
                j.bound(0),
                |k, kk| {
                    let split = table.at(ix![{ i(0) }, kk]) + table.at(ix![kk + 1, j]);
                    k.set(&table, ix![{ i(0) }, j], cell().max(split));
                },
            );
        });
    });
}

/// Deriche's filter coefficients for `alpha`, computed in `$t` exactly as
/// PolyBench's kernel computes them (`expf`/`powf` in `float`, `exp`/`pow`
/// in `double`), widened to `f64`: `[a1, ..., a8, b1, b2, c1, c2]`.
macro_rules! deriche_coefficients {
    ($t:ty, $alpha:expr) => {{
        let alpha: $t = $alpha;
        let e = |x: $t| x.exp();
        let k = (1.0 - e(-alpha)) * (1.0 - e(-alpha))
            / (1.0 + 2.0 * alpha * e(-alpha) - e(2.0 * alpha));
        let a1 = k;
        let a2 = k * e(-alpha) * (alpha - 1.0);
        let a3 = k * e(-alpha) * (alpha + 1.0);
        let a4 = -k * e(-2.0 * alpha);
        let b1 = (2.0 as $t).powf(-alpha);
        let b2 = -e(-2.0 * alpha);
        let (c1, c2): ($t, $t) = (1.0, 1.0);
        [a1, a2, a3, a4, a1, a2, a3, a4, b1, b2, c1, c2].map(f64::from)
    }};
}

/// PolyBench's `alpha` for deriche (`init_array`'s `*alpha = 0.25`).
pub(super) const DERICHE_ALPHA: f64 = 0.25;

/// Deriche's coefficients `[a1, ..., a8, b1, b2, c1, c2]` for `alpha` in
/// `elem` (see [`deriche`]).
pub(super) fn deriche_coefficients(elem: ElemType, alpha: f64) -> [f64; 12] {
    match elem {
        ElemType::F32 => deriche_coefficients!(f32, alpha as f32),
        _ => deriche_coefficients!(f64, alpha),
    }
}

/// `deriche`: Deriche's recursive edge-detection filter, causal and
/// anti-causal passes along rows then along columns.
///
/// PolyBench's kernel takes `alpha` (0.25) and starts by computing the
/// filter's coefficients `k`, `a1`...`a8`, `b1`, `b2`, `c1`, `c2` from
/// `exp(-alpha)`, `exp(2*alpha)`, `exp(-2*alpha)` and `pow(2, -alpha)`.
/// MLIR's affine kernels have no portable, correctly rounded `exp`/`pow`
/// (`math.exp` is lowered to a polynomial), so the coefficients are
/// computed here, at generation time, in the element type and in
/// PolyBench's order (see [`deriche_coefficients`]), and the kernel
/// holds them as constants; it takes no `alpha`. The four `exp`/`pow`
/// values are correctly rounded in both `f32` and `f64` (checked by a
/// test), so they do not depend on the platform's libm. The scalars the
/// passes carry (`xm1`, `ym1`, ...) are one-element allocas, and the loops
/// counting down run upwards over the same range (`%rj`, `%ri`).
pub(super) fn deriche(p: &mut Program, s: &[i64]) {
    let (w, h) = (s[0], s[1]);
    let img_in = p.array("imgIn", &[w, h]);
    let img_out = p.output("imgOut", &[w, h]);
    let y1 = p.array("y1", &[w, h]);
    let y2 = p.array("y2", &[w, h]);

    p.init.fill2(&img_in, |i, j| {
        int((IExpr::from(313) * i + IExpr::from(991) * j) % 65536) / lit(65535.0)
    });

    let k = &mut p.kernel;
    let scalars = [
        "xm1", "tm1", "ym1", "ym2", "xp1", "xp2", "tp1", "tp2", "yp1", "yp2",
    ]
    .map(|name| k.alloca(name, &[1]));
    let [xm1, tm1, ym1, ym2, xp1, xp2, tp1, tp2, yp1, yp2] = &scalars;
    let coefficients = deriche_coefficients(k.elem(), DERICHE_ALPHA).map(|c| k.constant(c));
    let [a1, a2, a3, a4, a5, a6, a7, a8, b1, b2, c1, c2] = &coefficients;
    let zero = k.constant(0.0);
    let s0 = |x: &super::Arr| x.at(ix![0]);
    let reset = |k: &mut super::emit::Body, xs: &[&super::Arr]| {
        for x in xs {
            k.set(x, ix![0], (&zero).into());
        }
    };
    // Causal pass along each row.
    k.for_loop("i", 0, w, |k, i| {
        reset(k, &[ym1, ym2, xm1]);
        k.for_loop("j", 0, h, |k, j| {
            let v = a1 * img_in.at(ix![i, j]) + a2 * s0(xm1) + b1 * s0(ym1) + b2 * s0(ym2);
            k.set(&y1, ix![i, j], v);
            k.set(xm1, ix![0], img_in.at(ix![i, j]));
            k.set(ym2, ix![0], s0(ym1));
            k.set(ym1, ix![0], y1.at(ix![i, j]));
        });
    });
    // Anti-causal pass along each row: for (j = H-1; j >= 0; j--).
    k.for_loop("i", 0, w, |k, i| {
        reset(k, &[yp1, yp2, xp1, xp2]);
        k.for_loop("rj", 0, h, |k, rj| {
            let j = || lin(&[(-1, rj)], h - 1);
            let v = a3 * s0(xp1) + a4 * s0(xp2) + b1 * s0(yp1) + b2 * s0(yp2);
            k.set(&y2, ix![i, { j() }], v);
            k.set(xp2, ix![0], s0(xp1));
            k.set(xp1, ix![0], img_in.at(ix![i, { j() }]));
            k.set(yp2, ix![0], s0(yp1));
            k.set(yp1, ix![0], y2.at(ix![i, { j() }]));
        });
    });
    let combine = |k: &mut super::emit::Body, c: &Val| {
        k.for_loop("i", 0, w, |k, i| {
            k.for_loop("j", 0, h, |k, j| {
                let sum = y1.at(ix![i, j]) + y2.at(ix![i, j]);
                k.set(&img_out, ix![i, j], c * sum);
            });
        });
    };
    combine(k, c1);
    // Causal pass along each column.
    k.for_loop("j", 0, h, |k, j| {
        reset(k, &[tm1, ym1, ym2]);
        k.for_loop("i", 0, w, |k, i| {
            let v = a5 * img_out.at(ix![i, j]) + a6 * s0(tm1) + b1 * s0(ym1) + b2 * s0(ym2);
            k.set(&y1, ix![i, j], v);
            k.set(tm1, ix![0], img_out.at(ix![i, j]));
            k.set(ym2, ix![0], s0(ym1));
            k.set(ym1, ix![0], y1.at(ix![i, j]));
        });
    });
    // Anti-causal pass along each column: for (i = W-1; i >= 0; i--).
    k.for_loop("j", 0, h, |k, j| {
        reset(k, &[tp1, tp2, yp1, yp2]);
        k.for_loop("ri", 0, w, |k, ri| {
            let i = || lin(&[(-1, ri)], w - 1);
            let v = a7 * s0(tp1) + a8 * s0(tp2) + b1 * s0(yp1) + b2 * s0(yp2);
            k.set(&y2, ix![{ i() }, j], v);
            k.set(tp2, ix![0], s0(tp1));
            k.set(tp1, ix![0], img_out.at(ix![{ i() }, j]));
            k.set(yp2, ix![0], s0(yp1));
            k.set(yp1, ix![0], y2.at(ix![{ i() }, j]));
        });
    });
    combine(k, c2);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deriches_exponentials_are_correctly_rounded() {
        // exp(-alpha), exp(2*alpha), exp(-2*alpha) and pow(2, -alpha) for
        // alpha = 0.25, correctly rounded to f64 and to f32 (computed with
        // 300-bit arithmetic): the coefficients do not depend on the libm.
        let x = DERICHE_ALPHA;
        let bits64 =
            [(-x).exp(), (2.0 * x).exp(), (-2.0 * x).exp(), 2f64.powf(-x)].map(f64::to_bits);
        assert_eq!(
            bits64,
            [
                0x3FE8_EBEF_9EAC_820B,
                0x3FFA_6129_8E1E_069C,
                0x3FE3_68B2_FC6F_960A,
                0x3FEA_E89F_995A_D3AD
            ]
        );
        let y = x as f32;
        let bits32 =
            [(-y).exp(), (2.0 * y).exp(), (-2.0 * y).exp(), 2f32.powf(-y)].map(f32::to_bits);
        assert_eq!(bits32, [0x3F47_5F7D, 0x3FD3_094C, 0x3F1B_4598, 0x3F57_44FD]);
    }

    #[test]
    fn deriches_coefficients_follow_polybench() {
        for elem in [ElemType::F32, ElemType::F64] {
            let c = deriche_coefficients(elem, DERICHE_ALPHA);
            // a1 = a5 = k, ..., c1 = c2 = 1; b2 = -exp(-2 alpha).
            assert_eq!(c[0..4], c[4..8]);
            assert_eq!(c[10..], [1.0, 1.0]);
            // k < 0 for alpha = 0.25: 1 + 2*alpha*exp(-alpha) < exp(2*alpha).
            assert!(c[0] < 0.0 && c[1] > 0.0 && c[3] > 0.0 && c[9] < 0.0);
            assert!((c[8] - 0.840_896_415_253_714_5).abs() < 1e-7);
        }
    }
}

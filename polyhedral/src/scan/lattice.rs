//! The integer lattice of the equalities: which values a time dimension can
//! take once the outer dimensions are fixed.
//!
//! The equalities of a statement's scattered domain are read as
//! `A_o·o + A_e·e + c = 0` with `o` the "visible" columns (outer dims,
//! the current dim, symbols) and `e` the existential ones (inner dims,
//! locals). Unimodular column operations on the `e` block (which only
//! rename the existentials) bring it to echelon form, and row combinations
//! (`g·row_k − a·row_r`, which keep the integer solutions while row `r`
//! holds) clear each pivot column from the later rows. Afterwards every
//! row either holds exactly one existential, `g·e + f(o) = 0`, which says
//! `f(o) ≡ 0 (mod g)`, or none, `f(o) = 0`. Together they are exactly the
//! condition on `o` for integer existentials to exist (inequalities
//! aside), so the strides and fixed values read from them are sound.

use crate::int::Int;

/// The conditions the equalities put on the visible columns.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lattice {
    /// Rows `f(o) = 0` (zero on the existential columns).
    pub(crate) equalities: Vec<Vec<Int>>,
    /// Pairs `(f, g)` meaning `f(o) ≡ 0 (mod g)` with `g >= 2` (`f` zero on
    /// the existential columns).
    pub(crate) congruences: Vec<(Vec<Int>, Int)>,
}

/// Divides an equality row by the gcd of its entries. Returns `false` when
/// the row has no integer solution (`0 = c` with `c != 0`, or a gcd of the
/// coefficients not dividing the constant).
fn normalize_eq(row: &mut [Int]) -> bool {
    let n = row.len() - 1;
    let g = row[..n].iter().fold(Int::ZERO, |g, v| g.gcd(v));
    if g.is_zero() {
        return row[n].is_zero();
    }
    if !row[n].is_multiple_of(&g) {
        return false;
    }
    if !g.is_one() {
        for v in row.iter_mut() {
            *v = v.div_floor(&g);
        }
    }
    true
}

/// Analyses `eqs` (rows over all columns plus the constant) with the
/// columns `existential` quantified. Returns `None` when the equalities have
/// no integer solution at all.
pub(crate) fn analyse(eqs: &[Vec<Int>], existential: &[usize]) -> Option<Lattice> {
    let mut rows: Vec<Vec<Int>> = eqs.to_vec();
    for r in rows.iter_mut() {
        if !normalize_eq(r) {
            return None;
        }
    }
    let mut pivoted = vec![false; existential.len()];
    let mut pivot_of_row: Vec<Option<(usize, Int)>> = vec![None; rows.len()];
    for r in 0..rows.len() {
        // Euclid on the unpivoted existential entries of row r, by column
        // operations applied to every row.
        loop {
            let nz: Vec<usize> = (0..existential.len())
                .filter(|&j| !pivoted[j] && !rows[r][existential[j]].is_zero())
                .collect();
            if nz.len() <= 1 {
                break;
            }
            let Some(&jmin) = nz.iter().min_by(|&&a, &&b| {
                rows[r][existential[a]]
                    .abs()
                    .cmp(&rows[r][existential[b]].abs())
            }) else {
                break;
            };
            let cmin = existential[jmin];
            let pivot = rows[r][cmin].clone();
            for &j in &nz {
                if j == jmin {
                    continue;
                }
                let c = existential[j];
                let q = rows[r][c].div_floor(&pivot);
                for row in rows.iter_mut() {
                    let delta = &q * &row[cmin];
                    row[c] = &row[c] - &delta;
                }
            }
        }
        let Some(j) =
            (0..existential.len()).find(|&j| !pivoted[j] && !rows[r][existential[j]].is_zero())
        else {
            continue;
        };
        let c = existential[j];
        if rows[r][c].is_negative() {
            for row in rows.iter_mut() {
                row[c] = -&row[c];
            }
        }
        pivoted[j] = true;
        let g = rows[r][c].clone();
        pivot_of_row[r] = Some((c, g.clone()));
        let pivot_row = rows[r].clone();
        for (k, row) in rows.iter_mut().enumerate() {
            if k == r || row[c].is_zero() {
                continue;
            }
            let a = row[c].clone();
            for (v, p) in row.iter_mut().zip(&pivot_row) {
                *v = &(&g * &*v) - &(&a * p);
            }
            if !normalize_eq(row) {
                return None;
            }
        }
    }
    let mut out = Lattice::default();
    for (mut row, pivot) in rows.into_iter().zip(pivot_of_row) {
        match pivot {
            Some((c, g)) => {
                row[c] = Int::ZERO;
                // f ≡ 0 (mod g): reduce by the gcd of f's entries and g.
                let content = row.iter().fold(g.clone(), |acc, v| acc.gcd(v));
                let (row, g) = if content.is_zero() || content.is_one() {
                    (row, g)
                } else {
                    let row: Vec<Int> = row.iter().map(|v| v.div_floor(&content)).collect();
                    (row, g.div_floor(&content))
                };
                if g > Int::ONE {
                    out.congruences.push((row, g));
                }
            }
            None => {
                if existential.iter().any(|&c| !row[c].is_zero()) {
                    // Cannot happen: rows without a new pivot have no
                    // unpivoted existential and pivot columns are cleared.
                    continue;
                }
                let n = row.len() - 1;
                if row[..n].iter().all(Int::is_zero) {
                    if !row[n].is_zero() {
                        return None;
                    }
                    continue;
                }
                out.equalities.push(row);
            }
        }
    }
    Some(out)
}

/// `a⁻¹ mod m` for `gcd(a, m) = 1`, `m >= 2`.
pub(crate) fn mod_inverse(a: &Int, m: &Int) -> Option<Int> {
    // Extended Euclid on (a mod m, m).
    let (mut old_r, mut r) = (a.mod_floor(m), m.clone());
    let (mut old_s, mut s) = (Int::ONE, Int::ZERO);
    while !r.is_zero() {
        let q = old_r.div_floor(&r);
        let next_r = &old_r - &(&q * &r);
        old_r = std::mem::replace(&mut r, next_r);
        let next_s = &old_s - &(&q * &s);
        old_s = std::mem::replace(&mut s, next_s);
    }
    if !old_r.is_one() {
        return None;
    }
    Some(old_s.mod_floor(m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::ints;

    #[test]
    fn scaled_time_gives_a_congruence() {
        // t = 2u (columns t, u, const), u existential: t ≡ 0 (mod 2).
        let l = analyse(&[ints(&[1, -2, 0])], &[1]).unwrap();
        assert!(l.equalities.is_empty());
        assert_eq!(l.congruences, vec![(ints(&[1, 0, 0]), Int::from(2))]);
    }

    #[test]
    fn combined_equalities_give_the_full_stride() {
        // t = u + v, u = 2a, v = 2b + 1 over (t, u, v, a, b, const).
        let eqs = [
            ints(&[1, -1, -1, 0, 0, 0]),
            ints(&[0, 1, 0, -2, 0, 0]),
            ints(&[0, 0, 1, 0, -2, -1]),
        ];
        let l = analyse(&eqs, &[1, 2, 3, 4]).unwrap();
        assert_eq!(l.congruences.len(), 1);
        let (f, g) = &l.congruences[0];
        assert_eq!(g, &Int::from(2));
        // t - 1 ≡ 0 (mod 2), up to sign.
        assert!(f == &ints(&[1, 0, 0, 0, 0, -1]) || f == &ints(&[-1, 0, 0, 0, 0, 1]));
    }

    #[test]
    fn pure_equalities_and_infeasibility() {
        // t - 3 = 0 stays; 2u = 1 is infeasible.
        let l = analyse(&[ints(&[1, 0, -3])], &[1]).unwrap();
        assert_eq!(l.equalities, vec![ints(&[1, 0, -3])]);
        assert!(analyse(&[ints(&[0, 2, -1])], &[1]).is_none());
        assert_eq!(
            mod_inverse(&Int::from(3), &Int::from(7)),
            Some(Int::from(5))
        );
        assert_eq!(mod_inverse(&Int::from(2), &Int::from(4)), None);
    }
}

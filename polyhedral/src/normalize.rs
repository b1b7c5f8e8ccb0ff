//! Normalisation of constraint rows and systems.
//!
//! - An inequality `Σ a_i·x_i + c ≥ 0` is divided by `g = gcd(a_i)` and its
//!   constant floored: `Σ (a_i/g)·x_i + ⌊c/g⌋ ≥ 0` has the same integer
//!   points (this is the tightening that makes `3 ≤ 2x ≤ 3` visibly empty).
//! - An equality is divided by `g`, which must divide `c`; otherwise it has
//!   no integer solution (`2x − 2y − 1 = 0`).
//! - Duplicates and trivially true rows are dropped, of parallel
//!   inequalities the tightest is kept, opposite inequalities that meet
//!   become an equality and opposite inequalities that cross make the
//!   system empty.
//! - Gaussian elimination of equalities keeps the integer point set exactly:
//!   rows are only scaled by positive integers and combined with multiples
//!   of equalities.

use crate::int::Int;
use crate::relation::IntegerRelation;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The outcome of normalising one row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RowStatus {
    /// The row holds for every point and can be dropped.
    TriviallyTrue,
    /// The row holds for no integer point.
    TriviallyFalse,
    /// The row was normalised in place and must be kept.
    Kept,
}

fn coeff_gcd(coeffs: &[Int]) -> Int {
    let mut g = Int::ZERO;
    for a in coeffs {
        if !a.is_zero() {
            g = g.gcd(a);
            if g.is_one() {
                break;
            }
        }
    }
    g
}

/// Normalises an inequality row in place (gcd of the variable
/// coefficients, constant floored).
pub(crate) fn normalize_ineq(row: &mut [Int]) -> RowStatus {
    let n = row.len() - 1;
    let g = coeff_gcd(&row[..n]);
    if g.is_zero() {
        return if row[n].is_negative() {
            RowStatus::TriviallyFalse
        } else {
            RowStatus::TriviallyTrue
        };
    }
    if !g.is_one() {
        for a in row[..n].iter_mut() {
            *a = a.div_floor(&g);
        }
        row[n] = row[n].div_floor(&g);
    }
    RowStatus::Kept
}

/// Normalises an equality row in place: divides by the gcd of the variable
/// coefficients (which must divide the constant) and makes the first
/// non-zero coefficient positive.
pub(crate) fn normalize_eq(row: &mut [Int]) -> RowStatus {
    let n = row.len() - 1;
    let g = coeff_gcd(&row[..n]);
    if g.is_zero() {
        return if row[n].is_zero() {
            RowStatus::TriviallyTrue
        } else {
            RowStatus::TriviallyFalse
        };
    }
    if !row[n].is_multiple_of(&g) {
        return RowStatus::TriviallyFalse;
    }
    let negate = row[..n]
        .iter()
        .find(|a| !a.is_zero())
        .is_some_and(Int::is_negative);
    let divisor = if negate { -g } else { g };
    if !divisor.is_one() {
        for a in row.iter_mut() {
            *a = a.div_floor(&divisor);
        }
    }
    RowStatus::Kept
}

/// A hash of the coefficients `row` (negated when `negate`), equal for
/// equal coefficient lists of machine integers (a big coefficient's
/// negation may hash apart: a missed match only, never a wrong one).
fn linear_hash(row: &[Int], negate: bool) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    for a in row {
        match a {
            Int::Small(v) if negate => v.wrapping_neg().hash(&mut h),
            Int::Small(v) => v.hash(&mut h),
            Int::Big(b) if negate => (-b).hash(&mut h),
            Int::Big(b) => b.hash(&mut h),
        }
    }
    h.finish()
}

/// Whether `a == -b`.
fn is_negation(a: &Int, b: &Int) -> bool {
    match (a, b) {
        (Int::Small(x), Int::Small(y)) => y.checked_neg() == Some(*x),
        _ => *a == -b,
    }
}

/// `target := scale·target + factor·pivot` (used to cancel a column).
pub(crate) fn combine(target: &mut [Int], scale: &Int, pivot: &[Int], factor: &Int) {
    for (t, p) in target.iter_mut().zip(pivot) {
        let scaled = if scale.is_one() {
            t.clone()
        } else {
            scale * &*t
        };
        *t = if p.is_zero() {
            scaled
        } else {
            scaled + factor * p
        };
    }
}

/// Cancels column `col` of `target` using `pivot` (which has a non-zero
/// entry there), scaling `target` only by a positive factor so that an
/// inequality keeps its direction.
pub(crate) fn eliminate_with(target: &mut [Int], pivot: &[Int], col: usize) {
    if target[col].is_zero() {
        return;
    }
    let a = &pivot[col];
    let t = target[col].clone();
    let g = a.gcd(&t);
    let scale = a.abs().div_floor(&g);
    let factor = -(&t.div_floor(&g) * &Int::from(a.signum() as i64));
    combine(target, &scale, pivot, &factor);
}

impl IntegerRelation {
    /// Normalises every row and removes redundancy that is visible row by
    /// row. Returns `false` (and replaces the system by `-1 >= 0`) when a
    /// row is found unsatisfiable over the integers.
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// // 3 <= 2*d0 <= 3 has rational points but no integer point.
    /// let mut p = IntegerRelation::new_set(1, 0);
    /// p.add_inequality(&[2, -3])?;
    /// p.add_inequality(&[-2, 3])?;
    /// assert!(!p.normalize());
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn normalize(&mut self) -> bool {
        let n = self.num_vars();
        // Rows are keyed by a hash of their linear part (or of its
        // negation), compared entry by entry on a hit: no key is copied.
        let mut tight: HashMap<u64, Vec<usize>> = HashMap::default();
        let mut ineqs: Vec<Vec<Int>> = Vec::with_capacity(self.ineqs.len());
        for mut row in std::mem::take(&mut self.ineqs) {
            match normalize_ineq(&mut row) {
                RowStatus::TriviallyTrue => continue,
                RowStatus::TriviallyFalse => {
                    self.mark_empty();
                    return false;
                }
                RowStatus::Kept => {}
            }
            let bucket = tight.entry(linear_hash(&row[..n], false)).or_default();
            match bucket.iter().copied().find(|&i| ineqs[i][..n] == row[..n]) {
                Some(i) => {
                    if row[n] < ineqs[i][n] {
                        ineqs[i][n] = row[n].clone();
                    }
                }
                None => {
                    bucket.push(ineqs.len());
                    ineqs.push(row);
                }
            }
        }
        let mut dropped = vec![false; ineqs.len()];
        let mut new_eqs = Vec::new();
        for i in 0..ineqs.len() {
            if dropped[i] {
                continue;
            }
            let opposite = tight
                .get(&linear_hash(&ineqs[i][..n], true))
                .and_then(|bucket| {
                    bucket.iter().copied().find(|&j| {
                        ineqs[j][..n]
                            .iter()
                            .zip(&ineqs[i][..n])
                            .all(|(a, b)| is_negation(a, b))
                    })
                });
            if let Some(j) = opposite {
                if dropped[j] {
                    continue;
                }
                let sum = &ineqs[i][n] + &ineqs[j][n];
                if sum.is_negative() {
                    self.mark_empty();
                    return false;
                }
                if sum.is_zero() {
                    dropped[i] = true;
                    dropped[j] = true;
                    new_eqs.push(ineqs[i].clone());
                }
            }
        }
        self.ineqs = ineqs
            .into_iter()
            .zip(dropped)
            .filter(|(_, d)| !d)
            .map(|(r, _)| r)
            .collect();
        let mut seen: HashSet<Vec<Int>> = HashSet::default();
        let mut eqs = Vec::with_capacity(self.eqs.len() + new_eqs.len());
        for mut row in std::mem::take(&mut self.eqs).into_iter().chain(new_eqs) {
            match normalize_eq(&mut row) {
                RowStatus::TriviallyTrue => continue,
                RowStatus::TriviallyFalse => {
                    self.mark_empty();
                    return false;
                }
                RowStatus::Kept => {}
            }
            if seen.insert(row.clone()) {
                eqs.push(row);
            }
        }
        self.eqs = eqs;
        self.drop_rows_parallel_to_equalities()
    }

    /// Drops inequalities parallel to an equality (they are either implied
    /// or contradict it). Returns `false` on a contradiction.
    fn drop_rows_parallel_to_equalities(&mut self) -> bool {
        if self.eqs.is_empty() || self.ineqs.is_empty() {
            return true;
        }
        let n = self.num_vars();
        let by_coeffs: HashMap<&[Int], &Int> = self.eqs.iter().map(|e| (&e[..n], &e[n])).collect();
        let mut contradiction = false;
        let mut keep = Vec::with_capacity(self.ineqs.len());
        for row in &self.ineqs {
            let neg: Vec<Int> = row[..n].iter().map(|a| -a).collect();
            // a·x + c >= 0 with a·x = -e  <=>  c - e >= 0.
            let slack = if let Some(e) = by_coeffs.get(&row[..n]) {
                Some(&row[n] - *e)
            } else {
                by_coeffs.get(neg.as_slice()).map(|e| &row[n] + *e)
            };
            match slack {
                Some(s) if s.is_negative() => contradiction = true,
                Some(_) => keep.push(false),
                None => keep.push(true),
            }
            if contradiction {
                break;
            }
        }
        if contradiction {
            self.mark_empty();
            return false;
        }
        let mut flags = keep.into_iter();
        self.ineqs.retain(|_| flags.next().unwrap_or(true));
        true
    }

    /// Brings the equalities to reduced echelon form over the integers and
    /// eliminates each pivot column from all other rows, then normalises.
    /// The integer point set is unchanged. Returns `false` when the system
    /// is found empty.
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// // 2*d0 - 2*d1 - 1 == 0 has no integer solution.
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_equality(&[2, -2, -1])?;
    /// assert!(!p.gaussian_eliminate());
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn gaussian_eliminate(&mut self) -> bool {
        if !self.normalize() {
            return false;
        }
        let n = self.num_vars();
        let mut i = 0;
        while i < self.eqs.len() {
            match normalize_eq(&mut self.eqs[i]) {
                RowStatus::TriviallyTrue => {
                    self.eqs.remove(i);
                    continue;
                }
                RowStatus::TriviallyFalse => {
                    self.mark_empty();
                    return false;
                }
                RowStatus::Kept => {}
            }
            let pivot_row = self.eqs[i].clone();
            let col = pivot_column(&pivot_row[..n]);
            for (j, row) in self.eqs.iter_mut().enumerate() {
                if j != i {
                    eliminate_with(row, &pivot_row, col);
                }
            }
            for row in self.ineqs.iter_mut() {
                eliminate_with(row, &pivot_row, col);
            }
            i += 1;
        }
        self.normalize()
    }
}

/// The column to pivot on in an equality: a unit coefficient if there is
/// one (the last such, so locals are preferred), else the smallest one.
pub(crate) fn pivot_column(coeffs: &[Int]) -> usize {
    let mut best: Option<usize> = None;
    for (k, a) in coeffs.iter().enumerate() {
        if a.is_zero() {
            continue;
        }
        best = match best {
            None => Some(k),
            Some(b) => {
                let (ab, ak) = (coeffs[b].abs(), a.abs());
                if ak < ab || (ak == ab && ak.is_one()) {
                    Some(k)
                } else {
                    Some(b)
                }
            }
        };
    }
    best.unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::ints;

    #[test]
    fn rows_are_tightened() {
        let mut r = ints(&[2, 4, 3]);
        assert_eq!(normalize_ineq(&mut r), RowStatus::Kept);
        assert_eq!(r, ints(&[1, 2, 1]));
        let mut r = ints(&[2, -4, -3]);
        assert_eq!(normalize_ineq(&mut r), RowStatus::Kept);
        assert_eq!(r, ints(&[1, -2, -2]));
        let mut e = ints(&[-2, 4, 6]);
        assert_eq!(normalize_eq(&mut e), RowStatus::Kept);
        assert_eq!(e, ints(&[1, -2, -3]));
        let mut e = ints(&[2, -2, -1]);
        assert_eq!(normalize_eq(&mut e), RowStatus::TriviallyFalse);
        assert_eq!(
            normalize_ineq(&mut ints(&[0, 0, -1])),
            RowStatus::TriviallyFalse
        );
        assert_eq!(normalize_eq(&mut ints(&[0, 0])), RowStatus::TriviallyTrue);
    }

    #[test]
    fn opposite_rows_become_equalities_and_parallel_rows_merge() {
        let mut p = IntegerRelation::new_set(2, 0);
        p.add_inequality(&[1, 1, -2]).unwrap();
        p.add_inequality(&[1, 1, 0]).unwrap();
        p.add_inequality(&[-2, -2, 5]).unwrap();
        assert!(p.normalize());
        assert_eq!(p.equalities(), &[ints(&[1, 1, -2])]);
        assert!(p.inequalities().is_empty());
        p.add_inequality(&[-1, -1, 1]).unwrap();
        assert!(!p.normalize());
    }

    #[test]
    fn gaussian_elimination_keeps_integer_points() {
        let mut p = IntegerRelation::new_set(3, 0);
        p.add_equality(&[2, 3, 0, -1]).unwrap();
        p.add_equality(&[0, 3, 3, -3]).unwrap();
        p.add_inequality(&[1, 1, 1, 0]).unwrap();
        let orig = p.clone();
        assert!(p.gaussian_eliminate());
        for x in -6..=6 {
            for y in -6..=6 {
                for z in -6..=6 {
                    let pt = ints(&[x, y, z]);
                    assert_eq!(
                        orig.satisfied_by(&pt).unwrap(),
                        p.satisfied_by(&pt).unwrap()
                    );
                }
            }
        }
    }
}

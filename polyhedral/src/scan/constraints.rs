//! Constraints as affine expressions over the time space, and the context
//! simplification (`gist`) that decides which guards are needed.
//!
//! Everything here lives in the time space of the generator: `K` dims
//! (the extended time dimensions) and the problem's symbols. Constraints
//! are turned into relations through the affine crate's flattener, so a
//! `floordiv`/`ceildiv`/`mod` in a bound or guard becomes an exact
//! division local.

use super::error::ScanError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::space::VarKind;
use num_integer::Integer;
use tessera_affine::flatten::{expr_from_flat, Flattener};
use tessera_affine::{AffineExpr, Constraint, ConstraintKind, IntegerSet};

/// The time space: `num_dims` dims and `num_symbols` symbols.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TimeSpace {
    pub(crate) num_dims: usize,
    pub(crate) num_symbols: usize,
}

impl TimeSpace {
    /// The relation of a conjunction of constraints.
    pub(crate) fn relation(
        &self,
        constraints: &[Constraint],
    ) -> Result<IntegerRelation, ScanError> {
        if constraints.is_empty() {
            return Ok(IntegerRelation::new_set(self.num_dims, self.num_symbols));
        }
        let set = IntegerSet::new(
            self.num_dims as u32,
            self.num_symbols as u32,
            constraints.to_vec(),
        )
        .map_err(|e| ScanError::Invalid(e.to_string()))?;
        Ok(IntegerRelation::from_integer_set(&set)?)
    }

    /// `base ∧ constraints`.
    pub(crate) fn restrict(
        &self,
        base: &IntegerRelation,
        constraints: &[Constraint],
    ) -> Result<IntegerRelation, ScanError> {
        if constraints.is_empty() {
            return Ok(base.clone());
        }
        Ok(base.intersect(&self.relation(constraints)?)?)
    }

    /// Whether `base` implies `c` (exactly: `base ∧ ¬c` has no integer
    /// point).
    pub(crate) fn implies(
        &self,
        base: &IntegerRelation,
        c: &Constraint,
    ) -> Result<bool, ScanError> {
        if self.row_implies(base, c) {
            return Ok(true);
        }
        for n in c.negation() {
            if !self.restrict(base, &[n])?.is_integer_empty() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The constraints of `constraints` that are needed under `context`:
    /// a constraint is dropped when the context and the constraints kept so
    /// far (and those not yet examined) imply it. The result `g` satisfies
    /// `context ∧ g = context ∧ constraints`.
    pub(crate) fn gist(
        &self,
        constraints: &[Constraint],
        context: &IntegerRelation,
    ) -> Result<Vec<Constraint>, ScanError> {
        let mut kept: Vec<Constraint> = Vec::new();
        for c in constraints {
            if !kept.contains(c) {
                kept.push(c.clone());
            }
        }
        // Constraints a single row of the context implies go first, without
        // an integer program.
        kept.retain(|c| !self.row_implies(context, c));
        let mut i = 0;
        while i < kept.len() {
            let others: Vec<Constraint> = kept
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, c)| c.clone())
                .collect();
            let base = self.restrict(context, &others)?;
            if self.implies(&base, &kept[i])? {
                kept.remove(i);
            } else {
                i += 1;
            }
        }
        Ok(kept)
    }

    /// Whether one row of `base` implies `c` on its own: `c` is free of
    /// divisions and, both scaled to coprime integer coefficients, an
    /// inequality row has `c`'s linear part and a constant no larger, or an
    /// equality row is `±c` (or, for an inequality `c`, has its linear
    /// part up to sign and a constant that makes `c` hold). A sufficient
    /// test only: `false` says nothing.
    fn row_implies(&self, base: &IntegerRelation, c: &Constraint) -> bool {
        let nv = self.num_dims + self.num_symbols;
        if base.space().num_non_locals() != nv {
            return false;
        }
        let mut flattener = Flattener::new(self.num_dims as u32, self.num_symbols as u32);
        let Ok(row) = flattener.flatten(&c.expr) else {
            return false;
        };
        if !flattener.locals().is_empty() {
            return false;
        }
        let (lin, constant) = tightened(&row[..nv], row[nv], c.kind);
        if lin.iter().all(|&v| v == 0) {
            return false;
        }
        let width = base.num_cols();
        let row_of = |r: &[Int]| -> Option<(Vec<i64>, i64)> {
            if r[nv..width - 1].iter().any(|v| !v.is_zero()) {
                return None;
            }
            let lin: Option<Vec<i64>> = r[..nv].iter().map(Int::to_i64).collect();
            Some((lin?, r[width - 1].to_i64()?))
        };
        let negated = |l: &[i64]| l.iter().map(|v| -v).collect::<Vec<i64>>();
        let ge_implied = |l: &[i64], k: i64| {
            let (l, k) = tightened(l, k, ConstraintKind::Ge);
            l == lin && k <= constant
        };
        match c.kind {
            ConstraintKind::Ge => {
                base.ineqs
                    .iter()
                    .filter_map(|r| row_of(r))
                    .any(|(l, k)| ge_implied(&l, k))
                    || base.eqs.iter().filter_map(|r| row_of(r)).any(|(l, k)| {
                        ge_implied(&l, k)
                            || k.checked_neg().is_some_and(|n| ge_implied(&negated(&l), n))
                    })
            }
            ConstraintKind::Eq => base.eqs.iter().filter_map(|r| row_of(r)).any(|(l, k)| {
                let same = |l: Vec<i64>, k: i64| {
                    tightened(&l, k, ConstraintKind::Eq) == (lin.clone(), constant)
                };
                same(l.clone(), k) || k.checked_neg().is_some_and(|n| same(negated(&l), n))
            }),
        }
    }

    /// A relation over fewer dims, padded with unconstrained dims to the
    /// time space.
    pub(crate) fn lift(&self, rel: &IntegerRelation) -> Result<IntegerRelation, ScanError> {
        let have = rel.space().count(VarKind::Range);
        let mut r = rel.clone();
        if have < self.num_dims {
            r.insert_vars(VarKind::Range, have, self.num_dims - have)?;
        }
        Ok(r)
    }
}

/// The row `lin·x + constant (>= or ==) 0` with its linear part divided by
/// the gcd `g` of its coefficients: the constant becomes `⌊constant / g⌋`
/// for an inequality (the same integer points); an equality whose
/// constant `g` does not divide stays as it is (and so does a row with an
/// `i64::MIN` coefficient, whose magnitude has no `i64`).
fn tightened(lin: &[i64], constant: i64, kind: ConstraintKind) -> (Vec<i64>, i64) {
    let g = if lin.contains(&i64::MIN) {
        1
    } else {
        lin.iter().fold(0i64, |g, &v| g.gcd(&v))
    };
    if g <= 1 || (kind == ConstraintKind::Eq && constant % g != 0) {
        return (lin.to_vec(), constant);
    }
    let lin = lin.iter().map(|v| v / g).collect();
    (lin, Integer::div_floor(&constant, &g))
}

/// The value of an [`Int`] as `i64`.
pub(crate) fn small(v: &Int) -> Result<i64, ScanError> {
    v.to_i64().ok_or_else(|| ScanError::Overflow(v.to_string()))
}

/// The expression of a local-free row over `num_dims` dims and
/// `num_symbols` symbols (plus the constant).
pub(crate) fn row_expr(
    row: &[Int],
    num_dims: usize,
    num_symbols: usize,
) -> Result<AffineExpr, ScanError> {
    let flat: Vec<i64> = row.iter().map(small).collect::<Result<_, _>>()?;
    Ok(expr_from_flat(&flat, num_dims, num_symbols, &[]))
}

/// The constraints of a local-free relation (equalities, then
/// inequalities), as expressions over its dims and symbols.
pub(crate) fn local_free_constraints(rel: &IntegerRelation) -> Result<Vec<Constraint>, ScanError> {
    let nd = rel.space().count(VarKind::Range);
    let ns = rel.space().count(VarKind::Symbol);
    let mut out = Vec::new();
    for eq in rel.equalities() {
        out.push(Constraint::eq(row_expr(eq, nd, ns)?));
    }
    for ineq in rel.inequalities() {
        out.push(Constraint::ge(row_expr(ineq, nd, ns)?));
    }
    Ok(out)
}

/// Whether `e` mentions no dim at or beyond `d`.
pub(crate) fn only_dims_below(e: &AffineExpr, d: usize) -> bool {
    (e.dim_count() as usize) <= d
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A random constraint over two dims and a symbol, coefficients in
    /// `-3..=3` (so rows sharing a linear part up to scaling are common).
    fn random_constraint(seed: &mut u64) -> Constraint {
        let mut next = |n: u64| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*seed >> 33) % n) as i64
        };
        let scale = 1 + next(2);
        let e = AffineExpr::dim(0) * (scale * (next(3) - 1))
            + AffineExpr::dim(1) * (scale * (next(3) - 1))
            + AffineExpr::symbol(0) * (next(2))
            + AffineExpr::constant(next(13) - 6);
        if next(5) == 0 {
            Constraint::eq(e)
        } else {
            Constraint::ge(e)
        }
    }

    /// The one-row test claims an implication only where the exact test
    /// (an integer program per piece of the negation) finds one, and it
    /// finds some.
    #[test]
    fn a_row_implies_only_what_the_context_implies() {
        let ts = TimeSpace {
            num_dims: 2,
            num_symbols: 1,
        };
        let mut seed = 7;
        let mut claimed = 0;
        for _ in 0..400 {
            let context: Vec<Constraint> = (0..3).map(|_| random_constraint(&mut seed)).collect();
            let base = ts.relation(&context).unwrap();
            let c = random_constraint(&mut seed);
            if !ts.row_implies(&base, &c) {
                continue;
            }
            claimed += 1;
            for n in c.negation() {
                assert!(
                    ts.restrict(&base, &[n]).unwrap().is_integer_empty(),
                    "{context:?} does not imply {c:?}"
                );
            }
        }
        assert!(claimed >= 20, "only {claimed} implications by one row");
    }
}

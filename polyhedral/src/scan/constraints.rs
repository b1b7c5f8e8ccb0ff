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
use tessera_affine::flatten::expr_from_flat;
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
        for n in negations(c) {
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

/// The pieces of `¬c`: `-e - 1 >= 0` for `e >= 0`; `e - 1 >= 0` and
/// `-e - 1 >= 0` for `e == 0`.
pub(crate) fn negations(c: &Constraint) -> Vec<Constraint> {
    let neg = Constraint::ge(-c.expr.clone() - 1);
    match c.kind {
        ConstraintKind::Ge => vec![neg],
        ConstraintKind::Eq => vec![Constraint::ge(c.expr.clone() - 1), neg],
    }
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

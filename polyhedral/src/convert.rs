//! Conversions between the `affine` crate and relations.
//!
//! - An [`IntegerSet`] becomes a set relation: each constraint is flattened
//!   (by the affine crate's [`Flattener`], which reuses identical locals)
//!   and each local `q = ⌊e/c⌋` gets its defining rows
//!   `e − c·q ≥ 0` and `c·q − e + c − 1 ≥ 0`.
//! - An [`AffineMap`] becomes the relation of its graph: domain = the map's
//!   dims, range = its results, `range_i = result_i` as equalities.
//! - Back: a set relation whose locals are all divisions (or exactly
//!   eliminable) prints as an [`IntegerSet`] with `floordiv` terms.
//! - [`IntegerRelation::column_bounds`]: the lower and upper bounds of a
//!   dim as affine expressions (with `ceildiv`/`floordiv`) of the outer dims
//!   and symbols, as loop-bound generation needs them after projection.

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::set::resolve_locals;
use crate::space::{Space, VarKind};
use tessera_affine::flatten::{expr_from_flat, Flattener, Local};
use tessera_affine::{AffineExpr, AffineMap, Constraint, IntegerSet};

/// Places a flat row `[dims.., symbols.., locals.., constant]` (possibly
/// shorter than the final layout) into a relation row of `width` columns,
/// inserting `gap` zero columns after the first `num_dims` entries.
fn place(row: &[i64], num_dims: usize, gap: usize, width: usize) -> Vec<Int> {
    let mut out = vec![Int::ZERO; width];
    let n = row.len() - 1;
    for (j, &v) in row[..n].iter().enumerate() {
        let col = if j < num_dims { j } else { j + gap };
        out[col] = Int::from(v);
    }
    out[width - 1] = Int::from(row[n]);
    out
}

/// Adds the defining rows of every flattened local.
fn add_local_definitions(
    rel: &mut IntegerRelation,
    locals: &[Local],
    num_dims: usize,
    gap: usize,
) -> Result<(), PolyError> {
    let width = rel.num_cols();
    let start = rel.space().offset(VarKind::Local);
    for (i, local) in locals.iter().enumerate() {
        let Some((dividend, divisor)) = &local.division else {
            return Err(PolyError::SemiAffine(local.expr.to_string()));
        };
        let e = place(dividend, num_dims, gap, width);
        let c = Int::from(*divisor);
        let q = start + i;
        let mut lower = e.clone();
        lower[q] = &lower[q] - &c;
        let mut upper: Vec<Int> = e.iter().map(|v| -v).collect();
        upper[q] = &upper[q] + &c;
        upper[width - 1] = &upper[width - 1] + &(&c - &Int::ONE);
        rel.add_inequality_int(lower)?;
        rel.add_inequality_int(upper)?;
    }
    Ok(())
}

/// The bounds of a dim in terms of outer dims and symbols: the dim ranges
/// over `max(lower) ..= min(upper)` (an empty list means unbounded on that
/// side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnBounds {
    /// Lower bounds, each of the form `e ceildiv a` (or just `e`).
    pub lower: Vec<AffineExpr>,
    /// Upper bounds, each of the form `e floordiv a` (or just `e`).
    pub upper: Vec<AffineExpr>,
}

/// Division local expressions of a resolved relation, and for each local
/// the first dim (if any) its definition depends on.
fn local_exprs(
    rel: &IntegerRelation,
    defs: &crate::set::Definitions,
) -> Result<(Vec<AffineExpr>, Vec<Option<usize>>), PolyError> {
    let nd = rel.space.count(VarKind::Range);
    let ns = rel.space.count(VarKind::Symbol);
    let start = rel.space.offset(VarKind::Local);
    let num_locals = rel.space.count(VarKind::Local);
    let mut locals = vec![AffineExpr::constant(0); num_locals];
    let mut innermost: Vec<Option<usize>> = vec![None; num_locals];
    for d in &defs.divisions {
        let row: Vec<i64> = d.dividend.iter().map(to_i64).collect::<Result<_, _>>()?;
        locals[d.col - start] =
            expr_from_flat(&row, nd, ns, &locals).floor_div(to_i64(&d.divisor)?);
        let mut deepest = (0..nd).rev().find(|&k| !d.dividend[k].is_zero());
        for (l, inner) in innermost.iter().enumerate() {
            if !d.dividend[start + l].is_zero() {
                deepest = deepest.max(*inner);
            }
        }
        innermost[d.col - start] = deepest;
    }
    Ok((locals, innermost))
}

fn flatten(f: &mut Flattener, e: &AffineExpr) -> Result<Vec<i64>, PolyError> {
    f.flatten(e)
        .map_err(|err| PolyError::Flatten(format!("{e}: {err:?}")))
}

fn to_i64(v: &Int) -> Result<i64, PolyError> {
    v.to_i64().ok_or_else(|| PolyError::Overflow(v.to_string()))
}

impl IntegerRelation {
    /// The set relation of an [`IntegerSet`] (dims, symbols, and one local
    /// per distinct division).
    ///
    /// ```
    /// use tessera_affine::IntegerSet;
    /// use tessera_polyhedral::IntegerRelation;
    /// let s: IntegerSet = "(d0) : (d0 mod 2 == 0, d0 >= 0, -d0 + 9 >= 0)".parse().unwrap();
    /// let p = IntegerRelation::from_integer_set(&s)?;
    /// assert!(p.contains(&[4])? && !p.contains(&[5])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn from_integer_set(set: &IntegerSet) -> Result<IntegerRelation, PolyError> {
        let (nd, ns) = (set.num_dims() as usize, set.num_symbols() as usize);
        let mut f = Flattener::new(set.num_dims(), set.num_symbols());
        let mut rows = Vec::new();
        for c in set.constraints() {
            rows.push((c.kind, flatten(&mut f, &c.expr)?));
        }
        let mut rel = IntegerRelation::new(Space::set(nd, ns));
        rel.append_vars(VarKind::Local, f.locals().len());
        let width = rel.num_cols();
        for (kind, row) in rows {
            let row = place(&row, nd, 0, width);
            match kind {
                tessera_affine::ConstraintKind::Eq => rel.add_equality_int(row)?,
                tessera_affine::ConstraintKind::Ge => rel.add_inequality_int(row)?,
            }
        }
        add_local_definitions(&mut rel, f.locals(), nd, 0)?;
        Ok(rel)
    }

    /// The relation of the graph of `map`: `{ (d) -> (r) : r_i = result_i(d) }`
    /// with the map's symbols as symbols.
    ///
    /// ```
    /// use tessera_affine::AffineMap;
    /// use tessera_polyhedral::IntegerRelation;
    /// let m: AffineMap = "(d0) -> (d0 floordiv 2, d0 + 1)".parse().unwrap();
    /// let g = IntegerRelation::from_affine_map(&m)?;
    /// assert!(g.contains(&[5, 2, 6])? && !g.contains(&[5, 3, 6])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn from_affine_map(map: &AffineMap) -> Result<IntegerRelation, PolyError> {
        let (nd, ns) = (map.num_dims() as usize, map.num_symbols() as usize);
        let k = map.results().len();
        let mut f = Flattener::new(map.num_dims(), map.num_symbols());
        let mut rows = Vec::new();
        for e in map.results() {
            rows.push(flatten(&mut f, e)?);
        }
        let mut rel = IntegerRelation::new(Space::relation(nd, k, ns));
        rel.append_vars(VarKind::Local, f.locals().len());
        let width = rel.num_cols();
        for (i, row) in rows.iter().enumerate() {
            let mut eq: Vec<Int> = place(row, nd, k, width).iter().map(|v| -v).collect();
            eq[nd + i] = Int::ONE;
            rel.add_equality_int(eq)?;
        }
        add_local_definitions(&mut rel, f.locals(), nd, k)?;
        Ok(rel)
    }

    /// The relation as an [`IntegerSet`] in MLIR form: locals become
    /// `floordiv` terms. Fails with [`PolyError::NotASet`] for a relation
    /// with domain dims and with [`PolyError::NonDivisionLocal`] when a local
    /// is neither a division nor exactly eliminable.
    ///
    /// ```
    /// use tessera_affine::IntegerSet;
    /// use tessera_polyhedral::IntegerRelation;
    /// let s: IntegerSet = "(d0)[s0] : (d0 mod 3 == 0, s0 - d0 >= 0)".parse().unwrap();
    /// let back = IntegerRelation::from_integer_set(&s)?.to_integer_set()?;
    /// for d0 in -5..=5 {
    ///     assert_eq!(back.contains(&[d0], &[2]), s.contains(&[d0], &[2]));
    /// }
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn to_integer_set(&self) -> Result<IntegerSet, PolyError> {
        let domain = self.space.count(VarKind::Domain);
        if domain > 0 {
            return Err(PolyError::NotASet(domain));
        }
        let nd = self.space.count(VarKind::Range);
        let ns = self.space.count(VarKind::Symbol);
        let affine_err = |e: tessera_affine::AffineError| PolyError::Affine(e.to_string());
        let Some((rel, defs)) = resolve_locals(self)? else {
            return Ok(IntegerSet::empty(nd as u32, ns as u32));
        };
        let start = rel.space.offset(VarKind::Local);
        let num_locals = rel.space.count(VarKind::Local);
        let mut locals = vec![AffineExpr::constant(0); num_locals];
        let row_i64 =
            |row: &[Int]| -> Result<Vec<i64>, PolyError> { row.iter().map(to_i64).collect() };
        for d in &defs.divisions {
            let e = expr_from_flat(&row_i64(&d.dividend)?, nd, ns, &locals);
            locals[d.col - start] = e.floor_div(to_i64(&d.divisor)?);
        }
        let mut constraints = Vec::new();
        for eq in &rel.eqs {
            constraints.push(Constraint::eq(expr_from_flat(
                &row_i64(eq)?,
                nd,
                ns,
                &locals,
            )));
        }
        for (row, used) in rel.ineqs.iter().zip(&defs.used_ineq) {
            if !used {
                constraints.push(Constraint::ge(expr_from_flat(
                    &row_i64(row)?,
                    nd,
                    ns,
                    &locals,
                )));
            }
        }
        IntegerSet::new(nd as u32, ns as u32, constraints).map_err(affine_err)
    }
}

impl IntegerRelation {
    /// The bounds of dim `col` of a set as affine expressions of the outer
    /// dims (`d0 .. d{col-1}`), the symbols and division locals of those.
    /// Rows that bound `col` must not involve inner dims (project them out
    /// first), otherwise [`PolyError::InnerColumn`].
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// // 0 <= d0 <= 9, 2*d1 >= d0, 3*d1 <= d0 + 7
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_bounds(0, Some(0), Some(9))?;
    /// p.add_inequality(&[-1, 2, 0])?;
    /// p.add_inequality(&[1, -3, 7])?;
    /// let b = p.column_bounds(1)?;
    /// assert_eq!(b.lower[0].to_string(), "d0 ceildiv 2");
    /// assert_eq!(b.upper[0].to_string(), "(d0 + 7) floordiv 3");
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn column_bounds(&self, col: usize) -> Result<ColumnBounds, PolyError> {
        let domain = self.space.count(VarKind::Domain);
        if domain > 0 {
            return Err(PolyError::NotASet(domain));
        }
        let nd = self.space.count(VarKind::Range);
        let ns = self.space.count(VarKind::Symbol);
        if col >= nd {
            return Err(PolyError::ColumnOutOfRange { col, num_vars: nd });
        }
        let mut bounds = ColumnBounds {
            lower: Vec::new(),
            upper: Vec::new(),
        };
        let Some((rel, defs)) = resolve_locals(self)? else {
            // Empty: the range 0 ..= -1.
            bounds.lower.push(AffineExpr::constant(0));
            bounds.upper.push(AffineExpr::constant(-1));
            return Ok(bounds);
        };
        let (locals, innermost) = local_exprs(&rel, &defs)?;
        let start = rel.space.offset(VarKind::Local);
        let n = rel.num_vars();
        let check = |row: &[Int]| -> Result<(), PolyError> {
            if let Some(inner) = (col + 1..nd).find(|&k| !row[k].is_zero()) {
                return Err(PolyError::InnerColumn { col, inner });
            }
            for (l, deepest) in innermost.iter().enumerate() {
                if !row[start + l].is_zero() && deepest.is_some_and(|d| d >= col) {
                    return Err(PolyError::InnerColumn {
                        col,
                        inner: deepest.unwrap_or(col),
                    });
                }
            }
            Ok(())
        };
        // a·x + e >= 0 gives x >= ceil(-e / a) for a > 0 and
        // x <= floor(e / -a) for a < 0.
        let mut add = |row: &[Int], lower: bool| -> Result<(), PolyError> {
            let a = row[col].abs();
            let mut num: Vec<i64> = Vec::with_capacity(n + 1);
            for (k, v) in row.iter().enumerate() {
                let v = if lower { -v } else { v.clone() };
                num.push(if k == col { 0 } else { to_i64(&v)? });
            }
            let e = expr_from_flat(&num, nd, ns, &locals);
            let a = to_i64(&a)?;
            let bound = match (a, lower) {
                (1, _) => e,
                (_, true) => e.ceil_div(a),
                (_, false) => e.floor_div(a),
            };
            if lower {
                bounds.lower.push(bound);
            } else {
                bounds.upper.push(bound);
            }
            Ok(())
        };
        for eq in &rel.eqs {
            if eq[col].is_zero() {
                continue;
            }
            check(eq)?;
            let pos: Vec<Int> = if eq[col].is_positive() {
                eq.clone()
            } else {
                eq.iter().map(|v| -v).collect()
            };
            let neg: Vec<Int> = pos.iter().map(|v| -v).collect();
            add(&pos, true)?;
            add(&neg, false)?;
        }
        for (row, used) in rel.ineqs.iter().zip(&defs.used_ineq) {
            if *used || row[col].is_zero() {
                continue;
            }
            check(row)?;
            add(row, row[col].is_positive())?;
        }
        Ok(bounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lower bound whose negated row leaves `i64` is an overflow error,
    /// not a panic (found by tests/no_crash.rs through the scheduler).
    #[test]
    fn negating_an_extreme_row_is_an_error() {
        let mut p = IntegerRelation::new_set(2, 0);
        // d0 + d1 + i64::MIN >= 0: d1 >= -d0 - i64::MIN, beyond i64.
        p.add_inequality(&[1, 1, i64::MIN]).unwrap();
        assert!(
            matches!(p.column_bounds(1), Err(PolyError::Overflow(_))),
            "{:?}",
            p.column_bounds(1)
        );
    }

    #[test]
    fn identical_divisions_share_a_local() {
        let s: IntegerSet = "(d0) : (d0 floordiv 4 >= 0, d0 mod 4 - 1 == 0)"
            .parse()
            .unwrap();
        let p = IntegerRelation::from_integer_set(&s).unwrap();
        assert_eq!(p.space().count(VarKind::Local), 1);
        for d0 in -9..=9 {
            assert_eq!(
                p.contains(&[d0]).unwrap(),
                s.contains(&[d0], &[]).unwrap(),
                "{d0}"
            );
        }
    }

    #[test]
    fn semi_affine_and_relations_are_rejected() {
        let s: IntegerSet = "(d0)[s0] : (d0 * s0 >= 0)".parse().unwrap();
        assert!(matches!(
            IntegerRelation::from_integer_set(&s),
            Err(PolyError::SemiAffine(_))
        ));
        let m: AffineMap = "(d0) -> (d0)".parse().unwrap();
        let g = IntegerRelation::from_affine_map(&m).unwrap();
        assert_eq!(g.to_integer_set(), Err(PolyError::NotASet(1)));
    }
}

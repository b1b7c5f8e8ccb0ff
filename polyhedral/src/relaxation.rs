//! Queries answered on the rational relaxation, and what it decides about
//! the integer points: the rational lexicographic minimum, boundedness,
//! and the gist of a relation in a context.
//!
//! Boundedness is decided rationally and is exact for the integer points:
//! a rational polyhedron with an integer point has an integer hull with
//! the same recession cone (Meyer's theorem), so its integer points are
//! bounded exactly when the polyhedron is.

use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::simplex::LpResult;

/// The result of a rational lexicographic minimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RationalLexMin {
    /// The relation has no rational point.
    Empty,
    /// Some column has no lower bound once the earlier ones are fixed.
    Unbounded,
    /// The minimum, one value per non-local column.
    Point(Vec<Rat>),
}

impl IntegerRelation {
    /// The lexicographic minimum of the rational points over the non-local
    /// columns in column order (domain, range, symbols); locals are read as
    /// rational existentials.
    ///
    /// ```
    /// use tessera_polyhedral::relaxation::RationalLexMin;
    /// use tessera_polyhedral::{Int, IntegerRelation, Rat};
    /// // { (d0, d1) : 2*d0 >= 3, d1 >= d0 }: (3/2, 3/2).
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[2, 0, -3])?;
    /// p.add_inequality(&[-1, 1, 0])?;
    /// let half = Rat::new(Int::from(3), Int::from(2)).unwrap();
    /// assert_eq!(p.rational_lexmin()?, RationalLexMin::Point(vec![half.clone(), half]));
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn rational_lexmin(&self) -> Result<RationalLexMin, PolyError> {
        let mut sys = self.clone();
        let mut out = Vec::new();
        for col in 0..self.space().num_non_locals() {
            let mut objective = vec![Int::ZERO; sys.num_cols()];
            objective[col] = Int::ONE;
            match sys.rational_minimum(&objective)? {
                LpResult::Infeasible => return Ok(RationalLexMin::Empty),
                LpResult::Unbounded => return Ok(RationalLexMin::Unbounded),
                LpResult::Optimal { value, .. } => {
                    // den·x_col − num = 0 fixes the column.
                    let mut eq = vec![Int::ZERO; sys.num_cols()];
                    eq[col] = value.denom().clone();
                    eq[sys.num_vars()] = -value.numer();
                    sys.add_equality_int(eq)?;
                    out.push(value);
                }
            }
        }
        if out.is_empty() && sys.is_rationally_empty() {
            return Ok(RationalLexMin::Empty);
        }
        Ok(RationalLexMin::Point(out))
    }

    /// Whether the integer points of the relation, read on its non-local
    /// columns, lie in a bounded box (an empty relation is bounded).
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_bounds(0, Some(0), Some(9))?;
    /// p.add_inequality(&[1, -1, 0])?; // d1 <= d0
    /// assert!(!p.is_bounded()?); // d1 has no lower bound
    /// p.add_inequality(&[0, 1, 0])?;
    /// assert!(p.is_bounded()?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn is_bounded(&self) -> Result<bool, PolyError> {
        if self.integer_emptiness()? {
            return Ok(true);
        }
        for col in 0..self.space().num_non_locals() {
            for sign in [Int::ONE, -Int::ONE] {
                let mut objective = vec![Int::ZERO; self.num_cols()];
                objective[col] = sign;
                if matches!(self.rational_minimum(&objective)?, LpResult::Unbounded) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The relation with every constraint dropped that the context and the
    /// constraints kept imply over the integers (isl's `gist`): the result
    /// intersected with `context` has exactly the integer points of `self`
    /// intersected with `context`. Constraints that mention a local are
    /// kept (they define it).
    ///
    /// ```
    /// use tessera_polyhedral::{IntegerRelation, PresburgerSet};
    /// // { 0 <= d0 <= 10, d0 >= 3 } in the context { d0 >= 5 }: { d0 <= 10 }.
    /// let mut p = IntegerRelation::new_set(1, 0);
    /// p.add_bounds(0, Some(0), Some(10))?;
    /// p.add_inequality(&[1, -3])?;
    /// let mut c = IntegerRelation::new_set(1, 0);
    /// c.add_inequality(&[1, -5])?;
    /// let g = p.gist(&PresburgerSet::from_relation(c))?;
    /// assert_eq!(g.inequalities().len(), 1);
    /// assert!(g.contains(&[10])? && !g.contains(&[11])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn gist(&self, context: &PresburgerSet) -> Result<IntegerRelation, PolyError> {
        let n = self.num_vars();
        let locals = self.space().num_non_locals()..n;
        let mentions_local = |row: &[Int]| locals.clone().any(|c| !row[c].is_zero());
        let mut kept = self.clone();
        // Equalities, then inequalities; each judged against the rows kept
        // so far and the ones not yet judged.
        let mut e = 0;
        while e < kept.eqs.len() {
            let row = kept.eqs[e].clone();
            let mut rest = kept.clone();
            rest.eqs.remove(e);
            let negated: Vec<Int> = row.iter().map(|a| -a).collect();
            if !mentions_local(&row)
                && holds_in(&rest, context, &row)?
                && holds_in(&rest, context, &negated)?
            {
                kept = rest;
            } else {
                e += 1;
            }
        }
        let mut i = 0;
        while i < kept.ineqs.len() {
            let row = kept.ineqs[i].clone();
            let mut rest = kept.clone();
            rest.ineqs.remove(i);
            if !mentions_local(&row) && holds_in(&rest, context, &row)? {
                kept = rest;
            } else {
                i += 1;
            }
        }
        Ok(kept)
    }
}

/// Whether `row ≥ 0` holds on every integer point of `rel` (its violation,
/// `-row - 1 ≥ 0`, has none).
pub(crate) fn holds_on(rel: &IntegerRelation, row: &[Int]) -> Result<bool, PolyError> {
    let mut violated: Vec<Int> = row.iter().map(|v| -v).collect();
    let last = violated.len() - 1;
    violated[last] = &violated[last] - &Int::ONE;
    let mut witness = rel.clone();
    witness.add_inequality_int(violated)?;
    witness.integer_emptiness()
}

/// Whether `row ≥ 0` holds on every integer point of `rest` intersected
/// with any disjunct of `context`.
fn holds_in(
    rest: &IntegerRelation,
    context: &PresburgerSet,
    row: &[Int],
) -> Result<bool, PolyError> {
    for piece in context.disjuncts() {
        if !holds_on(&rest.intersect(piece)?, row)? {
            return Ok(false);
        }
    }
    Ok(true)
}

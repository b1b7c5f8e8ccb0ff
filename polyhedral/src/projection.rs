//! Fourier–Motzkin projection with an exactness flag and a row budget.
//!
//! Columns are eliminated one at a time, cheapest first:
//!
//! - through an equality in which the column has a `±1` coefficient
//!   (substitution: exact over the integers);
//! - through an equality with a larger coefficient (rationally exact, but
//!   the divisibility condition is lost: marked inexact);
//! - by combining every lower bound `a·x + L ≥ 0` with every upper bound
//!   `−b·x + U ≥ 0` into `b·L + a·U ≥ 0`. This is exact over the integers
//!   when in every combined pair `a = 1` or `b = 1` (then `⌈−L/a⌉ ≤ ⌊U/b⌋`
//!   holds exactly when the combination does); otherwise the result is the
//!   rational shadow, a superset of the projection.
//!
//! After each step rows are normalised (duplicates, parallel rows, gcd
//! tightening) and, when the inequalities outgrow
//! [`REDUNDANCY_THRESHOLD`], rows implied by the others are removed with one
//! simplex per row. If the number of inequalities ever exceeds the budget,
//! elimination stops with [`PolyError::ProjectionBudget`] (the check is on the
//! rows an elimination step produces, before redundancy removal).

use crate::error::PolyError;
use crate::normalize::eliminate_with;
use crate::omega::fm_shadow;
use crate::relation::IntegerRelation;

/// The default maximal number of inequalities during a projection.
pub const DEFAULT_ROW_BUDGET: usize = 4096;

/// Inequality counts above which simplex-based redundancy removal runs.
pub const REDUNDANCY_THRESHOLD: usize = 16;

/// The result of a projection.
#[derive(Clone, Debug)]
pub struct Projection {
    /// The relation without the eliminated columns.
    pub relation: IntegerRelation,
    /// Whether the integer points of `relation` are exactly the projection
    /// of the integer points of the input (otherwise they are a superset).
    pub exact: bool,
}

impl IntegerRelation {
    /// Eliminates the variable columns `cols` (absolute indices) by
    /// Fourier–Motzkin with the default row budget.
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// // { (d0, d1) : d0 <= d1 <= d0 + 2, 0 <= d0 <= 5 } projected on d1.
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[-1, 1, 0])?;
    /// p.add_inequality(&[1, -1, 2])?;
    /// p.add_bounds(0, Some(0), Some(5))?;
    /// let proj = p.project_out(&[0])?;
    /// assert!(proj.exact);
    /// assert!(proj.relation.contains(&[7])?);
    /// assert!(!proj.relation.contains(&[8])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn project_out(&self, cols: &[usize]) -> Result<Projection, PolyError> {
        self.project_out_with_budget(cols, DEFAULT_ROW_BUDGET)
    }

    /// [`IntegerRelation::project_out`] with an explicit budget on the
    /// number of inequality rows.
    pub fn project_out_with_budget(
        &self,
        cols: &[usize],
        budget: usize,
    ) -> Result<Projection, PolyError> {
        let n = self.num_vars();
        for &c in cols {
            if c >= n {
                return Err(PolyError::ColumnOutOfRange {
                    col: c,
                    num_vars: n,
                });
            }
        }
        let mut sys = self.clone();
        let mut exact = true;
        let mut remaining: Vec<usize> = cols.to_vec();
        remaining.sort_unstable();
        remaining.dedup();
        while !remaining.is_empty() {
            if !sys.normalize() {
                break;
            }
            let (idx, step) = cheapest_step(&sys, &remaining);
            let col = remaining.swap_remove(idx);
            match step {
                Step::Equality { row, unit } => {
                    exact &= unit;
                    let eq = sys.eqs.remove(row);
                    for r in sys.eqs.iter_mut().chain(sys.ineqs.iter_mut()) {
                        eliminate_with(r, &eq, col);
                    }
                }
                Step::FourierMotzkin { exact: e } => {
                    exact &= e;
                    sys = fm_shadow(&sys, col, false);
                }
            }
            if !sys.normalize() {
                break;
            }
            if sys.ineqs.len() > budget {
                return Err(PolyError::ProjectionBudget { budget });
            }
            if sys.ineqs.len() > REDUNDANCY_THRESHOLD {
                sys.remove_redundant_inequalities();
            }
        }
        sys.remove_vars(cols)?;
        Ok(Projection {
            relation: sys,
            exact,
        })
    }
}

enum Step {
    Equality { row: usize, unit: bool },
    FourierMotzkin { exact: bool },
}

/// Picks the next column to eliminate: unit equalities first, then other
/// equalities, then the column whose Fourier–Motzkin step adds the fewest
/// rows (exact steps preferred).
fn cheapest_step(sys: &IntegerRelation, remaining: &[usize]) -> (usize, Step) {
    let mut best: Option<(usize, Step, (u8, usize))> = None;
    for (idx, &col) in remaining.iter().enumerate() {
        let mut eq_choice: Option<(usize, bool)> = None;
        for (r, eq) in sys.eqs.iter().enumerate() {
            if eq[col].is_zero() {
                continue;
            }
            let unit = eq[col].is_unit();
            if eq_choice.is_none() || (unit && eq_choice.is_some_and(|(_, u)| !u)) {
                eq_choice = Some((r, unit));
            }
        }
        let (step, key) = match eq_choice {
            Some((row, unit)) => (Step::Equality { row, unit }, (if unit { 0 } else { 1 }, 0)),
            None => {
                let (mut lower, mut upper) = (Vec::new(), Vec::new());
                for row in &sys.ineqs {
                    match row[col].signum() {
                        1 => lower.push(row[col].clone()),
                        -1 => upper.push(-&row[col]),
                        _ => {}
                    }
                }
                let exact = lower
                    .iter()
                    .all(|a| upper.iter().all(|b| a.is_one() || b.is_one()));
                let growth = lower.len() * upper.len();
                (
                    Step::FourierMotzkin { exact },
                    (if exact { 2 } else { 3 }, growth),
                )
            }
        };
        if best.as_ref().map_or(true, |(_, _, k)| key < *k) {
            best = Some((idx, step, key));
        }
    }
    match best {
        Some((idx, step, _)) => (idx, step),
        None => (0, Step::FourierMotzkin { exact: true }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::ints;

    #[test]
    fn inexact_projection_is_flagged() {
        // d1 = 2*d0: projecting d0 loses "d1 is even".
        let mut p = IntegerRelation::new_set(2, 0);
        p.add_equality(&[2, -1, 0]).unwrap();
        let proj = p.project_out(&[0]).unwrap();
        assert!(!proj.exact);
        assert!(proj.relation.satisfied_by(&ints(&[1])).unwrap());
    }

    #[test]
    fn budget_stops_elimination() {
        // Many lower and upper bounds on d0 combining into distinct rows.
        let mut p = IntegerRelation::new_set(4, 0);
        for i in 0..12i64 {
            p.add_inequality(&[1, i, 2 * i + 1, -i, 0]).unwrap();
            p.add_inequality(&[-1, i + 1, -i, 3 * i, 50]).unwrap();
        }
        assert_eq!(
            p.project_out_with_budget(&[0], 10).unwrap_err(),
            PolyError::ProjectionBudget { budget: 10 }
        );
    }
}

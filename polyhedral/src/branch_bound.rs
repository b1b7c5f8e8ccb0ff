//! Integer samples and lexicographic minima by branch and bound over the
//! exact simplex: an alternative to the Omega test for systems whose
//! rational relaxation is bounded, where the Omega test's splintering can
//! blow up (integer programs of schedulers, with many constraints over
//! few small-ranged variables).
//!
//! Each node solves the rational relaxation exactly; an integral vertex is
//! an answer, otherwise the node splits on the first fractional column
//! (`x ≤ ⌊v⌋` or `x ≥ ⌈v⌉`). On a bounded relaxation the search is finite;
//! a node budget bounds it in all cases ([`PolyError::SearchBudget`]), so
//! no answer is ever guessed.

use crate::bounds::LexMin;
use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::simplex::{LpResult, Simplex};

/// The default node budget of one search.
pub const DEFAULT_NODE_BUDGET: usize = 100_000;

impl IntegerRelation {
    /// An integer point (all variable columns) by branch and bound, `None`
    /// when there is none; at most `budget` relaxations are solved.
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// // 1 <= 3*x - 3*y <= 2 has rational points but no integer one.
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[3, -3, -1])?;
    /// p.add_inequality(&[-3, 3, 2])?;
    /// p.add_bounds(0, Some(0), Some(10))?;
    /// p.add_bounds(1, Some(0), Some(10))?;
    /// assert_eq!(p.integer_sample_by_branching(1000)?, None);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn integer_sample_by_branching(
        &self,
        budget: usize,
    ) -> Result<Option<Vec<Int>>, PolyError> {
        let mut nodes = budget;
        self.branch(&mut nodes, budget)
    }

    fn branch(&self, nodes: &mut usize, budget: usize) -> Result<Option<Vec<Int>>, PolyError> {
        crate::work::check(budget)?;
        let Some(root) = Simplex::new(self) else {
            return Ok(None);
        };
        let mut stack = vec![root];
        while let Some(t) = stack.pop() {
            spend(nodes, budget)?;
            let point = t.sample();
            let Some(j) = point.iter().position(|x| !x.is_integer()) else {
                return Ok(Some(point.iter().map(Rat::ceil).collect()));
            };
            stack.extend(branches(t, j, &point[j]));
        }
        Ok(None)
    }

    /// The lexicographic minimum over the non-local columns (as
    /// [`IntegerRelation::lexmin`]) by branch and bound: first any integer
    /// point, then per column a depth-first search that only
    /// explores relaxations whose rational minimum, rounded up, beats the
    /// best integer point found so far; the column is then fixed to its
    /// minimum. At most `budget` relaxations in all.
    ///
    /// ```
    /// use tessera_polyhedral::{bounds::LexMin, int::ints, IntegerRelation};
    /// // { (x, y) : 2x + 2y >= 3, 0 <= x, y <= 4 }: lexmin (0, 2).
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[2, 2, -3])?;
    /// p.add_bounds(0, Some(0), Some(4))?;
    /// p.add_bounds(1, Some(0), Some(4))?;
    /// assert_eq!(p.lexmin_by_branching(1000)?, LexMin::Point(ints(&[0, 2])));
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn lexmin_by_branching(&self, budget: usize) -> Result<LexMin, PolyError> {
        let mut nodes = budget;
        self.lexmin_by_branching_within(&mut nodes)
    }

    /// [`IntegerRelation::lexmin_by_branching`] drawing on a shared budget:
    /// `nodes` is decreased by the relaxations solved (so a caller can
    /// bound several searches together).
    ///
    /// One tableau serves the whole search: a node's relaxation starts from
    /// its parent's optimum, and a column is fixed by adding its bound to
    /// the root.
    pub fn lexmin_by_branching_within(&self, nodes: &mut usize) -> Result<LexMin, PolyError> {
        let budget = *nodes;
        let Some(mut best) = self.branch(nodes, budget)? else {
            return Ok(LexMin::Empty);
        };
        let Some(mut root) = Simplex::new(self) else {
            return Ok(LexMin::Empty);
        };
        let width = self.num_cols();
        let constant = self.num_vars();
        for col in 0..self.space().num_non_locals() {
            let mut objective = vec![Int::ZERO; width];
            objective[col] = Int::ONE;
            // With an integer point in the set, a relaxation unbounded
            // below in this column means the integer minimum is too.
            spend(nodes, budget)?;
            if let LpResult::Unbounded = root.minimize_row(&objective) {
                return Ok(LexMin::Unbounded);
            }
            best = improve(&root, &objective, col, best, nodes, budget)?;
            // Fix the column at its minimum: `x ≤ best` (`x ≥ best` holds).
            let mut at_most = vec![Int::ZERO; width];
            at_most[col] = -Int::ONE;
            at_most[constant] = best[col].clone();
            if !root.add_row(&at_most) {
                return Err(PolyError::Internal(
                    "branch and bound lost the integer point it found".into(),
                ));
            }
        }
        best.truncate(self.space().num_non_locals());
        Ok(LexMin::Point(best))
    }
}

/// The work of one node (a relaxation solved again) in the units of
/// [`crate::work`]: about an LP over a dozen rows and columns.
const NODE_WORK: u64 = 2_000;

/// Counts one unit of work (a relaxation, a node) against the budget and
/// the thread's [`crate::work`] limit.
pub(crate) fn spend(nodes: &mut usize, budget: usize) -> Result<(), PolyError> {
    crate::work::charge(NODE_WORK, budget)?;
    if *nodes == 0 {
        return Err(PolyError::SearchBudget { nodes: budget });
    }
    *nodes -= 1;
    Ok(())
}

/// The integer point of `root`'s system with the smallest `col`, starting
/// from the integer point `best`: relaxations whose minimum cannot beat it
/// are pruned. The system must be bounded below in `col`.
fn improve(
    root: &Simplex,
    objective: &[Int],
    col: usize,
    mut best: Vec<Int>,
    nodes: &mut usize,
    budget: usize,
) -> Result<Vec<Int>, PolyError> {
    let mut stack = vec![root.clone()];
    while let Some(mut t) = stack.pop() {
        spend(nodes, budget)?;
        let (value, point) = match t.minimize_row(objective) {
            LpResult::Optimal { value, point } => (value, point),
            _ => {
                return Err(PolyError::Internal(
                    "a restriction of a bounded program is unbounded".into(),
                ))
            }
        };
        if value.ceil() >= best[col] {
            continue;
        }
        let Some(j) = point.iter().position(|x| !x.is_integer()) else {
            best = point.iter().map(Rat::ceil).collect();
            continue;
        };
        stack.extend(branches(t, j, &point[j]));
    }
    Ok(best)
}

/// The feasible children of a node whose column `j` has the fractional
/// `value`: `x_j ≥ ceil(value)`, then `x_j ≤ floor(value)` (explored first,
/// as the stack pops it last).
fn branches(t: Simplex, j: usize, value: &Rat) -> Vec<Simplex> {
    let n = t.num_vars();
    let mut up = vec![Int::ZERO; n + 1];
    up[j] = Int::ONE;
    up[n] = -value.ceil();
    let mut down = vec![Int::ZERO; n + 1];
    down[j] = -Int::ONE;
    down[n] = value.floor();
    let mut upper = t.clone();
    let mut lower = t;
    let mut children = Vec::with_capacity(2);
    if upper.add_row(&up) {
        children.push(upper);
    }
    if lower.add_row(&down) {
        children.push(lower);
    }
    children
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force on random small boxes: the same lexmin as the Omega
    /// test's.
    #[test]
    fn agrees_with_the_omega_lexmin() {
        let mut seed = 12345u64;
        let mut next = |m: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        for _ in 0..300 {
            let n = 1 + next(3) as usize;
            let mut p = IntegerRelation::new_set(n, 0);
            for c in 0..n {
                p.add_bounds(c, Some(-3), Some(3)).unwrap();
            }
            for _ in 0..next(4) {
                let mut row: Vec<i64> = (0..n).map(|_| next(7) - 3).collect();
                row.push(next(9) - 2);
                if next(4) == 0 {
                    p.add_equality(&row).unwrap();
                } else {
                    p.add_inequality(&row).unwrap();
                }
            }
            assert_eq!(
                p.lexmin_by_branching(10_000).unwrap(),
                p.lexmin().unwrap(),
                "{p:?}"
            );
            assert_eq!(
                p.integer_sample_by_branching(10_000).unwrap().is_some(),
                !p.is_integer_empty()
            );
        }
    }

    #[test]
    fn budgets_are_errors_not_guesses() {
        let mut p = IntegerRelation::new_set(2, 0);
        p.add_inequality(&[3, -3, -1]).unwrap();
        p.add_inequality(&[-3, 3, 2]).unwrap();
        assert!(matches!(
            p.integer_sample_by_branching(50),
            Err(PolyError::SearchBudget { nodes: 50 })
        ));
    }
}

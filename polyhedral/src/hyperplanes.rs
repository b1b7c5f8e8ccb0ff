//! Integer samples by branching on hyperplanes: for polyhedra that are
//! long and thin in a direction that is no axis (the tetrahedra of MLIR's
//! and isl's sample tests, with coefficients in the hundreds of
//! thousands), where branching on variables (the Omega test's splinters,
//! branch and bound) visits a number of nodes proportional to the length.
//!
//! Each node takes, among the candidate directions `a` — the normals of
//! the inequalities and the axes — the one along which the rational
//! relaxation is thinnest (the fewest integers between `min a·x` and
//! `max a·x`, both exact), and branches on each integer value `v` of
//! `a·x` with the equality `a·x = v`: every integer point of the node lies
//! on one of those hyperplanes, and each child has one dimension less. A
//! node with no bounded direction of positive width left (a point, or a
//! cone in the unbounded directions) goes to the Omega test. This is
//! Lenstra's branching with the constraint normals standing in for the
//! reduced basis of generalised basis reduction: thin directions of such
//! polyhedra are facet normals, and the width along them is small.
//!
//! The search is exact: a point found satisfies the system, and `None`
//! means every hyperplane was searched. A work budget (nodes and
//! directions measured) bounds it ([`PolyError::SearchBudget`]).

use crate::branch_bound::spend;
use crate::error::PolyError;
use crate::int::Int;
use crate::omega;
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::simplex::LpResult;

/// The work budget of one search: nodes plus candidate directions
/// measured (two LPs each), so that a large system cannot make the
/// search run for long.
pub const HYPERPLANE_WORK_BUDGET: usize = 10_000;

/// The Omega budget of a node with nothing left to branch on.
const LEAF_OMEGA_BUDGET: usize = 500;

impl IntegerRelation {
    /// An integer point (all variable columns) by branching on
    /// hyperplanes (see the module documentation), `None` when there is
    /// none; at most `budget` units of work (a node, or a candidate
    /// direction measured).
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// // A thin triangle from (1/3, 0) along the diagonal to (10000, 10000):
    /// // 3x >= 1 (so x >= 1), 3y <= 3x - 1, 3y >= 3x - 2 (no integer y).
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[3, 0, -1])?;
    /// p.add_inequality(&[3, -3, -1])?;
    /// p.add_inequality(&[-3, 3, 2])?;
    /// p.add_inequality(&[-1, 0, 10000])?;
    /// assert_eq!(p.integer_sample_by_hyperplanes(100)?, None);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn integer_sample_by_hyperplanes(
        &self,
        budget: usize,
    ) -> Result<Option<Vec<Int>>, PolyError> {
        let mut nodes = budget;
        search(self, &mut nodes, budget)
    }
}

fn search(
    sys: &IntegerRelation,
    nodes: &mut usize,
    budget: usize,
) -> Result<Option<Vec<Int>>, PolyError> {
    spend(nodes, budget)?;
    let Some(sample) = sys.rational_sample() else {
        return Ok(None);
    };
    if sample.iter().all(|v| v.is_integer()) {
        let p: Vec<Int> = sample.iter().map(|v| v.floor()).collect();
        if sys.satisfied_by(&p)? {
            return Ok(Some(p));
        }
    }
    let Some((direction, lo, hi)) = thinnest(sys, nodes, budget)? else {
        // Nothing bounded to branch on: the Omega test on what is left.
        return omega::solve(sys, LEAF_OMEGA_BUDGET).map_err(|e| match e {
            PolyError::SearchBudget { .. } => PolyError::SearchBudget { nodes: budget },
            other => other,
        });
    };
    let n = sys.num_vars();
    let mut v = lo;
    while v <= hi {
        let mut child = sys.clone();
        let mut row = direction.clone();
        row[n] = -&v;
        child.add_equality_int(row)?;
        if let Some(p) = search(&child, nodes, budget)? {
            return Ok(Some(p));
        }
        v = &v + &Int::ONE;
    }
    Ok(None)
}

/// The candidate direction (an inequality normal or an axis, constant
/// zero) with the fewest integer values of `a·x` on the rational
/// relaxation, with their range `[⌈min⌉, ⌊max⌋]`, among those bounded
/// both ways whose rational range is not a single value. `None` when
/// there is none.
fn thinnest(
    sys: &IntegerRelation,
    nodes: &mut usize,
    budget: usize,
) -> Result<Option<(Vec<Int>, Int, Int)>, PolyError> {
    let n = sys.num_vars();
    let mut candidates: Vec<Vec<Int>> = Vec::new();
    let mut add = |mut a: Vec<Int>| {
        a[n] = Int::ZERO;
        if a[..n].iter().all(Int::is_zero) {
            return;
        }
        // One sign per direction: the first non-zero coefficient positive.
        if a[..n]
            .iter()
            .find(|v| !v.is_zero())
            .is_some_and(Int::is_negative)
        {
            a = a.iter().map(|v| -v).collect();
        }
        if !candidates.contains(&a) {
            candidates.push(a);
        }
    };
    for row in sys.inequalities() {
        add(row.clone());
        // The normal scaled down by its largest and its smallest
        // coefficient and rounded: a long thin polytope's thin direction
        // is often a small vector close to a facet normal ((1, -1) for
        // the normal (300000, -299999)).
        let magnitudes = row[..n].iter().filter(|v| !v.is_zero()).map(Int::abs);
        let (Some(largest), Some(smallest)) = (magnitudes.clone().max(), magnitudes.min()) else {
            continue;
        };
        for d in [largest, smallest] {
            if d > Int::ONE {
                let two_d = &d + &d;
                // round(v / d) = floor((2v + d) / 2d).
                add(row
                    .iter()
                    .map(|v| (&(v + v) + &d).div_floor(&two_d))
                    .collect());
            }
        }
    }
    for k in 0..n {
        let mut axis = vec![Int::ZERO; n + 1];
        axis[k] = Int::ONE;
        add(axis);
    }
    let mut best: Option<(Vec<Int>, Int, Int)> = None;
    for a in candidates {
        spend(nodes, budget)?;
        let LpResult::Optimal { value: min, .. } = sys.rational_minimum(&a)? else {
            continue;
        };
        let negated: Vec<Int> = a.iter().map(|v| -v).collect();
        let LpResult::Optimal { value: neg_max, .. } = sys.rational_minimum(&negated)? else {
            continue;
        };
        let max = Rat::new(-neg_max.numer(), neg_max.denom().clone())
            .ok_or_else(|| PolyError::Internal("a rational with a zero denominator".into()))?;
        if min == max {
            if !min.is_integer() {
                // a·x is one fraction on the node: no integer point.
                return Ok(Some((a, Int::ONE, Int::ZERO)));
            }
            continue;
        }
        let (lo, hi) = (min.ceil(), max.floor());
        let count = &hi - &lo;
        let thinner = match &best {
            None => true,
            Some((_, l, h)) => count < h - l,
        };
        if thinner {
            best = Some((a, lo, hi));
        }
    }
    Ok(best)
}

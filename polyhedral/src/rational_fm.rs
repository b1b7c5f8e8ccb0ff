//! Fourier–Motzkin elimination over the rationals with a work budget:
//! the eliminated columns are rational unknowns (Farkas multipliers, the
//! lifted points of a convex hull), so rows are scaled by the gcd of all
//! their entries and never tightened as integer rows are. Equalities are
//! used first; then the column whose elimination makes the fewest rows;
//! rows implied by the others are removed in one tableau as the system
//! grows.

use crate::error::PolyError;
use crate::int::Int;
use crate::simplex::Simplex;

/// Inequality counts above which redundant rows are removed (one simplex
/// per row) after an elimination step.
const REDUNDANCY_THRESHOLD: usize = 24;

/// The largest number of inequality rows an elimination step may produce.
pub const ROW_BUDGET: usize = 20_000;

/// A rational constraint system (rows over the columns and a constant)
/// with the work it may still do.
pub(crate) struct Rows {
    pub(crate) eqs: Vec<Vec<Int>>,
    pub(crate) ineqs: Vec<Vec<Int>>,
    pub(crate) work: u64,
    /// The work it started with (for the error).
    budget: u64,
    /// The error once the work is spent, given the budget.
    exhausted: fn(u64) -> PolyError,
}

impl Rows {
    /// The system of `eqs` and `ineqs` with `work` to spend; `exhausted`
    /// makes the error once it is spent.
    pub(crate) fn new(
        eqs: Vec<Vec<Int>>,
        ineqs: Vec<Vec<Int>>,
        work: u64,
        exhausted: fn(u64) -> PolyError,
    ) -> Rows {
        Rows {
            eqs,
            ineqs,
            work,
            budget: work,
            exhausted,
        }
    }

    /// Draws `amount` from the work left; an error once it is spent.
    pub(crate) fn spend(&mut self, amount: u64) -> Result<(), PolyError> {
        match self.work.checked_sub(amount) {
            Some(left) => {
                self.work = left;
                Ok(())
            }
            None => {
                self.work = 0;
                Err((self.exhausted)(self.budget))
            }
        }
    }

    /// Eliminates `cols` over the rationals.
    pub(crate) fn eliminate(&mut self, cols: &[usize]) -> Result<(), PolyError> {
        let mut remaining: Vec<usize> = cols.to_vec();
        // Equalities first: each removes one column by substitution.
        while let Some((e, col)) = self.pivot_equality(&remaining) {
            let eq = self.eqs.swap_remove(e);
            for row in self.eqs.iter_mut() {
                substitute(row, &eq, col, false);
            }
            for row in self.ineqs.iter_mut() {
                substitute(row, &eq, col, true);
            }
            remaining.retain(|&c| c != col);
            self.tidy();
        }
        // Then Fourier–Motzkin, cheapest column first.
        while !remaining.is_empty() {
            let (idx, col) = remaining
                .iter()
                .enumerate()
                .map(|(idx, &col)| {
                    let pos = self.ineqs.iter().filter(|r| r[col].is_positive()).count();
                    let neg = self.ineqs.iter().filter(|r| r[col].is_negative()).count();
                    ((pos * neg) as i64 - (pos + neg) as i64, idx, col)
                })
                .min()
                .map(|(_, idx, col)| (idx, col))
                .expect("remaining is not empty");
            remaining.swap_remove(idx);
            let (mut lower, mut upper, mut rest) = (Vec::new(), Vec::new(), Vec::new());
            for row in std::mem::take(&mut self.ineqs) {
                match row[col].signum() {
                    1 => lower.push(row),
                    -1 => upper.push(row),
                    _ => rest.push(row),
                }
            }
            if lower.len() * upper.len() + rest.len() > ROW_BUDGET {
                return Err(PolyError::ProjectionBudget { budget: ROW_BUDGET });
            }
            let width = lower.first().map_or(0, Vec::len) as u64;
            self.spend((lower.len() * upper.len()) as u64 * width)?;
            for l in &lower {
                for u in &upper {
                    // a*x + L >= 0 and -b*x + U >= 0 give b*L + a*U >= 0.
                    let a = &l[col];
                    let b = -&u[col];
                    let row: Vec<Int> = l.iter().zip(u).map(|(x, y)| &b * x + a * y).collect();
                    rest.push(row);
                }
            }
            self.ineqs = rest;
            self.tidy();
            if self.ineqs.len() > REDUNDANCY_THRESHOLD {
                self.remove_redundant()?;
            }
        }
        Ok(())
    }

    /// An equality with a non-zero coefficient on one of `cols`, preferring
    /// a unit coefficient.
    fn pivot_equality(&self, cols: &[usize]) -> Option<(usize, usize)> {
        let mut best = None;
        for (e, row) in self.eqs.iter().enumerate() {
            for &c in cols {
                if row[c].is_unit() {
                    return Some((e, c));
                }
                if !row[c].is_zero() && best.is_none() {
                    best = Some((e, c));
                }
            }
        }
        best
    }

    /// Divides rows by their content, drops trivial and duplicate rows.
    pub(crate) fn tidy(&mut self) {
        for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            divide_by_content(row);
        }
        self.eqs.retain(|r| r.iter().any(|a| !a.is_zero()));
        // 0 >= -c with c >= 0 always holds; rows with only a constant stay
        // when they are infeasible (the system is then empty).
        self.ineqs.retain(|r| {
            let last = r.len() - 1;
            r[..last].iter().any(|a| !a.is_zero()) || r[last].is_negative()
        });
        self.ineqs.sort();
        self.ineqs.dedup();
    }

    /// Removes inequalities implied by the others over the rationals, in
    /// one tableau (a rationally empty system is left as it is).
    pub(crate) fn remove_redundant(&mut self) -> Result<(), PolyError> {
        let Some(width) = self.ineqs.first().map(Vec::len) else {
            return Ok(());
        };
        // Each check costs as one LP over the rows left, as the budget has
        // always counted it, spent before the check is made.
        let mut work = self.work;
        let (budget, exhausted) = (self.budget, self.exhausted);
        let found = Simplex::redundant_inequalities(width - 1, &self.eqs, &self.ineqs, |rows| {
            let cost = (rows * width * width) as u64;
            match work.checked_sub(cost) {
                Some(left) => {
                    work = left;
                    Ok(())
                }
                None => Err(exhausted(budget)),
            }
        });
        self.work = work;
        let Some(redundant) = found.inspect_err(|_| self.work = 0)? else {
            return Ok(());
        };
        let mut dropped = redundant.iter();
        self.ineqs
            .retain(|_| !dropped.next().copied().unwrap_or(false));
        Ok(())
    }
}

/// Eliminates `col` from `row` with the equality `eq` (whose coefficient on
/// `col` is non-zero); an inequality is scaled by a positive factor only.
fn substitute(row: &mut [Int], eq: &[Int], col: usize, inequality: bool) {
    if row[col].is_zero() {
        return;
    }
    let a = row[col].clone();
    let mut p = eq[col].clone();
    let mut factor = a;
    if inequality && p.is_negative() {
        p = -p;
        factor = -factor;
    }
    for (x, e) in row.iter_mut().zip(eq) {
        *x = &p * &*x - &factor * e;
    }
}

/// Divides `row` by the gcd of its entries (a positive factor: valid for
/// equalities and rational inequalities alike).
fn divide_by_content(row: &mut [Int]) {
    let mut g = Int::ZERO;
    for a in row.iter() {
        g = g.gcd(a);
        if g.is_one() {
            return;
        }
    }
    if !g.is_zero() {
        for a in row.iter_mut() {
            *a = a.div_floor(&g);
        }
    }
}

//! An exact rational simplex over free variables.
//!
//! The dictionary form is used: every constraint `a·x + c ≥ 0` gets a slack
//! variable `s = a·x + c` that must stay non-negative (an equality gives two
//! slacks, `a·x + c` and `−a·x − c`); the variables `x` are free. The free
//! variables are first pivoted into the basis (where they are never chosen
//! to leave), a single artificial variable then finds a feasible basis
//! (phase 1), and phase 2 optimises. Entering and leaving variables follow
//! Bland's rule, so the method terminates.
//!
//! The tableau is fraction-free, as MLIR's and isl's are: each row holds
//! integer coefficients over one positive common denominator, reduced by
//! their gcd after a pivot, so a pivot costs integer products (on the
//! 64-bit fast path of [`Int`]) instead of a gcd per rational entry. The
//! answers (empty, optimum, unbounded) are exact.
//!
//! A [`Simplex`] also grows: a constraint added to a feasible tableau is
//! made satisfied by primal pivots from the current vertex (MLIR's
//! `restoreRow`), so branch and bound re-solves a child from its parent's
//! optimum rather than from scratch.
//!
//! This is the cheap first answer of the integer solver (a rationally empty
//! system has no integer point), the relaxation of branch and bound, and the
//! judge of redundancy in projection.

use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;

mod row;

use row::{ratio_cmp, Row};

/// The result of minimising a linear objective over the rational points of
/// a system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LpResult {
    /// The system has no rational point.
    Infeasible,
    /// The objective has no lower bound.
    Unbounded,
    /// The minimum and a point where it is attained.
    Optimal {
        /// The minimal value of the objective.
        value: Rat,
        /// A rational point (one value per variable column) attaining it.
        point: Vec<Rat>,
    },
}

/// A simplex tableau in dictionary form over exact fraction-free rows: a
/// feasible vertex of a system that constraints can be added to and
/// objectives minimised over, each from the vertex the last step left.
///
/// ```
/// use tessera_polyhedral::{int::ints, simplex::{LpResult, Simplex}, IntegerRelation, Rat, Int};
/// let mut p = IntegerRelation::new_set(2, 0);
/// p.add_inequality(&[-1, -1, 4])?; // x + y <= 4, x, y >= 0 implied below
/// let mut lp = Simplex::nonnegative(&p).expect("the origin is a point");
/// assert!(!lp.is_redundant(&ints(&[-1, 0, 2]))?); // x <= 2 cuts
/// assert!(lp.add_inequality(&ints(&[-1, 0, 2]))?);
/// assert!(lp.is_redundant(&ints(&[-1, 0, 3]))?); // x <= 3 is implied now
/// match lp.minimize(&ints(&[-2, -1, 0]))? {
///     LpResult::Optimal { value, .. } => assert_eq!(value, Rat::from(Int::from(-6))),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), tessera_polyhedral::PolyError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Simplex {
    rows: Vec<Row>,
    basic: Vec<usize>,
    nonbasic: Vec<usize>,
    /// Variables `< num_free` are free; the rest must be non-negative.
    num_free: usize,
    /// The variables of the system (their ids are `0..num_vars`).
    num_vars: usize,
    /// The id the next slack variable gets.
    next_id: usize,
}

impl Simplex {
    /// A feasible tableau of the system (every column, locals included,
    /// read as a rational variable), or `None` when it has no rational
    /// point.
    pub fn new(system: &IntegerRelation) -> Option<Simplex> {
        Simplex::from_rows(system.num_vars(), &system.eqs, &system.ineqs)
    }

    /// A feasible tableau of the system with every variable non-negative,
    /// or `None` when that has no rational point. Starts at the origin
    /// when it is a point (no phase 1), as in the integer programs of
    /// schedulers.
    pub fn nonnegative(system: &IntegerRelation) -> Option<Simplex> {
        let n = system.num_vars();
        if let Some(t) = Simplex::at_origin(n, &system.eqs, &system.ineqs) {
            return Some(t);
        }
        let mut rows = system.ineqs.clone();
        for v in 0..n {
            let mut row = vec![Int::ZERO; n + 1];
            row[v] = Int::ONE;
            rows.push(row);
        }
        Simplex::from_rows(n, &system.eqs, &rows)
    }

    fn check_row(&self, row: &[Int]) -> Result<(), PolyError> {
        if row.len() == self.num_vars + 1 {
            Ok(())
        } else {
            Err(PolyError::RowLength {
                expected: self.num_vars + 1,
                found: row.len(),
            })
        }
    }

    /// Minimises `objective · (x, 1)` starting from the current vertex,
    /// which moves to the optimum.
    pub fn minimize(&mut self, objective: &[Int]) -> Result<LpResult, PolyError> {
        self.check_row(objective)?;
        Ok(self.minimize_row(objective))
    }

    /// Adds the inequality `row · (x, 1) ≥ 0`. `Ok(false)` when the system
    /// has no rational point left (the tableau must not be used further).
    pub fn add_inequality(&mut self, row: &[Int]) -> Result<bool, PolyError> {
        self.check_row(row)?;
        Ok(self.add_row(row))
    }

    /// Whether `row · (x, 1) ≥ 0` holds on every rational point of the
    /// system (its minimum is non-negative). Moves the current vertex.
    pub fn is_redundant(&mut self, row: &[Int]) -> Result<bool, PolyError> {
        self.check_row(row)?;
        let negated: Vec<Int> = row.iter().map(|v| -v).collect();
        let mut obj = self.express(&negated);
        let w = self.width();
        if (0..w).any(|c| !self.restricted(self.nonbasic[c]) && obj.sign(c) != 0) {
            return Ok(false);
        }
        // Implied unless the row can go negative: stop as soon as it does.
        let unbounded = self.maximize(&mut obj, None, true).is_some();
        Ok(!unbounded && obj.constant_sign() <= 0)
    }

    fn restricted(&self, var: usize) -> bool {
        var >= self.num_free
    }

    fn width(&self) -> usize {
        self.nonbasic.len()
    }

    /// Exchanges the basic variable of row `r` with the non-basic variable
    /// of column `c`, updating the objective row `obj` as well.
    fn pivot(&mut self, r: usize, c: usize, obj: &mut Row) {
        let pivot = self.rows[r].solved_for(c);
        let mut scratch = Vec::new();
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i != r {
                row.substitute(c, &pivot, &mut scratch);
            }
        }
        obj.substitute(c, &pivot, &mut scratch);
        self.rows[r] = pivot;
        std::mem::swap(&mut self.basic[r], &mut self.nonbasic[c]);
    }

    /// The row that first reaches zero when the non-basic variable of
    /// column `c` moves up (`up`) or down from zero: among the restricted
    /// rows other than `skip` that decrease along the move, the smallest
    /// ratio, ties to the smallest variable (Bland's rule). `None` when no
    /// row bounds the move.
    fn leaving_row(&self, c: usize, up: bool, skip: Option<usize>) -> Option<usize> {
        let decreasing = |row: &Row| row.sign(c) == if up { -1 } else { 1 };
        let mut best: Option<usize> = None;
        for (r, row) in self.rows.iter().enumerate() {
            if Some(r) == skip || !self.restricted(self.basic[r]) || !decreasing(row) {
                continue;
            }
            let better = match best {
                None => true,
                Some(b) => {
                    let other = &self.rows[b];
                    match ratio_cmp(
                        &row.constant(),
                        &row.at(c).abs(),
                        &other.constant(),
                        &other.at(c).abs(),
                    ) {
                        std::cmp::Ordering::Less => true,
                        std::cmp::Ordering::Equal => self.basic[r] < self.basic[b],
                        std::cmp::Ordering::Greater => false,
                    }
                }
            };
            if better {
                best = Some(r);
            }
        }
        best
    }

    /// The entering column of Bland's rule for maximising `obj`: the
    /// smallest variable whose column increases it.
    fn entering_column(&self, obj: &Row) -> Option<usize> {
        (0..self.width())
            .filter(|&j| obj.sign(j) > 0)
            .min_by_key(|&j| self.nonbasic[j])
    }

    /// Maximises the objective row with Bland's rule, never letting row
    /// `skip` leave. Returns the column along which the objective grows
    /// without bound, or `None` at the optimum — or, with `until_positive`,
    /// as soon as the objective is positive (when only its sign is asked).
    fn maximize(
        &mut self,
        obj: &mut Row,
        skip: Option<usize>,
        until_positive: bool,
    ) -> Option<usize> {
        loop {
            if until_positive && obj.constant_sign() > 0 {
                return None;
            }
            let c = self.entering_column(obj)?;
            match self.leaving_row(c, true, skip) {
                Some(r) => self.pivot(r, c, obj),
                None => return Some(c),
            }
        }
    }

    fn value_of(&self, var: usize) -> Rat {
        match self.basic.iter().position(|&b| b == var) {
            Some(r) => self.rows[r].value(),
            None => Rat::ZERO,
        }
    }

    /// The number of variables of the system.
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// The current vertex: one value per variable of the system.
    pub fn sample(&self) -> Vec<Rat> {
        (0..self.num_vars).map(|v| self.value_of(v)).collect()
    }

    /// The slack rows of `eqs` (two each) and `ineqs`, over the variables.
    fn slack_rows(eqs: &[Vec<Int>], ineqs: &[Vec<Int>]) -> Vec<Row> {
        let mut rows = Vec::with_capacity(2 * eqs.len() + ineqs.len());
        for e in eqs {
            let row = Row::from_ints(e);
            let mut negated = row.clone();
            negated.negate();
            rows.push(row);
            rows.push(negated);
        }
        rows.extend(ineqs.iter().map(|i| Row::from_ints(i)));
        rows
    }

    /// A feasible tableau of `eqs` (`= 0`) and `ineqs` (`≥ 0`) over
    /// `num_vars` free variables, or `None` when they have no rational
    /// point.
    pub(crate) fn from_rows(
        num_vars: usize,
        eqs: &[Vec<Int>],
        ineqs: &[Vec<Int>],
    ) -> Option<Simplex> {
        let rows = Simplex::slack_rows(eqs, ineqs);
        let m = rows.len();
        let mut t = Simplex {
            rows,
            basic: (num_vars..num_vars + m).collect(),
            nonbasic: (0..num_vars).collect(),
            num_free: num_vars,
            num_vars,
            next_id: num_vars + m,
        };
        let mut obj = Row::unit(num_vars + 1, None);
        // Phase 0: pivot free variables into the basis.
        for c in 0..num_vars {
            let r = (0..t.rows.len()).find(|&r| t.restricted(t.basic[r]) && t.rows[r].sign(c) != 0);
            if let Some(r) = r {
                t.pivot(r, c, &mut obj);
            }
        }
        // Phase 1: an artificial variable added to every restricted row,
        // entering on the most violated one.
        let w = t.width();
        let worst = (0..t.rows.len())
            .filter(|&r| t.restricted(t.basic[r]) && t.rows[r].constant_sign() < 0)
            .min_by(|&a, &b| {
                let (ra, rb) = (&t.rows[a], &t.rows[b]);
                ratio_cmp(&ra.constant(), &ra.den(), &rb.constant(), &rb.den())
            });
        if let Some(r0) = worst {
            let artificial = t.next_id;
            for r in 0..t.rows.len() {
                let restricted = t.restricted(t.basic[r]);
                t.rows[r].insert_column(w, restricted);
            }
            t.nonbasic.push(artificial);
            let mut aux = Row::unit(w + 2, Some((w, -1)));
            t.pivot(r0, w, &mut aux);
            t.maximize(&mut aux, None, false);
            if aux.constant_sign() < 0 {
                return None;
            }
            if let Some(r) = t.basic.iter().position(|&b| b == artificial) {
                match (0..w + 1).find(|&j| t.rows[r].sign(j) != 0) {
                    Some(c) => t.pivot(r, c, &mut aux),
                    None => {
                        t.rows.remove(r);
                        t.basic.remove(r);
                    }
                }
            }
            if let Some(c) = t.nonbasic.iter().position(|&v| v == artificial) {
                t.nonbasic.remove(c);
                for row in t.rows.iter_mut() {
                    row.remove_column(c);
                }
            }
        }
        Some(t)
    }

    /// The tableau of `{ x ≥ 0 : eqs = 0, ineqs ≥ 0 }` when the origin is
    /// one of its points: the variables start non-basic at zero, a
    /// feasible vertex, so no phase 1 is needed. `None` when the origin is
    /// not a point.
    fn at_origin(num_vars: usize, eqs: &[Vec<Int>], ineqs: &[Vec<Int>]) -> Option<Simplex> {
        let origin_feasible = eqs.iter().all(|e| e[num_vars].is_zero())
            && ineqs.iter().all(|i| !i[num_vars].is_negative());
        if !origin_feasible {
            return None;
        }
        let rows = Simplex::slack_rows(eqs, ineqs);
        let m = rows.len();
        Some(Simplex {
            rows,
            basic: (num_vars..num_vars + m).collect(),
            nonbasic: (0..num_vars).collect(),
            num_free: 0,
            num_vars,
            next_id: num_vars + m,
        })
    }

    /// The row `row · (x, 1)` over the current non-basic variables.
    fn express(&self, row: &[Int]) -> Row {
        let w = self.width();
        let mut out = Row::unit(w + 1, None);
        out.add_integer(w, &row[self.num_vars]);
        for (var, coeff) in row[..self.num_vars].iter().enumerate() {
            if coeff.is_zero() {
                continue;
            }
            if let Some(r) = self.basic.iter().position(|&b| b == var) {
                out.add_scaled(coeff, &self.rows[r]);
            } else if let Some(c) = self.nonbasic.iter().position(|&b| b == var) {
                out.add_integer(c, coeff);
            }
        }
        out
    }

    /// Minimises `objective · (x, 1)` from the current vertex; the tableau
    /// is left at the optimum (or where unboundedness showed).
    pub(crate) fn minimize_row(&mut self, objective: &[Int]) -> LpResult {
        let negated: Vec<Int> = objective.iter().map(|v| -v).collect();
        let mut obj = self.express(&negated);
        let w = self.width();
        // A free non-basic variable appears in no row: any objective weight
        // on it makes the problem unbounded.
        if (0..w).any(|c| !self.restricted(self.nonbasic[c]) && obj.sign(c) != 0) {
            return LpResult::Unbounded;
        }
        if self.maximize(&mut obj, None, false).is_some() {
            return LpResult::Unbounded;
        }
        LpResult::Optimal {
            value: -&obj.value(),
            point: self.sample(),
        }
    }

    /// Adds `row · (x, 1) ≥ 0`; `false` (the tableau then unusable) when
    /// the system becomes rationally empty. Pivots from the current vertex
    /// until the new row is non-negative.
    pub(crate) fn add_row(&mut self, row: &[Int]) -> bool {
        let mut new = self.express(row);
        new.reduce();
        let w = self.width();
        self.rows.push(new);
        self.basic.push(self.next_id);
        self.next_id += 1;
        let r = self.rows.len() - 1;
        // A free variable outside the basis appears in no other row: the new
        // row can take it, with its own slack leaving at zero.
        if let Some(c) =
            (0..w).find(|&c| !self.restricted(self.nonbasic[c]) && self.rows[r].sign(c) != 0)
        {
            let mut unused = Row::unit(w + 1, None);
            self.pivot(r, c, &mut unused);
            return true;
        }
        self.restore(r)
    }

    /// Brings the restricted basic row `r`, negative at the current vertex
    /// while every other restricted row is not, back to non-negative by
    /// maximising it (Bland's rule, `r` itself never bounding a step);
    /// `false` when its maximum is negative.
    fn restore(&mut self, r: usize) -> bool {
        let mut obj = self.rows[r].clone();
        while obj.constant_sign() < 0 {
            let Some(c) = self.entering_column(&obj) else {
                return false;
            };
            // The row reaches zero before any other row bounds the step:
            // it leaves the basis at zero, feasible.
            let own = &self.rows[r];
            let leaving = self.leaving_row(c, true, Some(r)).filter(|&b| {
                let other = &self.rows[b];
                ratio_cmp(
                    &own.constant().neg(),
                    &own.at(c),
                    &other.constant(),
                    &other.at(c).neg(),
                ) == std::cmp::Ordering::Greater
            });
            match leaving {
                Some(b) => self.pivot(b, c, &mut obj),
                None => {
                    self.pivot(r, c, &mut obj);
                    return true;
                }
            }
        }
        true
    }

    /// Whether the inequality of slack variable `var` is implied by the
    /// other rows (its minimum over them is non-negative); if so it is
    /// removed from the tableau. The tableau stays feasible either way
    /// (MLIR's `detectRedundant`).
    fn drop_if_redundant(&mut self, var: usize) -> bool {
        let r = match self.basic.iter().position(|&b| b == var) {
            Some(r) => r,
            None => {
                let Some(c) = self.nonbasic.iter().position(|&b| b == var) else {
                    return true;
                };
                // Non-basic at zero: move it down into the basis, or it is
                // unbounded below and not implied.
                let Some(r) = self.leaving_row(c, false, None) else {
                    return false;
                };
                let mut unused = Row::unit(self.width() + 1, None);
                self.pivot(r, c, &mut unused);
                r
            }
        };
        let mut obj = self.rows[r].clone();
        obj.negate();
        let unbounded = self.maximize(&mut obj, Some(r), true).is_some();
        if unbounded || obj.constant_sign() > 0 {
            // The minimum is negative: restore the row (possible, since the
            // vertex it left was feasible).
            if self.rows[r].constant_sign() < 0 {
                self.restore(r);
            }
            return false;
        }
        self.rows.remove(r);
        self.basic.remove(r);
        true
    }

    /// Per inequality of a feasible system, whether it is implied by the
    /// rows kept before it and all rows after it (each checked in order,
    /// the redundant ones dropped as they are found); `Ok(None)` when the
    /// system is rationally empty. `before_each` is called with the number
    /// of rows left before each check, and its error stops the search (a
    /// caller's work budget).
    pub(crate) fn redundant_inequalities<E>(
        num_vars: usize,
        eqs: &[Vec<Int>],
        ineqs: &[Vec<Int>],
        mut before_each: impl FnMut(usize) -> Result<(), E>,
    ) -> Result<Option<Vec<bool>>, E> {
        // Columns no row uses only widen every pivot: leave them out.
        let used: Vec<usize> = (0..num_vars)
            .filter(|&j| eqs.iter().chain(ineqs).any(|row| !row[j].is_zero()))
            .chain([num_vars])
            .collect();
        let compress = |rows: &[Vec<Int>]| -> Vec<Vec<Int>> {
            rows.iter()
                .map(|row| used.iter().map(|&j| row[j].clone()).collect())
                .collect()
        };
        let (eqs, ineqs) = (compress(eqs), compress(ineqs));
        let n = used.len() - 1;
        let Some(mut t) = Simplex::from_rows(n, &eqs, &ineqs) else {
            return Ok(None);
        };
        let first = n + 2 * eqs.len();
        let mut rows = 2 * eqs.len() + ineqs.len();
        let mut redundant = Vec::with_capacity(ineqs.len());
        for i in 0..ineqs.len() {
            before_each(rows)?;
            let dropped = t.drop_if_redundant(first + i);
            if dropped {
                rows -= 1;
            }
            redundant.push(dropped);
        }
        Ok(Some(redundant))
    }
}

/// Minimises `objective · (x, 1)` (or just finds a point when `objective`
/// is `None`) over the rational points of `eqs` (`= 0`) and `ineqs`
/// (`>= 0`) with `num_vars` free variables.
pub(crate) fn minimize(
    num_vars: usize,
    eqs: &[Vec<Int>],
    ineqs: &[Vec<Int>],
    objective: Option<&[Int]>,
) -> LpResult {
    let Some(mut t) = Simplex::from_rows(num_vars, eqs, ineqs) else {
        return LpResult::Infeasible;
    };
    match objective {
        Some(f) => t.minimize_row(f),
        None => LpResult::Optimal {
            value: Rat::ZERO,
            point: t.sample(),
        },
    }
}

/// Minimises `objective · (x, 1)` over `{ x ≥ 0 : eqs = 0, ineqs ≥ 0 }`.
/// When the origin is a point of it (every equality's constant is zero and
/// every inequality's is non-negative) the variables start non-basic at
/// zero, a feasible vertex, so only phase 2 runs; otherwise the bounds
/// `x ≥ 0` are added as rows and [`minimize`] decides.
pub(crate) fn minimize_nonnegative(
    num_vars: usize,
    eqs: &[Vec<Int>],
    ineqs: &[Vec<Int>],
    objective: &[Int],
) -> LpResult {
    if let Some(mut t) = Simplex::at_origin(num_vars, eqs, ineqs) {
        return t.minimize_row(objective);
    }
    let mut rows = ineqs.to_vec();
    for v in 0..num_vars {
        let mut row = vec![Int::ZERO; num_vars + 1];
        row[v] = Int::ONE;
        rows.push(row);
    }
    minimize(num_vars, eqs, &rows, Some(objective))
}

impl IntegerRelation {
    /// Whether the system has no rational point (all columns, locals
    /// included, read as rationals). A rationally empty system is integer
    /// empty; the converse does not hold.
    pub fn is_rationally_empty(&self) -> bool {
        matches!(
            minimize(self.num_vars(), &self.eqs, &self.ineqs, None),
            LpResult::Infeasible
        )
    }

    /// A rational point of the system (one value per variable column), or
    /// `None` when it is rationally empty.
    pub fn rational_sample(&self) -> Option<Vec<Rat>> {
        match minimize(self.num_vars(), &self.eqs, &self.ineqs, None) {
            LpResult::Optimal { point, .. } => Some(point),
            _ => None,
        }
    }

    /// Minimises `objective · (x, 1)` (one coefficient per variable column
    /// plus the constant) over the rational points.
    ///
    /// ```
    /// use tessera_polyhedral::{simplex::LpResult, Int, IntegerRelation, Rat};
    /// let mut p = IntegerRelation::new_set(1, 0);
    /// p.add_inequality(&[2, -3])?; // 2*d0 >= 3
    /// let obj = [Int::from(1), Int::from(0)];
    /// match p.rational_minimum(&obj)? {
    ///     LpResult::Optimal { value, .. } => {
    ///         assert_eq!(Some(value), Rat::new(Int::from(3), Int::from(2)))
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn rational_minimum(&self, objective: &[Int]) -> Result<LpResult, PolyError> {
        if objective.len() != self.num_cols() {
            return Err(PolyError::RowLength {
                expected: self.num_cols(),
                found: objective.len(),
            });
        }
        Ok(minimize(
            self.num_vars(),
            &self.eqs,
            &self.ineqs,
            Some(objective),
        ))
    }

    /// Minimises `objective · (x, 1)` over the rational points of the
    /// system whose variables are all non-negative. Fast when the origin
    /// is a point of the system (only phase 2 of the simplex runs), as in
    /// the integer programs of schedulers.
    ///
    /// ```
    /// use tessera_polyhedral::{simplex::LpResult, Int, IntegerRelation, Rat};
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[-1, -1, 4])?; // x + y <= 4 (with x, y >= 0)
    /// let obj = [Int::from(-1), Int::from(-2), Int::from(0)]; // -x - 2y
    /// match p.rational_minimum_nonnegative(&obj)? {
    ///     LpResult::Optimal { value, .. } => assert_eq!(value, Rat::from(Int::from(-8))),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn rational_minimum_nonnegative(&self, objective: &[Int]) -> Result<LpResult, PolyError> {
        if objective.len() != self.num_cols() {
            return Err(PolyError::RowLength {
                expected: self.num_cols(),
                found: objective.len(),
            });
        }
        Ok(minimize_nonnegative(
            self.num_vars(),
            &self.eqs,
            &self.ineqs,
            objective,
        ))
    }

    /// Removes inequalities implied (over the rationals) by the other rows,
    /// checked in order in one tableau. Keeps the integer point set
    /// unchanged; a rationally empty system keeps its rows.
    pub fn remove_redundant_inequalities(&mut self) {
        let found =
            Simplex::redundant_inequalities(self.num_vars(), &self.eqs, &self.ineqs, |_| {
                Ok::<(), std::convert::Infallible>(())
            });
        let Ok(Some(redundant)) = found else {
            return;
        };
        let mut redundant = redundant.into_iter();
        self.ineqs.retain(|_| !redundant.next().unwrap_or(false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::ints;

    fn rows(v: &[&[i64]]) -> Vec<Vec<Int>> {
        v.iter().map(|r| ints(r)).collect()
    }

    /// From the origin or through the general simplex, the same optimum
    /// as the general simplex with explicit bounds, on random systems.
    #[test]
    fn nonnegative_minimum_agrees_with_the_general_simplex() {
        let mut seed = 777u64;
        let mut next = |m: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        for _ in 0..400 {
            let n = 1 + next(4) as usize;
            let mut ineqs = Vec::new();
            for _ in 0..1 + next(5) {
                let mut row: Vec<i64> = (0..n).map(|_| next(9) - 4).collect();
                row.push(next(12) - 2);
                ineqs.push(ints(&row));
            }
            let eqs = if next(4) == 0 {
                let mut row: Vec<i64> = (0..n).map(|_| next(5) - 2).collect();
                row.push(0);
                vec![ints(&row)]
            } else {
                Vec::new()
            };
            let objective: Vec<i64> = (0..=n).map(|_| next(7) - 3).collect();
            let objective = ints(&objective);
            let mut bounded = ineqs.clone();
            for v in 0..n {
                let mut row = vec![Int::ZERO; n + 1];
                row[v] = Int::ONE;
                bounded.push(row);
            }
            let general = minimize(n, &eqs, &bounded, Some(&objective));
            let fast = minimize_nonnegative(n, &eqs, &ineqs, &objective);
            match (&general, &fast) {
                (LpResult::Optimal { value: a, .. }, LpResult::Optimal { value: b, point }) => {
                    assert_eq!(a, b, "{ineqs:?} {eqs:?} {objective:?}");
                    assert!(point.iter().all(|x| x.signum() >= 0));
                }
                _ => assert_eq!(general, fast, "{ineqs:?} {eqs:?} {objective:?}"),
            }
        }
    }

    /// Rows added one at a time to a feasible tableau (from the current
    /// vertex, as branch and bound adds them) give the emptiness and the
    /// optimum a fresh solve of all rows gives, on random systems.
    #[test]
    fn added_rows_agree_with_a_fresh_solve() {
        let mut seed = 4242u64;
        let mut next = |m: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        for _ in 0..600 {
            let n = 1 + next(4) as usize;
            let mut ineqs = Vec::new();
            for v in 0..n {
                let mut lower = vec![0i64; n + 1];
                lower[v] = 1;
                lower[n] = next(6);
                let mut upper = vec![0i64; n + 1];
                upper[v] = -1;
                upper[n] = next(6);
                ineqs.push(ints(&lower));
                ineqs.push(ints(&upper));
            }
            let split = ineqs.len();
            for _ in 0..1 + next(5) {
                let mut row: Vec<i64> = (0..n).map(|_| next(9) - 4).collect();
                row.push(next(12) - 6);
                ineqs.push(ints(&row));
            }
            let objective: Vec<i64> = (0..=n).map(|_| next(7) - 3).collect();
            let objective = ints(&objective);
            let fresh = minimize(n, &[], &ineqs, Some(&objective));
            let mut t = Simplex::from_rows(n, &[], &ineqs[..split]).expect("a box is feasible");
            t.minimize_row(&objective);
            let feasible = ineqs[split..].iter().all(|row| t.add_row(row));
            if !feasible {
                assert_eq!(fresh, LpResult::Infeasible, "{ineqs:?}");
                continue;
            }
            for row in &ineqs {
                let value = row[..n]
                    .iter()
                    .zip(t.sample())
                    .fold(Rat::from(&row[n]), |acc, (a, x)| {
                        &acc + &(&Rat::from(a) * &x)
                    });
                assert!(value.signum() >= 0, "{ineqs:?}: {row:?} violated");
            }
            match (fresh, t.minimize_row(&objective)) {
                (LpResult::Optimal { value: a, .. }, LpResult::Optimal { value: b, .. }) => {
                    assert_eq!(a, b, "{ineqs:?} {objective:?}")
                }
                (a, b) => panic!("{ineqs:?} {objective:?}: {a:?} vs {b:?}"),
            }
        }
    }

    /// Redundancy found in one tableau is the redundancy one LP per row
    /// finds (each row against the rows kept before it and all after it),
    /// on random systems, cones (every constant zero) among them.
    #[test]
    fn redundancy_in_one_tableau_agrees_with_one_lp_per_row() {
        let mut seed = 99u64;
        let mut next = |m: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        for case in 0..800 {
            let n = 1 + next(4) as usize;
            let cone = case % 3 == 0;
            let mut ineqs = Vec::new();
            for _ in 0..2 + next(8) {
                let mut row: Vec<i64> = (0..n).map(|_| next(7) - 3).collect();
                row.push(if cone { 0 } else { next(9) - 2 });
                ineqs.push(ints(&row));
            }
            let eqs = if next(5) == 0 {
                let mut row: Vec<i64> = (0..n).map(|_| next(5) - 2).collect();
                row.push(0);
                vec![ints(&row)]
            } else {
                Vec::new()
            };
            let found = Simplex::redundant_inequalities(n, &eqs, &ineqs, |_| Ok::<(), ()>(()));
            let Some(found) = found.expect("no budget") else {
                assert_eq!(minimize(n, &eqs, &ineqs, None), LpResult::Infeasible);
                continue;
            };
            let mut kept: Vec<Vec<Int>> = ineqs.clone();
            let mut expected = Vec::new();
            let mut i = 0;
            for _ in 0..ineqs.len() {
                let row = kept.remove(i);
                let redundant = match minimize(n, &eqs, &kept, Some(&row)) {
                    LpResult::Infeasible => true,
                    LpResult::Unbounded => false,
                    LpResult::Optimal { value, .. } => value.signum() >= 0,
                };
                expected.push(redundant);
                if !redundant {
                    kept.insert(i, row);
                    i += 1;
                }
            }
            assert_eq!(found, expected, "{eqs:?} {ineqs:?}");
        }
    }

    /// Rows scaled past 128 bits (inequalities by positive factors near
    /// 2^70, so the point set is the same) give the optimum of the
    /// unscaled system: the big-integer path computes what the small one
    /// does.
    #[test]
    fn rows_past_128_bits_give_the_same_optimum() {
        let mut seed = 31337u64;
        let mut next = |m: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        let huge = Int::from(1i64 << 62);
        for _ in 0..200 {
            let n = 1 + next(3) as usize;
            let mut ineqs = Vec::new();
            for v in 0..n {
                let mut lower = vec![Int::ZERO; n + 1];
                lower[v] = Int::ONE;
                lower[n] = Int::from(next(5));
                let mut upper = vec![Int::ZERO; n + 1];
                upper[v] = -Int::ONE;
                upper[n] = Int::from(next(5));
                ineqs.push(lower);
                ineqs.push(upper);
            }
            for _ in 0..1 + next(4) {
                let mut row: Vec<i64> = (0..n).map(|_| next(9) - 4).collect();
                row.push(next(12) - 4);
                ineqs.push(ints(&row));
            }
            let scaled: Vec<Vec<Int>> = ineqs
                .iter()
                .map(|row| {
                    let k = &huge * &Int::from(1 + next(1000));
                    row.iter().map(|v| v * &k).collect()
                })
                .collect();
            let objective = ints(&(0..=n).map(|_| next(7) - 3).collect::<Vec<_>>());
            let plain = minimize(n, &[], &ineqs, Some(&objective));
            let big = minimize(n, &[], &scaled, Some(&objective));
            match (&plain, &big) {
                (LpResult::Optimal { value: a, .. }, LpResult::Optimal { value: b, .. }) => {
                    assert_eq!(a, b, "{ineqs:?} {objective:?}")
                }
                _ => assert_eq!(plain, big, "{ineqs:?} {objective:?}"),
            }
            let redundant = |rows: &[Vec<Int>]| {
                Simplex::redundant_inequalities(n, &[], rows, |_| Ok::<(), ()>(()))
                    .expect("no budget")
            };
            assert_eq!(redundant(&ineqs), redundant(&scaled), "{ineqs:?}");
        }
    }

    #[test]
    fn optimum_unbounded_infeasible() {
        // 0 <= x <= 4, 0 <= y, x + y <= 6 ; minimise -x - 2y -> -12 at (0, 6)
        let ineqs = rows(&[&[1, 0, 0], &[-1, 0, 4], &[0, 1, 0], &[-1, -1, 6]]);
        match minimize(2, &[], &ineqs, Some(&ints(&[-1, -2, 0]))) {
            LpResult::Optimal { value, point } => {
                assert_eq!(value, Rat::from(Int::from(-12)));
                assert_eq!(point, vec![Rat::ZERO, Rat::from(Int::from(6))]);
            }
            other => panic!("{other:?}"),
        }
        match minimize(2, &[], &ineqs, Some(&ints(&[0, 1, 0]))) {
            LpResult::Optimal { value, .. } => assert_eq!(value, Rat::ZERO),
            other => panic!("{other:?}"),
        }
        let open = rows(&[&[1, 0, 0]]);
        assert_eq!(
            minimize(2, &[], &open, Some(&ints(&[0, 1, 0]))),
            LpResult::Unbounded
        );
        let bad = rows(&[&[1, 0, -3], &[-1, 0, 2]]);
        assert_eq!(minimize(2, &[], &bad, None), LpResult::Infeasible);
        let eq = rows(&[&[1, 1, -1]]);
        let neg = rows(&[&[1, 0, 0], &[0, 1, 0], &[-1, -1, -1]]);
        match minimize(2, &eq, &neg[..2], None) {
            LpResult::Optimal { point, .. } => {
                assert_eq!(&point[0] + &point[1], Rat::from(Int::ONE));
                assert!(point[0].signum() >= 0 && point[1].signum() >= 0);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(minimize(2, &[], &neg, None), LpResult::Infeasible);
    }
}

//! Exact integer emptiness and sampling: the Omega test.
//!
//! Every column (dims, symbols and locals alike) is an unknown integer. The
//! solver is William Pugh's Omega test (CACM 1992), which is a *complete*
//! decision procedure for conjunctions of integer linear constraints,
//! bounded or not:
//!
//! 1. **Equalities** are eliminated exactly. A variable with a `±1`
//!    coefficient is substituted away. Otherwise, with `a_k` the smallest
//!    coefficient and `m = |a_k| + 1`, a new integer variable `σ` is
//!    introduced with `m·σ = Σ (a_i mod̂ m)·x_i + (c mod̂ m)` (symmetric
//!    remainder), which gives `x_k` as an integer combination of the others
//!    and `σ`; substituting it shrinks the equality's coefficients, so this
//!    ends in a unit coefficient. The gcd test of normalisation rejects
//!    equalities without integer solutions.
//! 2. A variable bounded on one side only is dropped with the rows that
//!    mention it (it can always be chosen afterwards).
//! 3. **Exact Fourier–Motzkin**: when all lower or all upper bounds of a
//!    variable have a unit coefficient, the integer points of the shadow are
//!    exactly the projection, so the variable is eliminated.
//! 4. Otherwise the rational relaxation is checked (simplex: empty means
//!    integer empty, an integral sample is a witness), then the
//!    **dark shadow** (`b·L + a·U ≥ (a−1)(b−1)` for each pair), whose every
//!    integer point extends to an integer value of the variable, and, when
//!    the dark shadow is empty, the finitely many **splinters**
//!    `a·x = L + i`, `0 ≤ i ≤ ⌊(a_max·a − a − a_max)/a_max⌋`, each with one
//!    more equality, are searched. By symmetry the splinters may be taken
//!    on the upper bounds instead; the side (and the variable) with fewer
//!    splinters is chosen, which keeps a single huge coefficient (say near
//!    `i64::MAX`) from causing a huge number of splinters. When even that
//!    side has many splinters and the variable is bounded, its integer
//!    values between the rational bounds are enumerated instead if they
//!    are fewer (each value is one more equality, so this is exact too).
//!
//! The rational check is not made up front: steps 1–3 are exact and cheaper
//! than a simplex, so it runs at the first step that could branch, where it
//! prunes whole subtrees (rationally empty) or ends the search (integral
//! sample).
//!
//! Every step either removes an equality, zeroes a column or adds an
//! equality that is then eliminated, so the recursion terminates; every
//! step preserves integer (non-)emptiness exactly, so the answer is exact.
//! A witness is rebuilt on the way back: substituted variables are
//! evaluated, eliminated ones get the largest of their integer lower bounds.
//!
//! The Omega test was chosen over generalised basis reduction because it
//! needs no special treatment of unbounded directions (the splinters are
//! finite whatever the polyhedron) and reuses the Fourier–Motzkin machinery
//! of projection. Its worst case is exponential in the number of non-unit
//! eliminations, and when a variable has huge coefficients on *both* sides
//! and an empty dark shadow the number of splinters grows with those
//! coefficients; so one search visits at most [`OMEGA_NODE_BUDGET`] nodes,
//! then hands the system to branch and bound over the exact simplex (which
//! does not care about coefficient size on bounded systems), and when that
//! exceeds its budget too the answer is "undecided"
//! ([`PolyError::SearchBudget`]) — never a guess.

use crate::error::PolyError;
use crate::int::{dot, Int};
use crate::normalize::{combine, eliminate_with};
use crate::relation::IntegerRelation;
use crate::simplex::LpResult;
use crate::space::{Space, VarKind};

/// The symmetric remainder `a mod̂ m = a − m·⌊a/m + 1/2⌋`.
fn mod_hat(a: &Int, m: &Int) -> Int {
    let two = Int::from(2);
    let q = (&(&two * a) + m).div_floor(&(&two * m));
    a - &(m * &q)
}

/// Rows with an inequality fewer than this never trigger the simplex-based
/// redundancy removal inside the solver.
const REDUNDANCY_THRESHOLD: usize = 24;

/// Finds an integer point of `sys` (all columns are unknowns), or `None`.
///
/// Variables that never share a row are independent: the system is split
/// into the connected components of its rows (two variables are connected
/// when a row mentions both), each solved alone, and the samples are
/// joined. Dependence systems are mostly such blocks — one per loop not
/// tied to the others by a subscript — so a system over hundreds of
/// induction variables becomes many small ones.
pub(crate) fn solve(sys: &IntegerRelation, nodes: usize) -> Result<Option<Vec<Int>>, PolyError> {
    let mut search = Search {
        nodes,
        budget: nodes,
        work: OMEGA_WORK_BUDGET,
    };
    search.solve(sys)
}

/// The row work one Omega search may do (rows × columns per node, rows² ×
/// columns per redundancy removal): a search whose systems grow to
/// hundreds of rows (nested divisions in generated bounds) ends undecided
/// within about a second instead of minutes.
const OMEGA_WORK_BUDGET: u64 = 2_500_000;

/// One search of the Omega test: the nodes (calls of the recursive step)
/// it may still visit. Every branch of the recursion draws on this one
/// budget, so a system whose splinters explode ends with
/// [`PolyError::SearchBudget`] instead of running on.
struct Search {
    nodes: usize,
    budget: usize,
    /// The row work left ([`OMEGA_WORK_BUDGET`]).
    work: u64,
}

impl Search {
    fn solve(&mut self, sys: &IntegerRelation) -> Result<Option<Vec<Int>>, PolyError> {
        let n = sys.num_vars();
        let rows = || sys.eqs.iter().chain(&sys.ineqs);
        // A row without variables holds or not on its own.
        let constant_rows_hold = sys
            .eqs
            .iter()
            .all(|r| r[..n].iter().any(|a| !a.is_zero()) || r[n].is_zero())
            && sys
                .ineqs
                .iter()
                .all(|r| r[..n].iter().any(|a| !a.is_zero()) || !r[n].is_negative());
        if !constant_rows_hold {
            return Ok(None);
        }
        let mut blocks = UnionFind::new(n);
        for row in rows() {
            let mut support = (0..n).filter(|&j| !row[j].is_zero());
            if let Some(first) = support.next() {
                for j in support {
                    blocks.union(first, j);
                }
            }
        }
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
        for j in 0..n {
            members[blocks.find(j)].push(j);
        }
        let members: Vec<Vec<usize>> = members.into_iter().filter(|m| !m.is_empty()).collect();
        if members.len() <= 1 {
            return self.solve_rec(IntegerRelation {
                space: Space::set(n, 0),
                eqs: sys.eqs.clone(),
                ineqs: sys.ineqs.clone(),
            });
        }
        let mut point = vec![Int::ZERO; n];
        for cols in members {
            let restrict = |rs: &[Vec<Int>]| -> Vec<Vec<Int>> {
                rs.iter()
                    .filter(|r| cols.iter().any(|&j| !r[j].is_zero()))
                    .map(|r| {
                        cols.iter()
                            .map(|&j| r[j].clone())
                            .chain([r[n].clone()])
                            .collect()
                    })
                    .collect()
            };
            let (eqs, ineqs) = (restrict(&sys.eqs), restrict(&sys.ineqs));
            if eqs.is_empty() && ineqs.is_empty() {
                continue;
            }
            let Some(p) = self.solve_rec(IntegerRelation {
                space: Space::set(cols.len(), 0),
                eqs,
                ineqs,
            })?
            else {
                return Ok(None);
            };
            for (&j, v) in cols.iter().zip(p) {
                point[j] = v;
            }
        }
        Ok(Some(point))
    }

    /// Spends `units` of row work, or gives up with the search's budget
    /// error.
    fn spend(&mut self, units: u64) -> Result<(), PolyError> {
        crate::work::charge(units, self.budget)?;
        if self.work < units {
            self.work = 0;
            return Err(PolyError::SearchBudget { nodes: self.budget });
        }
        self.work -= units;
        Ok(())
    }

    /// Charges work the search's own budget does not count (its LPs,
    /// normalization) to the thread's [`crate::work`] limit only: spending
    /// the search's budget on them would hand more systems to the slower
    /// branch and bound.
    fn charge_lp(&self, units: u64) -> Result<(), PolyError> {
        crate::work::charge(units, self.budget)
    }

    fn solve_rec(&mut self, mut sys: IntegerRelation) -> Result<Option<Vec<Int>>, PolyError> {
        if self.nodes == 0 {
            return Err(PolyError::SearchBudget { nodes: self.budget });
        }
        self.nodes -= 1;
        // Normalizing (a gcd and a hash per row, duplicates merged) is row
        // work too, charged to the thread's limit before it is done.
        let before = (sys.ineqs.len() + sys.eqs.len()) as u64 * (sys.num_vars() as u64 + 1);
        self.charge_lp(before)?;
        if !sys.normalize() {
            return Ok(None);
        }
        let n = sys.num_vars();
        let rows = (sys.ineqs.len() + sys.eqs.len()) as u64;
        // Rows with coefficients beyond 32 bits take the wide arithmetic
        // paths: their work counts sixteen times.
        let width = if has_wide_coefficient(&sys) { 16 } else { 1 };
        let cols = (n as u64 + 1) * width;
        self.spend(rows * cols)?;
        if !sys.eqs.is_empty() {
            return self.solve_equality(sys);
        }
        if sys.ineqs.is_empty() {
            return Ok(Some(vec![Int::ZERO; n]));
        }
        if sys.ineqs.len() > REDUNDANCY_THRESHOLD {
            // One LP may decide a large system before the LP per row that
            // redundancy removal costs: rationally empty, or a rational
            // sample that is integral (most queries of the code generator
            // end here).
            self.charge_lp(rows * rows * cols)?;
            if let Some(decided) = decided_rationally(&sys) {
                return Ok(decided);
            }
            self.spend(rows * rows * cols)?;
            sys.remove_redundant_inequalities();
        }
        let mut best: Option<Candidate> = None;
        for j in 0..n {
            let lowers: Vec<Int> = sys
                .ineqs
                .iter()
                .filter(|r| r[j].is_positive())
                .map(|r| r[j].clone())
                .collect();
            let uppers: Vec<Int> = sys
                .ineqs
                .iter()
                .filter(|r| r[j].is_negative())
                .map(|r| -&r[j])
                .collect();
            if lowers.is_empty() && uppers.is_empty() {
                continue;
            }
            if lowers.is_empty() || uppers.is_empty() {
                return self.solve_one_sided(sys, j);
            }
            let exact = lowers.iter().all(Int::is_one) || uppers.iter().all(Int::is_one);
            let (lower_splinters, upper_splinters) = if exact {
                (Int::ZERO, Int::ZERO)
            } else {
                (
                    splinter_count(&lowers, &uppers),
                    splinter_count(&uppers, &lowers),
                )
            };
            let candidate = Candidate {
                col: j,
                exact,
                growth: lowers.len() * uppers.len(),
                splinter_upper: upper_splinters < lower_splinters,
                splinters: lower_splinters.min_of(upper_splinters),
            };
            if best.as_ref().map_or(true, |b| candidate.better_than(b)) {
                best = Some(candidate);
            }
        }
        let Some(Candidate {
            col: j,
            exact,
            splinter_upper,
            splinters: best_splinters,
            ..
        }) = best
        else {
            return Ok(Some(vec![Int::ZERO; n]));
        };
        if exact {
            let shadow = fm_shadow(&sys, j, false);
            let Some(mut p) = self.solve_rec(shadow)? else {
                return Ok(None);
            };
            p[j] = largest_lower_bound(&sys, j, &p);
            return Ok(Some(p));
        }
        // An LP: about rows pivots over the rows.
        self.charge_lp(rows * rows * cols)?;
        if let Some(decided) = decided_rationally(&sys) {
            return Ok(decided);
        }
        let dark = fm_shadow(&sys, j, true);
        if let Some(mut p) = self.solve_rec(dark)? {
            p[j] = largest_lower_bound(&sys, j, &p);
            return Ok(Some(p));
        }
        // When the splinters are many, enumerating the values of x_j between
        // its rational bounds may be cheaper (and is just as exact).
        let splinters = best_splinters;
        if splinters > Int::from(SPLINTER_ENUMERATION_THRESHOLD) {
            self.charge_lp(2 * rows * rows * cols)?;
            if let Some((lo, hi)) = rational_range(&sys, j) {
                if &(&hi - &lo) + &Int::ONE < splinters {
                    let mut v = lo;
                    while v <= hi {
                        let mut branch = sys.clone();
                        let mut eq = vec![Int::ZERO; n + 1];
                        eq[j] = Int::ONE;
                        eq[n] = -&v;
                        branch.eqs.push(eq);
                        if let Some(p) = self.solve_rec(branch)? {
                            return Ok(Some(p));
                        }
                        v = &v + &Int::ONE;
                    }
                    return Ok(None);
                }
            }
        }
        // Splinters on the cheaper side: for a bound row with coefficient a on
        // that side and the largest coefficient m on the other side, the
        // equalities row = i for 0 <= i <= (m*a - a - m) / m.
        let side = |r: &&Vec<Int>| {
            if splinter_upper {
                r[j].is_negative()
            } else {
                r[j].is_positive()
            }
        };
        let other_max = sys
            .ineqs
            .iter()
            .filter(|r| !r[j].is_zero() && !side(r))
            .map(|r| r[j].abs())
            .max()
            .unwrap_or(Int::ONE);
        let bounds: Vec<Vec<Int>> = sys.ineqs.iter().filter(side).cloned().collect();
        for bound in bounds {
            let limit = splinter_limit(&bound[j].abs(), &other_max);
            let mut i = Int::ZERO;
            while i <= limit {
                let mut splinter = sys.clone();
                let mut eq = bound.clone();
                eq[n] = &eq[n] - &i;
                splinter.eqs.push(eq);
                if let Some(p) = self.solve_rec(splinter)? {
                    return Ok(Some(p));
                }
                i = &i + &Int::ONE;
            }
        }
        Ok(None)
    }

    /// Eliminates the first equality (exactly) and recurses.
    fn solve_equality(&mut self, mut sys: IntegerRelation) -> Result<Option<Vec<Int>>, PolyError> {
        let n = sys.num_vars();
        let eq = sys.eqs[0].clone();
        if let Some(k) = (0..n).rev().find(|&k| eq[k].is_unit()) {
            sys.eqs.remove(0);
            for row in sys.eqs.iter_mut().chain(sys.ineqs.iter_mut()) {
                eliminate_with(row, &eq, k);
            }
            let Some(mut p) = self.solve_rec(sys)? else {
                return Ok(None);
            };
            p[k] = Int::ZERO;
            let rest = dot(&eq[..n], &p) + &eq[n];
            p[k] = -(&rest * &eq[k]);
            return Ok(Some(p));
        }
        let Some(k) = (0..n)
            .filter(|&k| !eq[k].is_zero())
            .min_by(|&a, &b| eq[a].abs().cmp(&eq[b].abs()))
        else {
            return Ok(None);
        };
        let m = &eq[k].abs() + &Int::ONE;
        let sign = Int::from(eq[k].signum() as i64);
        let sigma = sys.append_vars(VarKind::Range, 1);
        // x_k = sign * (-m*σ + Σ_{i≠k} (a_i mod̂ m) x_i + (c mod̂ m))
        let mut subst = vec![Int::ZERO; n + 2];
        for i in 0..n {
            if i != k && !eq[i].is_zero() {
                subst[i] = &sign * &mod_hat(&eq[i], &m);
            }
        }
        subst[sigma] = -(&sign * &m);
        subst[n + 1] = &sign * &mod_hat(&eq[n], &m);
        for row in sys.eqs.iter_mut().chain(sys.ineqs.iter_mut()) {
            if row[k].is_zero() {
                continue;
            }
            let f = std::mem::replace(&mut row[k], Int::ZERO);
            combine(row, &Int::ONE, &subst, &f);
        }
        let Some(mut p) = self.solve_rec(sys)? else {
            return Ok(None);
        };
        p[k] = dot(&subst[..n + 1], &p) + &subst[n + 1];
        p.truncate(n);
        Ok(Some(p))
    }

    /// Drops a variable bounded on one side only, solves the rest and picks a
    /// value for the variable.
    fn solve_one_sided(
        &mut self,
        sys: IntegerRelation,
        j: usize,
    ) -> Result<Option<Vec<Int>>, PolyError> {
        let (with, without): (Vec<_>, Vec<_>) =
            sys.ineqs.iter().cloned().partition(|r| !r[j].is_zero());
        let rest = IntegerRelation {
            space: sys.space,
            eqs: Vec::new(),
            ineqs: without,
        };
        let Some(mut p) = self.solve_rec(rest)? else {
            return Ok(None);
        };
        let bounded = IntegerRelation {
            space: sys.space,
            eqs: Vec::new(),
            ineqs: with,
        };
        p[j] = if bounded.ineqs.iter().any(|r| r[j].is_positive()) {
            largest_lower_bound(&bounded, j, &p)
        } else {
            smallest_upper_bound(&bounded, j, &p)
        };
        Ok(Some(p))
    }
}

/// Above this many splinters the solver compares with enumerating the
/// values of the variable between its rational bounds.
const SPLINTER_ENUMERATION_THRESHOLD: i64 = 16;

/// `⌈min x_j⌉` and `⌊max x_j⌋` over the rational points, when both are
/// finite.
fn rational_range(sys: &IntegerRelation, j: usize) -> Option<(Int, Int)> {
    let mut obj = vec![Int::ZERO; sys.num_cols()];
    obj[j] = Int::ONE;
    let lo = match sys.rational_minimum(&obj).ok()? {
        LpResult::Optimal { value, .. } => value.ceil(),
        _ => return None,
    };
    obj[j] = Int::from(-1);
    let hi = match sys.rational_minimum(&obj).ok()? {
        LpResult::Optimal { value, .. } => -value.ceil(),
        _ => return None,
    };
    Some((lo, hi))
}

/// A variable the inequality step may eliminate, with its costs.
struct Candidate {
    col: usize,
    /// Whether Fourier–Motzkin is exact for it.
    exact: bool,
    /// The number of combined rows.
    growth: usize,
    /// Whether splinters are cheaper on the upper bounds.
    splinter_upper: bool,
    /// The number of splinters on the cheaper side.
    splinters: Int,
}

impl Candidate {
    fn better_than(&self, other: &Candidate) -> bool {
        match (self.exact, other.exact) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => self.growth < other.growth,
            (false, false) => (&self.splinters, self.growth) < (&other.splinters, other.growth),
        }
    }
}

/// The largest splinter offset for a bound with coefficient `a` when the
/// largest coefficient on the other side is `m`: `⌊(m·a − a − m)/m⌋`.
fn splinter_limit(a: &Int, m: &Int) -> Int {
    (&(&(m * a) - a) - m).div_floor(m)
}

/// The number of splinters when splintering on bounds with coefficients
/// `side` against the coefficients `other`.
fn splinter_count(side: &[Int], other: &[Int]) -> Int {
    let m = other.iter().max().cloned().unwrap_or(Int::ONE);
    side.iter()
        .map(|a| (splinter_limit(a, &m) + Int::ONE).max_of(Int::ZERO))
        .sum()
}

/// Disjoint sets of columns, for [`solve`]'s split into blocks.
struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> Self {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
    }
}

/// The value `row · (p, 1)` without the contribution of column `j`.
fn rest_value(row: &[Int], j: usize, p: &[Int]) -> Int {
    let n = p.len();
    let full = dot(&row[..n], p) + &row[n];
    full - &(&row[j] * &p[j])
}

fn largest_lower_bound(sys: &IntegerRelation, j: usize, p: &[Int]) -> Int {
    sys.ineqs
        .iter()
        .filter(|r| r[j].is_positive())
        .map(|r| (-rest_value(r, j, p)).div_ceil(&r[j]))
        .max()
        .unwrap_or(Int::ZERO)
}

fn smallest_upper_bound(sys: &IntegerRelation, j: usize, p: &[Int]) -> Int {
    sys.ineqs
        .iter()
        .filter(|r| r[j].is_negative())
        .map(|r| rest_value(r, j, p).div_floor(&(-&r[j])))
        .min()
        .unwrap_or(Int::ZERO)
}

/// The real shadow (or, with `dark`, the dark shadow) of eliminating
/// column `j` from a system of inequalities. Column `j` stays, all zero.
pub(crate) fn fm_shadow(sys: &IntegerRelation, j: usize, dark: bool) -> IntegerRelation {
    let n = sys.num_vars();
    let mut out = IntegerRelation::new(sys.space);
    out.eqs = sys.eqs.clone();
    let (mut lowers, mut uppers) = (Vec::new(), Vec::new());
    for row in &sys.ineqs {
        match row[j].signum() {
            1 => lowers.push(row),
            -1 => uppers.push(row),
            _ => out.ineqs.push(row.clone()),
        }
    }
    for l in &lowers {
        for u in &uppers {
            let a = &l[j];
            let b = -&u[j];
            let mut row: Vec<Int> = l.iter().map(|v| &b * v).collect();
            combine(&mut row, &Int::ONE, u, a);
            row[j] = Int::ZERO;
            if dark {
                let slack = &(a - &Int::ONE) * &(&b - &Int::ONE);
                row[n] = &row[n] - &slack;
            }
            out.ineqs.push(row);
        }
    }
    out
}

/// Whether some coefficient of `sys` needs more than 32 bits.
fn has_wide_coefficient(sys: &IntegerRelation) -> bool {
    sys.eqs
        .iter()
        .chain(&sys.ineqs)
        .flatten()
        .any(|v| v.to_i64().map_or(true, |x| x.unsigned_abs() >= 1 << 32))
}

/// The nodes one Omega search may visit before it gives up. Ordinary
/// systems (dependence and code-generation polyhedra, the field's test
/// suites) need well under a thousand; only splinters of huge
/// coefficients reach it.
pub const OMEGA_NODE_BUDGET: usize = 2_000;

/// The relaxations branch and bound may solve when the Omega test gave up.
const FALLBACK_NODE_BUDGET: usize = 20;

use crate::hyperplanes::HYPERPLANE_WORK_BUDGET;
use crate::pip::Lexmin;

/// A coefficient from which a system is searched by hyperplanes first.
const LARGE_COEFFICIENT: i64 = 1000;

/// The steps of the dual simplex with Gomory cuts tried first on such
/// systems, and again when the Omega test gives up.
const CUT_STEP_BUDGET: u64 = 2_000;

/// The work budget of that first search (then the Omega test).
const FIRST_HYPERPLANE_WORK_BUDGET: usize = 2_000;

impl IntegerRelation {
    /// An integer point of the relation: one value per variable column,
    /// locals included, or `None` when there is none; symbols are unknown
    /// integers like the other columns. Exact: the Omega test, complete
    /// also for unbounded systems, within [`OMEGA_NODE_BUDGET`] nodes, then
    /// branch and bound over the exact simplex. When both exceed their
    /// budgets (splinters of huge coefficients) the answer is
    /// [`PolyError::SearchBudget`]: undecided, never guessed.
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// // 0 <= 3*d0 - 7*d1 <= 1: a thin unbounded strip with integer points.
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[3, -7, 0])?;
    /// p.add_inequality(&[-3, 7, 1])?;
    /// let w = p.find_integer_sample()?.expect("non-empty");
    /// assert!(p.satisfied_by(&w)?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn find_integer_sample(&self) -> Result<Option<Vec<Int>>, PolyError> {
        // Decided without search, also past the work limit.
        if self.has_false_constant_row() {
            return Ok(None);
        }
        crate::work::check(OMEGA_NODE_BUDGET)?;
        // Large coefficients make long thin polytopes, where the Omega
        // test's splinters run to their budget: hyperplanes first there,
        // when the system is small (each node solves two LPs per
        // candidate direction) and has no equality (the Omega test's exact
        // elimination decides those fast: linearized accesses `1024·i + j`
        // in dependence systems).
        let big = Int::from(LARGE_COEFFICIENT);
        let small = self.num_vars() <= 6 && self.inequalities().len() <= 12;
        let large = small
            && self
                .equalities()
                .iter()
                .chain(self.inequalities())
                .any(|row| row[..row.len() - 1].iter().any(|v| v.abs() >= big));
        if large {
            if let Some(found) = self.integer_sample_by_cuts()? {
                return Ok(found);
            }
            if self.equalities().is_empty() {
                if let Ok(found) = self.integer_sample_by_hyperplanes(FIRST_HYPERPLANE_WORK_BUDGET)
                {
                    return Ok(found);
                }
            }
        }
        let found = match solve(self, OMEGA_NODE_BUDGET) {
            Err(PolyError::SearchBudget { .. }) => {
                if let Some(found) = self.integer_sample_by_cuts()? {
                    return Ok(found);
                }
                match self.integer_sample_by_branching(FALLBACK_NODE_BUDGET) {
                    // Only on small systems: each unit of work solves LPs
                    // over every column, and large systems (value-based
                    // dependences with many locals) would spend seconds a
                    // query before giving up.
                    Err(PolyError::SearchBudget { .. })
                        if self.num_vars() <= 8 && self.inequalities().len() <= 16 =>
                    {
                        self.integer_sample_by_hyperplanes(HYPERPLANE_WORK_BUDGET)
                    }
                    other => other,
                }
            }
            other => other,
        }?;
        if let Some(p) = &found {
            debug_assert!(self.satisfied_by(p).unwrap_or(false), "{self:?} {p:?}");
        }
        Ok(found)
    }

    /// The lexicographically least integer point by the dual simplex with
    /// Gomory cuts (`pip.rs` with no symbols), within
    /// [`CUT_STEP_BUDGET`] steps: `None` past them, or when the minimum
    /// is unbounded (no point at hand).
    fn integer_sample_by_cuts(&self) -> Result<Option<Option<Vec<Int>>>, PolyError> {
        Ok(match crate::pip::integer_lexmin(self, CUT_STEP_BUDGET)? {
            Some(Lexmin::Empty) => Some(None),
            Some(Lexmin::Point(p)) => Some(Some(p)),
            Some(Lexmin::Unbounded) | None => None,
        })
    }

    /// Whether the relation has no integer point, decided exactly, or
    /// [`PolyError::SearchBudget`] when the search could not decide (see
    /// [`IntegerRelation::find_integer_sample`]).
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// // 2*d0 == 1 has no integer solution.
    /// let mut p = IntegerRelation::new_set(1, 0);
    /// p.add_equality(&[2, -1])?;
    /// assert!(p.integer_emptiness()?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn integer_emptiness(&self) -> Result<bool, PolyError> {
        Ok(self.find_integer_sample()?.is_none())
    }

    /// Whether the relation is *proven* to have no integer point: `false`
    /// when it has one and also when the search could not decide, the
    /// conservative answer for every use that drops or skips what is empty
    /// (a dependence, a piece of a union, a loop to generate). Use
    /// [`IntegerRelation::integer_emptiness`] where undecided must be told
    /// apart.
    pub fn is_integer_empty(&self) -> bool {
        self.integer_emptiness().unwrap_or(false)
    }
}

/// What the rational relaxation of `sys` decides on its own: `Some(None)`
/// when it is empty (so no integer point exists), `Some(Some(p))` when its
/// rational sample is integral (a witness), `None` otherwise.
fn decided_rationally(sys: &IntegerRelation) -> Option<Option<Vec<Int>>> {
    let Some(rational) = sys.rational_sample() else {
        return Some(None);
    };
    if !rational.iter().all(|v| v.is_integer()) {
        return None;
    }
    let p: Vec<Int> = rational.iter().map(|v| v.floor()).collect();
    sys.satisfied_by(&p).unwrap_or(false).then_some(Some(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mod_hat_is_symmetric() {
        let m = Int::from(5);
        let got: Vec<Int> = (-5..=5).map(|a| mod_hat(&Int::from(a), &m)).collect();
        let want: Vec<Int> = [0, 1, 2, -2, -1, 0, 1, 2, -2, -1, 0]
            .iter()
            .map(|&v| Int::from(v))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn equality_without_unit_coefficient() {
        // 7x + 12y + 31z = 17 with 0 <= x, y, z <= 10 (Pugh's example style).
        let mut p = IntegerRelation::new_set(3, 0);
        p.add_equality(&[7, 12, 31, -17]).unwrap();
        for c in 0..3 {
            p.add_bounds(c, Some(-10), Some(10)).unwrap();
        }
        let w = p.find_integer_sample().unwrap().unwrap();
        assert!(p.satisfied_by(&w).unwrap());
    }
}

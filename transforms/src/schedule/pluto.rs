//! Pluto's algorithm: band by band, linearly independent hyperplanes that
//! keep every unsatisfied dependence non-negative and minimise the bound
//! on its distance, found as the lexicographic minimum of an integer
//! program; scalar dimensions (distribution by strongly connected
//! components) where no hyperplane exists.
//!
//! Unknowns of the integer program, in the order the lexicographic minimum
//! sees them: the distance bound `u·p + w` (`u` per symbol, then `w`), then
//! per statement its iterator coefficients, the loop best run innermost
//! first (so that zeros go to it and it ends innermost): ranked by
//! spatial locality — stride-one and invariant accesses, never a reduction
//! loop, which does not vectorize without reassociation — with Pluto's
//! innermost-first order breaking ties (see [`Columns`]); then its shift. The coefficients are non-negative (Pluto's space; reversal and
//! negative skews are not searched) and bounded by [`MAX_COEFFICIENT`];
//! the schedules do not use the symbols.
//!
//! For an edge `S → T` with dependence polyhedron `P`:
//! - legality: `φ_T(t) − φ_S(s) ≥ 0` on `P`;
//! - bounding: `u·p + w − (φ_T(t) − φ_S(s)) ≥ 0` on `P`;
//!
//! both linearised by Farkas' lemma ([`tessera_polyhedral::farkas`]) once
//! per edge. Linear independence from the hyperplanes found so far for a
//! statement: with `v₁ … v_k` a basis of their orthogonal complement,
//! `vᵢ·c ≥ 0` and `Σ vᵢ·c ≥ 1` (Pluto's constraints). Edges strongly
//! satisfied by a band (`φ_T − φ_S ≥ 1` on all of `P`, decided exactly)
//! leave the problem when the band ends, so every band is fully
//! permutable.

use std::collections::HashMap;

use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use petgraph::unionfind::UnionFind;
use tessera_affine::{AffineExpr, AffineMap};
use tessera_polyhedral::farkas::nonnegative_forms_within;
use tessera_polyhedral::{Int, IntegerRelation, LexMin, PolyError, Simplex};

use super::deps::{scop_edges, Edge};
use super::linalg::{null_space, rank};
use super::tile::direction_score;
use crate::scop::{Scop, Statement};

/// The largest iterator coefficient of a hyperplane.
pub const MAX_COEFFICIENT: i64 = 4;

/// The largest shift (constant term) of a hyperplane.
pub const MAX_SHIFT: i64 = 1024;

/// The largest coefficient of a symbol in the distance bound, and the
/// largest constant distance bound.
const MAX_BOUND: i64 = 1 << 20;

/// `row` (`a·x + c ≥ 0`) divided by the gcd of `a`, `c` rounded down: the
/// same integer points.
fn tightened(row: &[Int]) -> Vec<Int> {
    let (coefficients, constant) = row.split_at(row.len() - 1);
    let g = coefficients.iter().fold(Int::ZERO, |g, a| g.gcd(a));
    if g.is_zero() || g == Int::ONE {
        return row.to_vec();
    }
    let mut out: Vec<Int> = coefficients.iter().map(|a| a.div_floor(&g)).collect();
    out.push(constant[0].div_floor(&g));
    out
}

/// The minimum of `row · (x, 1)` over the box `0 ≤ x ≤ upper`.
fn box_minimum(row: &[Int], upper: &[i64]) -> Int {
    let (coefficients, constant) = row.split_at(row.len() - 1);
    coefficients
        .iter()
        .zip(upper)
        .filter(|(a, _)| a.signum() < 0)
        .fold(constant[0].clone(), |m, (a, &u)| &m + &(a * &Int::from(u)))
}

/// The most dependence edges of one SCoP the scheduler takes (each costs
/// two applications of the affine form lemma).
pub const MAX_EDGES: usize = 160;

/// The most statements of one SCoP the scheduler takes: dependences are
/// found for every pair of them (a 9216-statement SCoP of a fully
/// unrolled convolution took minutes before a single edge was kept).
pub const MAX_STATEMENTS: usize = 256;

/// The deepest statement the scheduler takes.
pub const MAX_DEPTH: usize = 12;

/// The largest magnitude of a constant or coefficient in a dependence
/// polyhedron the scheduler takes: loop bounds up to 16 million. Beyond,
/// the integer programs' rationals grow large and each step slows down
/// by more than the work budget counts.
pub const MAX_MAGNITUDE: i64 = 1 << 24;

/// The relaxations one hyperplane search may solve before it gives up (and
/// the scheduler distributes or keeps the code instead).
const SEARCH_BUDGET: usize = 5_000;

/// The work one SCoP's scheduling may do, in relaxations weighted by their
/// size ([`lp_work`]): a few seconds at most. Past it the SCoP keeps its code
/// — the same answer on every machine, unlike a timeout.
const WORK_BUDGET: u64 = 200_000_000;

/// Why a SCoP keeps its code when the budget runs out.
const BUDGET_SPENT: &str =
    "the scheduler gave up: its work budget is spent (the SCoP is too large for the exact search)";

/// The work of one relaxation of `sys`: rows × columns per pivot, about as
/// many pivots as columns.
fn lp_work(sys: &IntegerRelation) -> u64 {
    let rows = (sys.inequalities().len() + 2 * sys.equalities().len() + 1) as u64;
    let cols = sys.num_cols() as u64;
    rows.saturating_mul(cols).saturating_mul(cols)
}

/// How statements are fused (Pluto's `--nofuse`, `--smartfuse`,
/// `--maxfuse`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FusePolicy {
    /// Distribute every strongly connected component of the dependence
    /// graph into its own nest.
    None,
    /// Fuse components of equal loop depth, distribute between depths.
    Smart,
    /// Fuse as much as hyperplanes allow; distribute only where none
    /// exists.
    Max,
}

impl FusePolicy {
    /// The policy named `none`, `smart` or `max`.
    pub fn parse(name: &str) -> Option<FusePolicy> {
        match name {
            "none" | "no" => Some(FusePolicy::None),
            "smart" => Some(FusePolicy::Smart),
            "max" => Some(FusePolicy::Max),
            _ => None,
        }
    }
}

/// What a row of the schedule is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// A hyperplane of permutable band `band` (a loop).
    Loop {
        /// The band's number, outermost first.
        band: usize,
    },
    /// A scalar dimension: a constant per statement (distribution).
    Scalar,
}

/// One row (time dimension) of a schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduleRow {
    /// Loop or scalar.
    pub kind: RowKind,
    /// Per statement: one coefficient per iterator, then the constant.
    pub coefficients: Vec<Vec<i64>>,
}

/// A schedule of a SCoP's statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopSchedule {
    /// The statements' loop depths.
    pub depths: Vec<usize>,
    /// The time dimensions, outermost first.
    pub rows: Vec<ScheduleRow>,
    /// What the scheduler found and why, one line per decision.
    pub explanation: Vec<String>,
}

impl ScopSchedule {
    /// The affine expression of row `r` for statement `s`.
    pub fn row_expr(&self, r: usize, s: usize) -> AffineExpr {
        let c = &self.rows[r].coefficients[s];
        let n = self.depths[s];
        let mut e = AffineExpr::constant(c[n]);
        for j in (0..n).rev() {
            if c[j] != 0 {
                e = AffineExpr::dim(j as u32) * c[j] + e;
            }
        }
        e
    }

    /// One schedule map per statement, over its iterators and
    /// `num_symbols` symbols.
    pub fn maps(&self, num_symbols: u32) -> Result<Vec<AffineMap>, String> {
        (0..self.depths.len())
            .map(|s| {
                let results = (0..self.rows.len()).map(|r| self.row_expr(r, s)).collect();
                AffineMap::new(self.depths[s] as u32, num_symbols, results)
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    /// The permutable bands: row ranges of consecutive loop rows of one
    /// band.
    pub fn bands(&self) -> Vec<std::ops::Range<usize>> {
        let mut out: Vec<std::ops::Range<usize>> = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            if let RowKind::Loop { band } = row.kind {
                match out.last_mut() {
                    Some(last)
                        if last.end == r
                            && matches!(self.rows[last.start].kind, RowKind::Loop { band: b } if b == band) =>
                    {
                        last.end = r + 1
                    }
                    _ => out.push(r..r + 1),
                }
            }
        }
        out
    }

    /// The first loop row that skews some statement: its hyperplane uses
    /// more than one of the statement's loops.
    pub fn skewed_row(&self) -> Option<usize> {
        (0..self.rows.len()).find(|&r| {
            matches!(self.rows[r].kind, RowKind::Loop { .. })
                && self.depths.iter().enumerate().any(|(s, &n)| {
                    self.rows[r].coefficients[s][..n]
                        .iter()
                        .filter(|&&a| a != 0)
                        .count()
                        > 1
                })
        })
    }

    /// A loop row that skews some statement's inner loops without its
    /// outermost one (`2·k + l`, not the time skew `2·t + i`), if any.
    pub fn inner_skewed_row(&self) -> Option<usize> {
        (0..self.rows.len()).find(|&r| {
            matches!(self.rows[r].kind, RowKind::Loop { .. })
                && self.depths.iter().enumerate().any(|(s, &n)| {
                    let c = &self.rows[r].coefficients[s][..n];
                    c.iter().filter(|&&a| a != 0).count() > 1 && c[0] == 0
                })
        })
    }

    /// The text of row `r` for every statement, e.g. `S0: i + j, S1: 2`.
    pub fn describe_row(&self, r: usize) -> String {
        (0..self.depths.len())
            .map(|s| format!("S{s}: {}", self.row_expr(r, s)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Columns of the integer program.
///
/// Its lexicographic minimum minimises the distance bound (`u`, `w`)
/// first, then per statement the coefficients in `priority` order: the
/// loop listed first is kept out of the hyperplanes longest, so it tends
/// to end innermost. Pluto lists the loops innermost first (keeping the
/// original order); here they are ranked by spatial locality
/// ([`locality_priority`]) with that order breaking ties, so that `lu`'s
/// `A[i][j] -= A[i][k] * A[k][j]` gets `i, k, j` (stride-one `j`
/// innermost) where the original order `i, j, k` is legal too.
#[derive(Clone)]
struct Columns {
    params: usize,
    base: Vec<usize>,
    depths: Vec<usize>,
    /// Per statement, its loop dims in the order the objective minimises
    /// their coefficients.
    rank: Vec<Vec<usize>>,
    total: usize,
}

impl Columns {
    fn new(params: usize, priority: &[Vec<usize>]) -> Columns {
        let mut base = Vec::with_capacity(priority.len());
        let mut rank = Vec::with_capacity(priority.len());
        let mut next = params + 1;
        for order in priority {
            let d = order.len();
            let mut r = vec![0; d];
            for (position, &dim) in order.iter().enumerate() {
                r[dim] = position;
            }
            base.push(next);
            rank.push(r);
            next += d + 1;
        }
        Columns {
            params,
            base,
            depths: priority.iter().map(Vec::len).collect(),
            rank,
            total: next,
        }
    }

    fn u(&self, k: usize) -> usize {
        k
    }

    fn w(&self) -> usize {
        self.params
    }

    fn coefficient(&self, s: usize, j: usize) -> usize {
        self.base[s] + self.rank[s][j]
    }

    fn shift(&self, s: usize) -> usize {
        self.base[s] + self.depths[s]
    }
}

/// The loop dims of `stmt` in the order the hyperplane search keeps them
/// out of its hyperplanes: best innermost first by
/// [`super::tile::direction_score`] (stride-one and invariant accesses, no
/// reduction loops); ties go to the inner dim.
fn locality_priority(stmt: &Statement) -> Vec<usize> {
    let n = stmt.depth();
    let score = |j: usize| {
        let mut unit = vec![0i64; n];
        unit[j] = 1;
        direction_score(stmt, &unit)
    };
    let mut dims: Vec<usize> = (0..n).collect();
    dims.sort_by_key(|&j| (std::cmp::Reverse(score(j)), std::cmp::Reverse(j)));
    dims
}

/// The constraints of one edge: legality and the distance bound.
struct EdgeConstraints {
    legal: IntegerRelation,
    bound: IntegerRelation,
}

/// The constraints of `edge`, drawn from the scheduler's `work` budget
/// (the affine form lemma is exponential in the dependence's dimension).
fn edge_constraints(
    cols: &Columns,
    edge: &Edge,
    work: &mut u64,
) -> Result<EdgeConstraints, String> {
    let m = cols.total;
    let mut legal = IntegerRelation::new_set(m, 0);
    let mut bound = IntegerRelation::new_set(m, 0);
    let (ns, nd, np) = edge.columns;
    if np > cols.params || ns != cols.depths[edge.src] || nd != cols.depths[edge.dst] {
        return Err("a dependence's columns do not match its statements".into());
    }
    for system in &edge.systems {
        let n = system.num_vars();
        let mut form = vec![vec![Int::ZERO; m + 1]; n + 1];
        for (j, row) in form.iter_mut().enumerate().take(ns) {
            let c = cols.coefficient(edge.src, j);
            row[c] = &row[c] - &Int::ONE;
        }
        for j in 0..nd {
            let c = cols.coefficient(edge.dst, j);
            form[ns + j][c] = &form[ns + j][c] + &Int::ONE;
        }
        let (cs, ct) = (cols.shift(edge.src), cols.shift(edge.dst));
        form[n][ct] = &form[n][ct] + &Int::ONE;
        form[n][cs] = &form[n][cs] - &Int::ONE;
        let valid = nonnegative_forms_within(system, &form, m, work).map_err(gave_up)?;
        legal.append(&valid).map_err(|e| e.to_string())?;
        let mut bform: Vec<Vec<Int>> = form
            .iter()
            .map(|r| r.iter().map(|a| -a).collect())
            .collect();
        for k in 0..np {
            bform[ns + nd + k][cols.u(k)] = Int::ONE;
        }
        bform[n][cols.w()] = Int::ONE;
        let valid = nonnegative_forms_within(system, &bform, m, work).map_err(gave_up)?;
        bound.append(&valid).map_err(|e| e.to_string())?;
    }
    Ok(EdgeConstraints { legal, bound })
}

/// The scheduler's message for a failed affine form lemma.
fn gave_up(e: PolyError) -> String {
    match e {
        PolyError::WorkBudget { .. } | PolyError::ProjectionBudget { .. } => {
            format!("{BUDGET_SPENT} (the dependences' constraints: {e})")
        }
        other => other.to_string(),
    }
}

/// The scheduler's state.
struct Search<'a> {
    cols: Columns,
    edges: Vec<Edge>,
    constraints: Vec<EdgeConstraints>,
    satisfied: Vec<bool>,
    schedule: ScopSchedule,
    scop: &'a Scop,
    /// The dependence constraints for a set of satisfied edges.
    cache: Option<(Vec<bool>, IntegerRelation)>,
    /// What is left of the search's work budget, in rational relaxations
    /// weighted by their size ([`WORK_BUDGET`]).
    work: u64,
}

/// Computes a Pluto schedule for `scop` (whose accesses use `num_symbols`
/// symbols). The result keeps every dependence by construction; callers
/// still check it ([`crate::scop::check_schedule`]) before using it.
pub fn pluto_schedule(
    scop: &Scop,
    num_symbols: usize,
    fuse: FusePolicy,
) -> Result<ScopSchedule, String> {
    let depths: Vec<usize> = scop.statements.iter().map(|s| s.depth()).collect();
    if let Some(&deep) = depths.iter().find(|&&d| d > MAX_DEPTH) {
        return Err(format!(
            "a statement is {deep} loops deep; the scheduler takes nests of at most {MAX_DEPTH} (the affine form lemma on deeper ones costs too much)"
        ));
    }
    if scop.statements.len() > MAX_STATEMENTS {
        return Err(format!(
            "{} statements; the scheduler takes SCoPs of at most {MAX_STATEMENTS} (their dependences are found pair by pair)",
            scop.statements.len()
        ));
    }
    let edges = scop_edges(scop, MAX_EDGES)?;
    let limit = Int::from(MAX_MAGNITUDE);
    let huge = edges.iter().flat_map(|e| &e.systems).any(|p| {
        p.inequalities()
            .iter()
            .chain(p.equalities())
            .flatten()
            .any(|a| a.abs() > limit)
    });
    if huge {
        return Err(format!(
            "a dependence polyhedron has a constant or coefficient beyond {MAX_MAGNITUDE}; the scheduler takes smaller ones"
        ));
    }
    let priority: Vec<Vec<usize>> = scop.statements.iter().map(locality_priority).collect();
    let cols = Columns::new(num_symbols, &priority);
    let mut work = WORK_BUDGET;
    let constraints = edges
        .iter()
        .map(|e| edge_constraints(&cols, e, &mut work))
        .collect::<Result<Vec<_>, _>>()?;
    let mut search = Search {
        cols,
        satisfied: vec![false; edges.len()],
        edges,
        constraints,
        schedule: ScopSchedule {
            depths,
            rows: Vec::new(),
            explanation: Vec::new(),
        },
        scop,
        cache: None,
        work,
    };
    search.run(fuse)?;
    Ok(search.schedule)
}

impl Search<'_> {
    fn run(&mut self, fuse: FusePolicy) -> Result<(), String> {
        let n = self.scop.statements.len();
        if n == 0 {
            return Ok(());
        }
        match fuse {
            FusePolicy::Max => {}
            FusePolicy::Smart => {
                if self.cut(true) {
                    self.note("distributed the nests of different depths (fuse=smart)");
                }
            }
            FusePolicy::None => {
                if self.cut(false) {
                    self.note("distributed every strongly connected component (fuse=none)");
                }
            }
        }
        let max_depth = self.schedule.depths.iter().copied().max().unwrap_or(0);
        let limit = 3 * (max_depth + 1) + n + 2;
        let mut band = 0;
        let mut retried = false;
        while !(self.all_full_rank() && self.satisfied.iter().all(|&s| s)) {
            if self.schedule.rows.len() > limit {
                return Err("the scheduler did not converge".into());
            }
            let first = self.schedule.rows.len();
            let notes = self.schedule.explanation.len();
            while !self.all_full_rank() {
                let Some(h) = self.find_hyperplane()? else {
                    break;
                };
                self.schedule.rows.push(ScheduleRow {
                    kind: RowKind::Loop { band },
                    coefficients: h,
                });
                let r = self.schedule.rows.len() - 1;
                let text = format!("band {band}, hyperplane {}", self.schedule.describe_row(r));
                self.note(&text);
            }
            if band > 0
                && fuse == FusePolicy::Smart
                && !retried
                && self.schedule.skewed_row().is_some_and(|r| r >= first)
            {
                // The band keeps nests of different depths fused only by
                // skewing one (doitgen's `p + s` after `r, q` satisfied
                // the dependences that tied them): distribute them by
                // depth instead, as smart fusion does at the start, and
                // search the band again.
                retried = true;
                self.schedule.rows.truncate(first);
                self.schedule.explanation.truncate(notes);
                if self.cut(true) {
                    self.note("a fused band would skew: distributed the nests of different depths (fuse=smart)");
                }
                continue;
            }
            retried = false;
            if self.schedule.rows.len() > first {
                let rows: Vec<usize> = (first..self.schedule.rows.len()).collect();
                let newly = self.mark_satisfied(&rows)?;
                let text = format!(
                    "band {band} ({} hyperplanes) satisfies {newly} dependence edges; {} remain",
                    rows.len(),
                    self.satisfied.iter().filter(|&&s| !s).count()
                );
                self.note(&text);
                band += 1;
                continue;
            }
            if self.satisfied.iter().all(|&s| s) {
                // Every dependence is satisfied: complete the statements'
                // ranks with their own remaining loops.
                self.complete_with_original_loops(band);
                band += 1;
                continue;
            }
            if !self.cut(false) {
                let (e, edge) = self
                    .edges
                    .iter()
                    .enumerate()
                    .find(|(e, _)| !self.satisfied[*e])
                    .expect("an unsatisfied edge exists");
                return Err(format!(
                    "no hyperplane keeps the {} dependence S{} -> S{} (edge {e}) non-negative, and the statements cannot be distributed",
                    edge.kind.name(),
                    edge.src,
                    edge.dst
                ));
            }
            self.note("no hyperplane found: distributed the strongly connected components");
        }
        Ok(())
    }

    /// Draws `work` from the budget; an error once it is spent.
    fn spend(&mut self, work: u64) -> Result<(), String> {
        match self.work.checked_sub(work) {
            Some(left) if left > 0 => {
                self.work = left;
                Ok(())
            }
            _ => {
                self.work = 0;
                Err(BUDGET_SPENT.into())
            }
        }
    }

    fn note(&mut self, text: &str) {
        self.schedule.explanation.push(text.to_string());
    }

    /// The loop rows of statement `s` (iterator coefficients only).
    fn loop_rows(&self, s: usize) -> Vec<Vec<i64>> {
        let n = self.schedule.depths[s];
        self.schedule
            .rows
            .iter()
            .filter(|r| matches!(r.kind, RowKind::Loop { .. }))
            .map(|r| r.coefficients[s][..n].to_vec())
            .collect()
    }

    fn full_rank(&self, s: usize) -> bool {
        let n = self.schedule.depths[s];
        rank(&self.loop_rows(s), n) == n
    }

    fn all_full_rank(&self) -> bool {
        (0..self.schedule.depths.len()).all(|s| self.full_rank(s))
    }

    /// The lexicographically smallest valid hyperplane, per statement its
    /// coefficients and shift.
    ///
    /// Linear independence from a statement's rows is not convex; as
    /// Pluto does, it is asked of the orthant spanned by a basis `v` of
    /// their orthogonal complement: `h·v_k ≥ 0` for each `k` and
    /// `Σ h·v_k ≥ 1`. Which orthant matters — for `A[i][j] = A[i-1][j+1]`
    /// after `i + j`, only `i` is legal, and `(-1, 1)` would exclude it —
    /// so each basis vector is oriented with its outermost entry positive
    /// (keeping outer loops outer), and the opposite orthant is tried when
    /// that one has no solution.
    ///
    /// When no hyperplane serves every statement and the unsatisfied
    /// dependences leave the statements in several connected components
    /// that a cut separated, each component is searched alone, the
    /// others held at zero: `ludcmp`'s LU statements keep their
    /// three-deep band though its substitutions, in the same band, have
    /// no second hyperplane.
    fn find_hyperplane(&mut self) -> Result<Option<Vec<Vec<i64>>>, String> {
        let n = self.schedule.depths.len();
        let base = self.dependence_constraints()?;
        if let Some(h) = self.hyperplane_of(&base, &vec![true; n])? {
            return Ok(Some(h));
        }
        let components = self.unsatisfied_components();
        if components.len() < 2 {
            return Ok(None);
        }
        let mut h: Vec<Vec<i64>> = self
            .schedule
            .depths
            .iter()
            .map(|&d| vec![0; d + 1])
            .collect();
        let mut found = false;
        for component in components {
            if component.iter().all(|&s| self.full_rank(s)) {
                continue;
            }
            let mut inside = vec![false; n];
            component.iter().for_each(|&s| inside[s] = true);
            if let Some(part) = self.hyperplane_of(&base, &inside)? {
                for s in component {
                    h[s] = part[s].clone();
                }
                found = true;
            }
        }
        Ok(found.then_some(h))
    }

    /// The statements grouped by the connected components of the
    /// unsatisfied dependences, each in textual order. Only a cut (a
    /// scalar row) separates components: statements with the same values
    /// on every scalar row so far stay together, so a band whose loops
    /// the statements share is not broken into per-statement hyperplanes
    /// (that interleaves their tiles: `symm` ran 3x slower).
    fn unsatisfied_components(&self) -> Vec<Vec<usize>> {
        let n = self.schedule.depths.len();
        let mut sets = UnionFind::new(n);
        for (e, edge) in self.edges.iter().enumerate() {
            if !self.satisfied[e] {
                sets.union(edge.src, edge.dst);
            }
        }
        let mut by_cut: HashMap<Vec<i64>, usize> = HashMap::new();
        for s in 0..n {
            let key: Vec<i64> = self
                .schedule
                .rows
                .iter()
                .filter(|r| matches!(r.kind, RowKind::Scalar))
                .map(|r| r.coefficients[s][self.schedule.depths[s]])
                .collect();
            let first = *by_cut.entry(key).or_insert(s);
            sets.union(first, s);
        }
        let mut components: Vec<Vec<usize>> = Vec::new();
        let mut index: HashMap<usize, usize> = HashMap::new();
        for s in 0..n {
            let root = sets.find(s);
            let k = *index.entry(root).or_insert_with(|| {
                components.push(Vec::new());
                components.len() - 1
            });
            components[k].push(s);
        }
        components.sort();
        components
    }

    /// The hyperplane search over the statements `inside` (the others'
    /// coefficients and shifts held at zero), linearly independent of
    /// each one's rows.
    fn hyperplane_of(
        &mut self,
        base: &IntegerRelation,
        inside: &[bool],
    ) -> Result<Option<Vec<Vec<i64>>>, String> {
        let m = self.cols.total;
        let mut restricted = base.clone();
        let mut bases = Vec::new();
        for (s, &n) in self.schedule.depths.iter().enumerate() {
            if !inside[s] {
                for c in (0..n)
                    .map(|j| self.cols.coefficient(s, j))
                    .chain([self.cols.shift(s)])
                {
                    let mut row = vec![0i64; m + 1];
                    row[c] = 1;
                    restricted.add_equality(&row).map_err(|e| e.to_string())?;
                }
                continue;
            }
            let rows = self.loop_rows(s);
            if rank(&rows, n) == n {
                continue;
            }
            let mut basis = null_space(&rows, n).ok_or("a hyperplane coefficient overflowed")?;
            for v in &mut basis {
                if v.iter().find(|&&a| a != 0).is_some_and(|&a| a < 0) {
                    v.iter_mut().for_each(|a| *a = -*a);
                }
            }
            bases.push((s, basis));
        }
        for orientation in [1i64, -1] {
            let mut ilp = restricted.clone();
            for (s, basis) in &bases {
                let mut sum = vec![0i64; m + 1];
                for v in basis {
                    let mut row = vec![0i64; m + 1];
                    for (j, &a) in v.iter().enumerate() {
                        let c = self.cols.coefficient(*s, j);
                        row[c] = orientation * a;
                        sum[c] += orientation * a;
                    }
                    ilp.add_inequality(&row).map_err(|e| e.to_string())?;
                }
                sum[m] = -1;
                ilp.add_inequality(&sum).map_err(|e| e.to_string())?;
            }
            match self.lexmin(&ilp)? {
                Some(LexMin::Point(point)) => return self.hyperplane_at(&point).map(Some),
                Some(LexMin::Empty) => continue,
                Some(LexMin::Unbounded) => return Err("the hyperplane search is unbounded".into()),
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// The lexicographic minimum of `ilp` within the work budget; `None`
    /// when the search gave up (not finding a hyperplane is always safe:
    /// the search goes on by distribution, or the SCoP keeps its code).
    fn lexmin(&mut self, ilp: &IntegerRelation) -> Result<Option<LexMin>, String> {
        let cost = lp_work(ilp);
        let mut nodes = SEARCH_BUDGET.min(usize::try_from(self.work / cost).unwrap_or(usize::MAX));
        let before = nodes;
        let result = ilp.lexmin_by_branching_within(&mut nodes);
        self.spend(cost * (before - nodes) as u64)?;
        match result {
            Err(PolyError::SearchBudget { nodes }) => {
                self.note(&format!(
                    "the hyperplane search gave up after {nodes} relaxations"
                ));
                Ok(None)
            }
            Err(e) => Err(e.to_string()),
            Ok(found) => Ok(Some(found)),
        }
    }

    /// The hyperplane at a solution `point` of the search: per statement
    /// its coefficients and shift.
    fn hyperplane_at(&self, point: &[Int]) -> Result<Vec<Vec<i64>>, String> {
        let cols = &self.cols;
        let value = |c: usize| point[c].to_i64().ok_or("a coefficient overflowed");
        let mut h = Vec::with_capacity(self.schedule.depths.len());
        for (s, &n) in self.schedule.depths.iter().enumerate() {
            let mut row = Vec::with_capacity(n + 1);
            for j in 0..n {
                row.push(value(cols.coefficient(s, j))?);
            }
            row.push(value(cols.shift(s))?);
            h.push(row);
        }
        Ok(h)
    }

    /// Each column's upper bound in the hyperplane search (all are at
    /// least 0).
    fn upper_bounds(&self) -> Vec<i64> {
        let cols = &self.cols;
        let mut upper = vec![0; cols.total];
        for k in 0..cols.params {
            upper[cols.u(k)] = MAX_BOUND;
        }
        upper[cols.w()] = MAX_BOUND;
        for (s, &n) in self.schedule.depths.iter().enumerate() {
            for j in 0..n {
                upper[cols.coefficient(s, j)] = MAX_COEFFICIENT;
            }
            upper[cols.shift(s)] = MAX_SHIFT;
        }
        upper
    }

    /// The coefficient bounds and the legality and distance-bound
    /// constraints of every unsatisfied edge, each row kept only when the
    /// rows before it do not already imply it (one exact LP per row; many
    /// edges repeat each other's constraints). Cached until an edge is
    /// satisfied.
    fn dependence_constraints(&mut self) -> Result<IntegerRelation, String> {
        if let Some((key, ilp)) = &self.cache {
            if *key == self.satisfied {
                return Ok(ilp.clone());
            }
        }
        let cols = &self.cols;
        let mut ilp = IntegerRelation::new_set(cols.total, 0);
        let bound = |ilp: &mut IntegerRelation, col: usize, max: i64| {
            ilp.add_bounds(col, Some(0), Some(max))
                .map_err(|e| e.to_string())
        };
        for k in 0..cols.params {
            bound(&mut ilp, cols.u(k), MAX_BOUND)?;
        }
        bound(&mut ilp, cols.w(), MAX_BOUND)?;
        for (s, &n) in self.schedule.depths.iter().enumerate() {
            for j in 0..n {
                bound(&mut ilp, cols.coefficient(s, j), MAX_COEFFICIENT)?;
            }
            bound(&mut ilp, cols.shift(s), MAX_SHIFT)?;
        }
        // Many edges repeat each other's rows: normalise each (the ILP is
        // over the integers, so a row divided by the gcd of its
        // coefficients has its constant rounded down) and keep, per
        // coefficient vector, the tightest constant.
        let mut tightest: HashMap<Vec<Int>, usize> = HashMap::new();
        let mut candidates: Vec<Vec<Int>> = Vec::new();
        for (e, c) in self.constraints.iter().enumerate() {
            if self.satisfied[e] {
                continue;
            }
            for part in [&c.legal, &c.bound] {
                for row in part.equalities() {
                    ilp.add_equality_int(row.clone())
                        .map_err(|e| e.to_string())?;
                }
                for row in part.inequalities() {
                    let row = tightened(row);
                    let (coefficients, constant) = row.split_at(row.len() - 1);
                    match tightest.get(coefficients) {
                        Some(&k) => {
                            let last = candidates[k].len() - 1;
                            if constant[0] < candidates[k][last] {
                                candidates[k][last] = constant[0].clone();
                            }
                        }
                        None => {
                            tightest.insert(coefficients.to_vec(), candidates.len());
                            candidates.push(row);
                        }
                    }
                }
            }
        }
        let upper = self.upper_bounds();
        let mut kept: Vec<Vec<Int>> = Vec::new();
        // One tableau judges every row from the vertex the last one left; it
        // is `None` once the rows kept have no rational point (every row is
        // then implied).
        let mut lp = Simplex::nonnegative(&ilp);
        for row in candidates {
            // Every column lies in a box [0, upper]: a row whose excess over
            // a kept row (or over nothing) is non-negative on the whole box
            // is implied without an LP.
            if box_minimum(&row, &upper) >= Int::ZERO
                || kept.iter().any(|k| {
                    let diff: Vec<Int> = row.iter().zip(k).map(|(a, b)| a - b).collect();
                    box_minimum(&diff, &upper) >= Int::ZERO
                })
            {
                continue;
            }
            self.spend(lp_work(&ilp))?;
            let Some(tableau) = lp.as_mut() else {
                continue;
            };
            if !tableau.is_redundant(&row).map_err(|e| e.to_string())? {
                if !tableau.add_inequality(&row).map_err(|e| e.to_string())? {
                    lp = None;
                }
                ilp.add_inequality_int(row.clone())
                    .map_err(|e| e.to_string())?;
                kept.push(row);
            }
        }
        self.cache = Some((self.satisfied.clone(), ilp.clone()));
        Ok(ilp)
    }

    /// Marks the edges strongly satisfied by one of `rows`; returns how
    /// many were newly satisfied.
    fn mark_satisfied(&mut self, rows: &[usize]) -> Result<usize, String> {
        let mut newly = 0;
        for e in 0..self.edges.len() {
            if self.satisfied[e] {
                continue;
            }
            for &r in rows {
                if self.strongly_satisfies(r, e)? {
                    self.satisfied[e] = true;
                    newly += 1;
                    break;
                }
            }
        }
        Ok(newly)
    }

    /// Whether `φ_T − φ_S ≥ 1` on every point of edge `e`, for row `r`.
    fn strongly_satisfies(&self, r: usize, e: usize) -> Result<bool, String> {
        let edge = &self.edges[e];
        let row = &self.schedule.rows[r];
        let (ns, nd, _) = edge.columns;
        let (cs, ct) = (&row.coefficients[edge.src], &row.coefficients[edge.dst]);
        for system in &edge.systems {
            let n = system.num_vars();
            // φ_S(s) − φ_T(t) ≥ 0: a point where the row does not order the
            // pair.
            let mut ineq = vec![Int::ZERO; n + 1];
            for j in 0..ns {
                ineq[j] = Int::from(cs[j]);
            }
            for j in 0..nd {
                ineq[ns + j] = Int::from(-ct[j]);
            }
            ineq[n] = Int::from(cs[ns]) - Int::from(ct[nd]);
            let mut probe = system.clone();
            probe.add_inequality_int(ineq).map_err(|e| e.to_string())?;
            if !probe.is_integer_empty() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Adds a scalar row ordering the strongly connected components of the
    /// unsatisfied dependences topologically (by depth groups when
    /// `by_depth`); `false` when that separates nothing.
    fn cut(&mut self, by_depth: bool) -> bool {
        let n = self.schedule.depths.len();
        let mut graph: DiGraph<usize, ()> = DiGraph::new();
        let nodes: Vec<_> = (0..n).map(|s| graph.add_node(s)).collect();
        for (e, edge) in self.edges.iter().enumerate() {
            if !self.satisfied[e] && edge.src != edge.dst {
                graph.update_edge(nodes[edge.src], nodes[edge.dst], ());
            }
        }
        let sccs = tarjan_scc(&graph);
        let mut component = vec![0usize; n];
        for (c, scc) in sccs.iter().enumerate() {
            for node in scc {
                component[graph[*node]] = c;
            }
        }
        // Topological order of the components, the earliest statement first
        // among the ready ones (textual order where the graph allows it).
        let k = sccs.len();
        let mut preds = vec![std::collections::BTreeSet::new(); k];
        for edge in graph.edge_indices() {
            if let Some((a, b)) = graph.edge_endpoints(edge) {
                let (ca, cb) = (component[graph[a]], component[graph[b]]);
                if ca != cb {
                    preds[cb].insert(ca);
                }
            }
        }
        let first_stmt: Vec<usize> = sccs
            .iter()
            .map(|scc| scc.iter().map(|&x| graph[x]).min().unwrap_or(0))
            .collect();
        let mut order = Vec::with_capacity(k);
        let mut done = vec![false; k];
        while order.len() < k {
            let Some(next) = (0..k)
                .filter(|&c| !done[c] && preds[c].iter().all(|&p| done[p]))
                .min_by_key(|&c| first_stmt[c])
            else {
                return false;
            };
            done[next] = true;
            order.push(next);
        }
        let mut position = vec![0i64; k];
        let mut group = 0i64;
        let mut last_depth = None;
        for (i, &c) in order.iter().enumerate() {
            let depth = sccs[c]
                .iter()
                .map(|&x| self.schedule.depths[graph[x]])
                .max()
                .unwrap_or(0);
            if by_depth {
                if i > 0 && last_depth != Some(depth) {
                    group += 1;
                }
                last_depth = Some(depth);
                position[c] = group;
            } else {
                position[c] = i as i64;
            }
        }
        let value: Vec<i64> = (0..n).map(|s| position[component[s]]).collect();
        if value.iter().all(|&v| v == value[0]) {
            return false;
        }
        for (e, edge) in self.edges.iter().enumerate() {
            if value[edge.src] < value[edge.dst] {
                self.satisfied[e] = true;
            }
        }
        let coefficients = (0..n)
            .map(|s| {
                let mut row = vec![0; self.schedule.depths[s] + 1];
                row[self.schedule.depths[s]] = value[s];
                row
            })
            .collect();
        self.schedule.rows.push(ScheduleRow {
            kind: RowKind::Scalar,
            coefficients,
        });
        true
    }

    /// With no dependence left, gives every statement its remaining
    /// original loops, one band.
    fn complete_with_original_loops(&mut self, band: usize) {
        let n = self.schedule.depths.len();
        let mut missing: Vec<Vec<usize>> = (0..n)
            .map(|s| {
                let d = self.schedule.depths[s];
                let mut rows = self.loop_rows(s);
                let mut out = Vec::new();
                for j in 0..d {
                    let before = rank(&rows, d);
                    let mut unit = vec![0; d];
                    unit[j] = 1;
                    rows.push(unit);
                    if rank(&rows, d) > before {
                        out.push(j);
                    } else {
                        rows.pop();
                    }
                }
                out.reverse();
                out
            })
            .collect();
        while missing.iter().any(|m| !m.is_empty()) {
            let coefficients = (0..n)
                .map(|s| {
                    let d = self.schedule.depths[s];
                    let mut row = vec![0; d + 1];
                    if let Some(j) = missing[s].pop() {
                        row[j] = 1;
                    }
                    row
                })
                .collect();
            self.schedule.rows.push(ScheduleRow {
                kind: RowKind::Loop { band },
                coefficients,
            });
        }
    }
}

//! The dependence question for one pair of accesses at one depth: build the
//! dependence polyhedron, decide its emptiness exactly, and measure the
//! distance of every common loop.

use tessera_affine::{AffineExpr, AffineMap, ConstraintKind, IntegerSet};
use tessera_polyhedral::bounds::IntOpt;
use tessera_polyhedral::{Int, IntegerRelation, Space, VarKind};

use super::access::{AccessDesc, LoopDesc};
use super::system::{add, add_set, expr_row, negations, sub, Unsupported};

/// The range of `sink_iv − source_iv` of one common loop over all
/// dependent pairs of iterations; `None` ends are unbounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceRange {
    /// Smallest distance, or `None` for −∞.
    pub min: Option<i64>,
    /// Largest distance, or `None` for +∞.
    pub max: Option<i64>,
}

/// One pair of iterations that depend on each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The source's induction variables, outermost first.
    pub source: Vec<i64>,
    /// The sink's induction variables, outermost first.
    pub sink: Vec<i64>,
    /// The global symbols' values.
    pub symbols: Vec<i64>,
}

/// The answer to "does `sink` depend on `source` at this depth?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dependence {
    /// Proved: no pair of iterations depends at this depth.
    None,
    /// Proved: some pair does. `distances` has one range per common loop.
    Exists {
        /// Per common loop, the range of sink minus source iteration.
        distances: Vec<DistanceRange>,
        /// A dependent pair of iterations.
        witness: Witness,
    },
    /// Could not decide (a non-affine term, a budget exceeded): every
    /// client must assume a dependence.
    Unknown(String),
}

impl Dependence {
    /// Whether a client must assume a dependence (it exists or is unknown).
    pub fn may_exist(&self) -> bool {
        !matches!(self, Dependence::None)
    }
}

/// More than this many disjuncts (from `else` blocks) and the analysis
/// answers [`Dependence::Unknown`].
const MAX_DISJUNCTS: usize = 64;

/// The column layout of a dependence polyhedron: source induction
/// variables, sink induction variables, symbols, then locals.
#[derive(Clone, Debug)]
struct Layout {
    src: Vec<usize>,
    dst: Vec<usize>,
    syms: Vec<usize>,
}

/// The dependence polyhedron of a source and a sink at one depth: a union
/// of integer polyhedra (one per combination of `else` disjuncts) over
/// `[source ivs, sink ivs, symbols, locals]`.
#[derive(Clone, Debug)]
pub struct DependencePolyhedron {
    systems: Vec<IntegerRelation>,
    layout: Layout,
    common: usize,
    depth: usize,
}

impl DependencePolyhedron {
    /// Builds the polyhedron of pairs (source iteration, sink iteration)
    /// that touch the same element with the source first at `depth`.
    /// `Ok(None)` when no pair can exist for a structural reason (other
    /// memref, two reads, a depth out of range, program order).
    pub fn build(
        source: &AccessDesc,
        sink: &AccessDesc,
        depth: usize,
    ) -> Result<Option<Self>, Unsupported> {
        if source.memref != sink.memref || !(source.is_write || sink.is_write) {
            return Ok(None);
        }
        let common = source.common_loops(sink);
        if depth == 0 || depth > common + 1 {
            return Ok(None);
        }
        if depth == common + 1 && source.position >= sink.position {
            // Within one iteration of every common loop the source must
            // come first in program order.
            return Ok(None);
        }
        let (ns, nd) = (source.loops.len(), sink.loops.len());
        let num_symbols = source.num_symbols.max(sink.num_symbols) as usize;
        let layout = Layout {
            src: (0..ns).collect(),
            dst: (ns..ns + nd).collect(),
            syms: (ns + nd..ns + nd + num_symbols).collect(),
        };
        let mut base = IntegerRelation::new(Space::set(ns + nd, num_symbols));
        add_domain(&mut base, source, &layout.src, &layout.syms)?;
        add_domain(&mut base, sink, &layout.dst, &layout.syms)?;
        // Same element.
        if source.subscripts.results().len() != sink.subscripts.results().len() {
            return Err(Unsupported::Polyhedral(
                "accesses of different rank to one memref".into(),
            ));
        }
        for (a, b) in source
            .subscripts
            .results()
            .iter()
            .zip(sink.subscripts.results())
        {
            let ra = expr_row(&mut base, a, &layout.src, &layout.syms)?;
            let rb = expr_row(&mut base, b, &layout.dst, &layout.syms)?;
            add(&mut base, ConstraintKind::Eq, sub(ra, rb))?;
        }
        // Order at this depth.
        let width = base.num_cols();
        for k in 0..(depth - 1).min(common) {
            add(
                &mut base,
                ConstraintKind::Eq,
                difference(width, layout.dst[k], layout.src[k], 0),
            )?;
        }
        if depth <= common {
            add(
                &mut base,
                ConstraintKind::Ge,
                difference(width, layout.dst[depth - 1], layout.src[depth - 1], -1),
            )?;
        }
        // Else blocks make the domains unions: one system per combination.
        let src_alts = else_alternatives(source)?;
        let dst_alts = else_alternatives(sink)?;
        if src_alts.len() * dst_alts.len() > MAX_DISJUNCTS {
            return Err(Unsupported::Polyhedral(format!(
                "{} disjuncts from else blocks exceed the limit of {MAX_DISJUNCTS}",
                src_alts.len() * dst_alts.len()
            )));
        }
        let mut systems = Vec::new();
        let combinations = src_alts.len() * dst_alts.len();
        let mut base = Some(base);
        for sa in &src_alts {
            for da in &dst_alts {
                // The last combination takes the base itself.
                let mut system = match base.take() {
                    Some(b) if systems.len() + 1 == combinations => b,
                    Some(b) => {
                        let copy = b.clone();
                        base = Some(b);
                        copy
                    }
                    None => break,
                };
                for e in sa {
                    let row = expr_row(&mut system, e, &layout.src, &layout.syms)?;
                    add(&mut system, ConstraintKind::Ge, row)?;
                }
                for e in da {
                    let row = expr_row(&mut system, e, &layout.dst, &layout.syms)?;
                    add(&mut system, ConstraintKind::Ge, row)?;
                }
                systems.push(system);
            }
        }
        Ok(Some(DependencePolyhedron {
            systems,
            layout,
            common,
            depth,
        }))
    }

    /// The integer polyhedra whose union is the dependence, each over
    /// `[source ivs, sink ivs, symbols, locals]` (see
    /// [`DependencePolyhedron::column_counts`]).
    pub fn systems(&self) -> &[IntegerRelation] {
        &self.systems
    }

    /// The number of source induction variables, sink induction variables
    /// and symbols: the column layout of [`DependencePolyhedron::systems`].
    pub fn column_counts(&self) -> (usize, usize, usize) {
        (
            self.layout.src.len(),
            self.layout.dst.len(),
            self.layout.syms.len(),
        )
    }

    /// The index of the common loop carrying the dependence (0-based; the
    /// number of common loops for a loop-independent one).
    pub fn carrying_level(&self) -> usize {
        self.depth - 1
    }

    /// The number of loops common to source and sink.
    pub fn common_loops(&self) -> usize {
        self.common
    }

    /// A dependent pair of iterations, or `None` when there is none (the
    /// polyhedron has no integer point).
    pub fn witness(&self) -> Result<Option<Witness>, Unsupported> {
        for system in &self.systems {
            if let Some(point) = system.find_integer_sample()? {
                return witness(&point, &self.layout).map(Some);
            }
        }
        Ok(None)
    }

    /// Per common loop, the exact integer range of `sink_iv - source_iv`
    /// over the non-empty disjuncts (empty when there is no dependence).
    pub fn distances(&self) -> Result<Vec<DistanceRange>, Unsupported> {
        let mut result: Option<Vec<DistanceRange>> = None;
        for system in &self.systems {
            if system.find_integer_sample()?.is_none() {
                continue;
            }
            let d = distances(system, &self.layout, self.common)?;
            result = Some(match result {
                None => d,
                Some(old) => old.iter().zip(&d).map(|(a, b)| hull(*a, *b)).collect(),
            });
        }
        Ok(result.unwrap_or_default())
    }

    /// The exact set of distance vectors (`sink_iv - source_iv` for each
    /// common loop, as dims `d0..`, over the global symbols), one integer
    /// set per non-empty disjunct — exact where the ranges of
    /// [`DependencePolyhedron::distances`] are only intervals (strides show
    /// as `mod` constraints). Fails when the projection needs an
    /// existential that is not a division.
    pub fn distance_set(&self) -> Result<Vec<IntegerSet>, Unsupported> {
        let mut sets = Vec::new();
        for system in &self.systems {
            if system.find_integer_sample()?.is_none() {
                continue;
            }
            let mut rel = system.clone();
            let first = rel.append_vars(VarKind::Range, self.common);
            let width = rel.num_cols();
            // Column indices of the ivs are unchanged: the new range
            // columns come after them.
            for k in 0..self.common {
                let mut row = difference(width, self.layout.dst[k], self.layout.src[k], 0);
                row[first + k] = Int::from(-1);
                add(&mut rel, ConstraintKind::Eq, row)?;
            }
            let ivs: Vec<usize> = self
                .layout
                .src
                .iter()
                .chain(&self.layout.dst)
                .copied()
                .collect();
            rel.convert_to_locals(&ivs)
                .map_err(|e| Unsupported::Polyhedral(e.to_string()))?;
            let set = rel
                .to_integer_set()
                .map_err(|e| Unsupported::Polyhedral(e.to_string()))?;
            sets.push(set.simplify());
        }
        Ok(sets)
    }

    /// Keeps only the pairs whose distance on common loop `k` is at most
    /// `max` (an unroll-and-jam window, say).
    pub fn bound_distance(&mut self, k: usize, max: i64) -> Result<(), Unsupported> {
        if k >= self.common {
            return Ok(());
        }
        for system in &mut self.systems {
            let width = system.num_cols();
            add(
                system,
                ConstraintKind::Ge,
                difference(width, self.layout.src[k], self.layout.dst[k], max),
            )?;
        }
        Ok(())
    }

    /// A dependent pair whose distance is zero on every common loop in
    /// `loops`, if any.
    pub fn zero_distance_on(&self, loops: &[usize]) -> Result<Option<Witness>, Unsupported> {
        for system in &self.systems {
            let width = system.num_cols();
            let mut s = system.clone();
            for &k in loops.iter().filter(|&&k| k < self.common) {
                add(
                    &mut s,
                    ConstraintKind::Eq,
                    difference(width, self.layout.dst[k], self.layout.src[k], 0),
                )?;
            }
            if let Some(point) = s.find_integer_sample()? {
                return witness(&point, &self.layout).map(Some);
            }
        }
        Ok(None)
    }

    /// A dependent pair whose distance vector, read in the loop order
    /// `order` (indices of common loops, new outermost first), is
    /// lexicographically negative: the proof that running the common loops
    /// in that order would reverse this dependence. `None` when no such
    /// pair exists.
    pub fn reversed_by(&self, order: &[usize]) -> Result<Option<Witness>, Unsupported> {
        for system in &self.systems {
            let width = system.num_cols();
            // Distances zero on order[..j] (the prefix, grown one loop at a
            // time rather than rebuilt per level), negative at order[j].
            let mut prefix = system.clone();
            for &k in order {
                let mut s = prefix.clone();
                add(
                    &mut s,
                    ConstraintKind::Ge,
                    difference(width, self.layout.src[k], self.layout.dst[k], -1),
                )?;
                if let Some(point) = s.find_integer_sample()? {
                    return witness(&point, &self.layout).map(Some);
                }
                add(
                    &mut prefix,
                    ConstraintKind::Eq,
                    difference(width, self.layout.dst[k], self.layout.src[k], 0),
                )?;
                // No pair equal on the prefix: no deeper level reverses one.
                if prefix.find_integer_sample()?.is_none() {
                    break;
                }
            }
        }
        Ok(None)
    }
}

impl DependencePolyhedron {
    /// A dependent pair that the schedules `source` and `sink` (affine
    /// maps from each access's iteration vector and the global symbols to
    /// time vectors of one length) would not run in order: the sink's time
    /// vector lexicographically smaller than the source's, or equal. `None`
    /// proves the schedules keep every dependence of this polyhedron.
    ///
    /// `reversed_by` is the special case of permutation schedules.
    pub fn reversed_by_schedules(
        &self,
        source: &AffineMap,
        sink: &AffineMap,
    ) -> Result<Option<Witness>, Unsupported> {
        let k = source.results().len();
        if sink.results().len() != k {
            return Err(Unsupported::Polyhedral(format!(
                "time vectors of different lengths ({k} and {})",
                sink.results().len()
            )));
        }
        for system in &self.systems {
            // Per level l: equal before l, the sink earlier at l; and, at
            // l = k, equal everywhere.
            let mut prefix = system.clone();
            for l in 0..=k {
                let mut s = prefix.clone();
                if l < k {
                    let time = self.time_difference(&mut s, source, sink, l)?;
                    // sink - source <= -1, i.e. -(sink - source) - 1 >= 0.
                    let mut row: Vec<Int> = time.iter().map(|a| -a).collect();
                    let last = row.len() - 1;
                    row[last] = &row[last] - &Int::ONE;
                    add(&mut s, ConstraintKind::Ge, row)?;
                }
                if let Some(point) = s.find_integer_sample()? {
                    return witness(&point, &self.layout).map(Some);
                }
                if l < k {
                    let time = self.time_difference(&mut prefix, source, sink, l)?;
                    add(&mut prefix, ConstraintKind::Eq, time)?;
                    if prefix.find_integer_sample()?.is_none() {
                        break;
                    }
                }
            }
        }
        Ok(None)
    }

    /// The row of `sink_l(y) - source_l(x)` over `rel`'s columns.
    fn time_difference(
        &self,
        rel: &mut IntegerRelation,
        source: &AffineMap,
        sink: &AffineMap,
        l: usize,
    ) -> Result<Vec<Int>, Unsupported> {
        let a = expr_row(
            rel,
            &source.results()[l],
            &self.layout.src,
            &self.layout.syms,
        )?;
        let b = expr_row(rel, &sink.results()[l], &self.layout.dst, &self.layout.syms)?;
        Ok(sub(b, a))
    }
}

/// Does `sink` depend on `source` at `depth` (1-based, as MLIR counts:
/// `d <= common` means carried by the `d`-th common loop, `common + 1`
/// means within one iteration of all common loops, in program order)?
///
/// ```
/// use tessera_affine::AffineMap;
/// use tessera_transforms::dependence::{check_dependence, AccessDesc, Dependence, LoopDesc};
/// // for i = 0 to 10 { A[i + 1] = A[i] }
/// let l = LoopDesc { id: 0, lower: AffineMap::constant(0), upper: AffineMap::constant(10), step: 1 };
/// let access = |position, is_write, sub: &str| AccessDesc {
///     position, memref: 0, is_write, loops: vec![l.clone()], guards: vec![],
///     subscripts: sub.parse().unwrap(), num_symbols: 0,
/// };
/// let load = access(0, false, "(d0) -> (d0)");
/// let store = access(1, true, "(d0) -> (d0 + 1)");
/// match check_dependence(&store, &load, 1) {
///     Dependence::Exists { distances, .. } => assert_eq!((distances[0].min, distances[0].max), (Some(1), Some(1))),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(check_dependence(&load, &store, 1), Dependence::None);
/// ```
pub fn check_dependence(source: &AccessDesc, sink: &AccessDesc, depth: usize) -> Dependence {
    let answer = || -> Result<Dependence, Unsupported> {
        let Some(poly) = DependencePolyhedron::build(source, sink, depth)? else {
            return Ok(Dependence::None);
        };
        let Some(witness) = poly.witness()? else {
            return Ok(Dependence::None);
        };
        Ok(Dependence::Exists {
            distances: poly.distances()?,
            witness,
        })
    };
    match answer() {
        Ok(d) => d,
        Err(Unsupported::NonAffine(why)) | Err(Unsupported::Polyhedral(why)) => {
            Dependence::Unknown(why)
        }
    }
}

/// The row `x_a - x_b + c`.
fn difference(width: usize, a: usize, b: usize, c: i64) -> Vec<Int> {
    let mut row = vec![Int::ZERO; width];
    row[a] = Int::ONE;
    row[b] = Int::from(-1);
    row[width - 1] = Int::from(c);
    row
}

fn hull(a: DistanceRange, b: DistanceRange) -> DistanceRange {
    DistanceRange {
        min: a.min.zip(b.min).map(|(x, y)| x.min(y)),
        max: a.max.zip(b.max).map(|(x, y)| x.max(y)),
    }
}

/// The iteration domain of an access (its loops and guards) as disjoint
/// convex pieces over `[ivs, symbols, locals]`: one piece without `else`
/// blocks; under `else` blocks, one per way of failing each negated
/// condition — the `k`-th piece keeps the condition's first `k − 1`
/// constraints and violates the `k`-th, so no point is in two pieces.
/// A loop whose stride starts at a `max` of lower bounds (not convex)
/// splits a piece by which lower bound is the greatest (the first one on
/// ties), each with its own stride. Empty pieces are dropped.
///
/// ```
/// use tessera_affine::AffineMap;
/// use tessera_transforms::dependence::{domain_pieces, AccessDesc, LoopDesc};
/// // for i = 0 to 10 step 3 { A[i] }
/// let l = LoopDesc { id: 0, lower: AffineMap::constant(0), upper: AffineMap::constant(10), step: 3 };
/// let a = AccessDesc { position: 0, memref: 0, is_write: true, loops: vec![l], guards: vec![],
///     subscripts: "(d0) -> (d0)".parse().unwrap(), num_symbols: 0 };
/// let d = domain_pieces(&a).unwrap();
/// assert_eq!(d.len(), 1);
/// assert!(d[0].contains(&[9]).unwrap() && !d[0].contains(&[8]).unwrap() && !d[0].contains(&[12]).unwrap());
/// ```
pub fn domain_pieces(access: &AccessDesc) -> Result<Vec<IntegerRelation>, Unsupported> {
    let n = access.loops.len();
    let ns = access.num_symbols as usize;
    let mut base = IntegerRelation::new(Space::set(n, ns));
    let ivs: Vec<usize> = (0..n).collect();
    let syms: Vec<usize> = (n..n + ns).collect();
    add_domain(&mut base, access, &ivs, &syms)?;
    let alternatives = strided_max_alternatives(access)?;
    let mut pieces = Vec::with_capacity(alternatives.len());
    if alternatives.iter().all(Vec::is_empty) {
        // No stride from a `max`: the domain is one convex piece, kept
        // as it is (no integer program spent on it).
        pieces.push(base);
    } else {
        for alt in &alternatives {
            let mut p = base.clone();
            for e in alt {
                let row = expr_row(&mut p, e, &ivs, &syms)?;
                add(&mut p, ConstraintKind::Ge, row)?;
            }
            if !p.is_integer_empty() {
                pieces.push(p);
            }
        }
    }
    for guard in access.guards.iter().filter(|g| !g.holds) {
        let dims = guard.set.num_dims() as usize;
        let mut alternatives: Vec<Vec<(ConstraintKind, AffineExpr)>> = Vec::new();
        let mut kept: Vec<(ConstraintKind, AffineExpr)> = Vec::new();
        for c in guard.set.constraints() {
            let violated: Vec<AffineExpr> = match c.kind {
                ConstraintKind::Ge => vec![-c.expr.clone() - 1],
                ConstraintKind::Eq => vec![c.expr.clone() - 1, -c.expr.clone() - 1],
            };
            for v in violated {
                let mut alt = kept.clone();
                alt.push((ConstraintKind::Ge, v));
                alternatives.push(alt);
            }
            kept.push((c.kind, c.expr.clone()));
        }
        if pieces.len() * alternatives.len() > MAX_DISJUNCTS {
            return Err(Unsupported::Polyhedral(format!(
                "more than {MAX_DISJUNCTS} pieces from else blocks"
            )));
        }
        let mut next = Vec::with_capacity(pieces.len() * alternatives.len());
        for piece in &pieces {
            for alt in &alternatives {
                let mut p = piece.clone();
                for (kind, e) in alt {
                    let row = expr_row(&mut p, e, &ivs[..dims], &syms)?;
                    add(&mut p, *kind, row)?;
                }
                if !p.is_integer_empty() {
                    next.push(p);
                }
            }
        }
        pieces = next;
    }
    Ok(pieces)
}

/// The alternatives of an access's strides that start at a `max` of
/// lower bounds (not convex): per such loop, one alternative per lower
/// bound that is the maximum — strictly greater than the earlier bounds,
/// at least the later ones, so the alternatives are disjoint — with the
/// stride from it, `(iv − lb) mod step == 0`. Each alternative is a list
/// of expressions `>= 0` over the access's induction variables and
/// symbols; a single empty alternative when no loop has such a stride.
fn strided_max_alternatives(access: &AccessDesc) -> Result<Vec<Vec<AffineExpr>>, Unsupported> {
    let mut alternatives: Vec<Vec<AffineExpr>> = vec![Vec::new()];
    for (level, lp) in access.loops.iter().enumerate() {
        let lowers = lp.lower.results();
        if lp.step <= 1 || lowers.len() <= 1 {
            continue;
        }
        if alternatives.len() * lowers.len() > MAX_DISJUNCTS {
            return Err(Unsupported::Polyhedral(format!(
                "more than {MAX_DISJUNCTS} pieces from strided max lower bounds"
            )));
        }
        let iv = AffineExpr::dim(level as u32);
        let per_bound: Vec<Vec<AffineExpr>> = lowers
            .iter()
            .enumerate()
            .map(|(k, lb)| {
                let mut exprs: Vec<AffineExpr> = lowers
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(j, other)| lb.clone() - other.clone() - i64::from(j < k))
                    .collect();
                exprs.push(-(iv.clone() - lb.clone()).modulo(lp.step));
                exprs
            })
            .collect();
        alternatives = alternatives
            .iter()
            .flat_map(|alt| {
                per_bound.iter().map(move |extra| {
                    let mut a = alt.clone();
                    a.extend(extra.iter().cloned());
                    a
                })
            })
            .collect();
    }
    Ok(alternatives)
}

/// Loop bounds, steps and the `then` conditions of an access's domain.
fn add_domain(
    rel: &mut IntegerRelation,
    access: &AccessDesc,
    ivs: &[usize],
    syms: &[usize],
) -> Result<(), Unsupported> {
    for (level, lp) in access.loops.iter().enumerate() {
        add_loop(rel, lp, ivs, level, syms)?;
    }
    for guard in access.guards.iter().filter(|g| g.holds) {
        let n = guard.set.num_dims() as usize;
        add_set(rel, &guard.set, &ivs[..n], syms)?;
    }
    Ok(())
}

fn add_loop(
    rel: &mut IntegerRelation,
    lp: &LoopDesc,
    ivs: &[usize],
    level: usize,
    syms: &[usize],
) -> Result<(), Unsupported> {
    if lp.step <= 0 {
        return Err(Unsupported::NonAffine(format!(
            "loop step {} is not positive",
            lp.step
        )));
    }
    let outer = &ivs[..level];
    let iv = ivs[level];
    for lb in lp.lower.results() {
        // iv - lb >= 0
        let row = expr_row(rel, lb, outer, syms)?;
        let mut iv_row = vec![Int::ZERO; rel.num_cols()];
        iv_row[iv] = Int::ONE;
        add(rel, ConstraintKind::Ge, sub(iv_row, row))?;
    }
    for ub in lp.upper.results() {
        // ub - iv - 1 >= 0
        let row = expr_row(rel, &(ub.clone() - 1), outer, syms)?;
        let mut iv_row = vec![Int::ZERO; rel.num_cols()];
        iv_row[iv] = Int::ONE;
        add(rel, ConstraintKind::Ge, sub(row, iv_row))?;
    }
    // iv = lb + step * t (t >= 0 follows from iv >= lb). With several
    // lower bounds the stride starts at their maximum, which is not convex:
    // dependence polyhedra leave it out (an over-approximation, sound for
    // dependences); `domain_pieces` splits the domain for it.
    if lp.step > 1 && lp.lower.results().len() == 1 {
        let t = rel.append_vars(tessera_polyhedral::VarKind::Local, 1);
        let lb = expr_row(rel, &lp.lower.results()[0], outer, syms)?;
        let mut row = vec![Int::ZERO; rel.num_cols()];
        row[iv] = Int::ONE;
        row[t] = Int::from(-lp.step);
        add(rel, ConstraintKind::Eq, sub(row, lb))?;
    }
    Ok(())
}

/// The alternatives of an access's `else` conditions: each alternative is a
/// list of expressions that must all be `>= 0`, one negated constraint per
/// `else` guard. (A stride from a `max` of lower bounds is left out of
/// dependence polyhedra, a sound over-approximation: splitting on it
/// adds a division per piece, which deep nests cannot afford.)
fn else_alternatives(access: &AccessDesc) -> Result<Vec<Vec<AffineExpr>>, Unsupported> {
    let mut alternatives: Vec<Vec<AffineExpr>> = vec![Vec::new()];
    for guard in access.guards.iter().filter(|g| !g.holds) {
        let negated = negations(&guard.set);
        if alternatives.len() * negated.len() > MAX_DISJUNCTS {
            return Err(Unsupported::Polyhedral(
                "too many else-block disjuncts".into(),
            ));
        }
        alternatives = alternatives
            .iter()
            .flat_map(|alt| {
                negated.iter().map(move |n| {
                    let mut a = alt.clone();
                    a.push(n.clone());
                    a
                })
            })
            .collect();
    }
    Ok(alternatives)
}

/// Per common loop, the exact integer range of `sink_iv - source_iv`.
fn distances(
    system: &IntegerRelation,
    layout: &Layout,
    common: usize,
) -> Result<Vec<DistanceRange>, Unsupported> {
    (0..common)
        .map(|k| {
            let width = system.num_cols();
            let objective = difference(width, layout.dst[k], layout.src[k], 0);
            let min = optimum(system.integer_minimum(&objective))?;
            let max = optimum(system.integer_maximum(&objective))?;
            Ok(DistanceRange { min, max })
        })
        .collect()
}

fn optimum(
    result: Result<IntOpt, tessera_polyhedral::PolyError>,
) -> Result<Option<i64>, Unsupported> {
    match result.map_err(|e| Unsupported::Polyhedral(e.to_string()))? {
        IntOpt::Optimal { value, .. } => Ok(value.to_i64()),
        IntOpt::Unbounded => Ok(None),
        IntOpt::Empty => Err(Unsupported::Polyhedral(
            "a non-empty system has no optimum".into(),
        )),
    }
}

fn witness(point: &[Int], layout: &Layout) -> Result<Witness, Unsupported> {
    let get = |cols: &[usize]| -> Result<Vec<i64>, Unsupported> {
        cols.iter()
            .map(|&c| {
                point
                    .get(c)
                    .and_then(Int::to_i64)
                    .ok_or_else(|| Unsupported::Polyhedral("witness beyond 64 bits".into()))
            })
            .collect()
    };
    Ok(Witness {
        source: get(&layout.src)?,
        sink: get(&layout.dst)?,
        symbols: get(&layout.syms)?,
    })
}

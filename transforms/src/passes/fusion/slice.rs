//! Computation slices: which iterations of the source nest one iteration
//! of the destination's outer `depth` loops needs (MLIR's
//! `ComputationSliceState`, computed as `computeSliceUnion` does).
//!
//! For every dependent pair of a source access `a` and a destination access
//! `b` (same memref; which pairs count depends on the [`Strategy`]), the
//! pair's polyhedron holds both iteration domains and equal subscripts,
//! with the loops enclosing both nests shared. Projecting out every
//! destination loop deeper than `depth` and every other source loop leaves
//! the bounds of one source loop as affine functions of the destination's
//! outer induction variables `p` and the symbols. The slice of a loop is a
//! bound valid for every pair: for the passes, among the pairs' bounds the
//! first the exact solver proves to hold for all of them; for the generic
//! strategy (the API and `--test-loop-fusion`), MLIR's `unionBoundingBox`
//! — the smallest of bounds that differ by constants, constant bounds
//! otherwise — so that remarks match mlir-opt's. Either way, with constant
//! bounds as the fallback (or the loop's own range), the slice contains
//! every source iteration a destination iteration depends on. A pair
//! whose source access is not inside the loop counts as needing the
//! loop's whole range, as in MLIR, and with the generic strategy a
//! read-read pair does not bound loops from the first one carrying a
//! dependence on (MLIR's rule for input reuse).

use std::collections::BTreeMap;
use std::fmt;

use tessera_affine::{AffineExpr, AffineMap, BinaryOp};
use tessera_ir::{Module, OpId, Value};
use tessera_polyhedral::IntegerRelation;

use super::model::FunctionModel;
use super::poly::{dim_exprs, remap, Range, System, Undecided};
use crate::dependence::{AccessDesc, LoopDesc};
use crate::loops::ForLoop;

/// Which source/destination access pairs shape the slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// Source stores against every destination access of their memref
    /// (producer-consumer fusion).
    ProducerConsumer,
    /// Source loads of one memref against destination loads of it
    /// (sibling fusion for input reuse).
    Sibling(Value),
    /// Every pair of accesses to one memref, reads included (MLIR's
    /// `FusionStrategy::Generic`, used by `--test-loop-fusion`).
    Generic,
}

/// Where the slice goes in the body of the destination's loop at the
/// fusion depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// At the start of the body: the source ran before the destination.
    Start,
    /// At the end of the body, before its terminator: the source ran after
    /// the destination.
    End,
}

/// Two loop nests of one block, the first to be sliced into the second.
pub(crate) struct NestPair<'a> {
    /// The module.
    pub module: &'a Module,
    /// The function's access models.
    pub model: &'a FunctionModel,
    /// The source nest.
    pub src: OpId,
    /// The destination nest.
    pub dst: OpId,
    /// Indices of the accesses inside the source.
    pub src_accesses: Vec<usize>,
    /// Indices of the accesses inside the destination.
    pub dst_accesses: Vec<usize>,
    /// Whether the source comes first in the block.
    pub src_first: bool,
    /// The number of loops enclosing both nests.
    pub common: usize,
}

impl<'a> NestPair<'a> {
    /// The pair (`src`, `dst`), two ops of one block.
    pub fn new(module: &'a Module, model: &'a FunctionModel, src: OpId, dst: OpId) -> Self {
        let src_accesses = model.accesses_in(module, src);
        let dst_accesses = model.accesses_in(module, dst);
        let src_first = match (module.ops[src].parent, module.ops[dst].parent) {
            (Some(b), _) => {
                let ops = &module.blocks[b].ops;
                ops.iter().position(|&o| o == src) < ops.iter().position(|&o| o == dst)
            }
            _ => true,
        };
        let mut common = 0;
        let mut p = module.parent_op(src);
        while let Some(q) = p {
            if module.ops[q].name == "affine.for" {
                common += 1;
            }
            p = module.parent_op(q);
        }
        NestPair {
            module,
            model,
            src,
            dst,
            src_accesses,
            dst_accesses,
            src_first,
            common,
        }
    }
}

/// Why no slice exists at a depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SliceError {
    /// The nests cannot be sliced at this depth (no dependent pair, the
    /// depth exceeds the destination's loops around them, an access the
    /// model does not see exactly): MLIR's `GenericFailure`.
    Failure(String),
}

impl fmt::Display for SliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SliceError::Failure(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SliceError {}

impl From<Undecided> for SliceError {
    fn from(u: Undecided) -> Self {
        SliceError::Failure(u.0)
    }
}

/// One sliced source loop.
#[derive(Clone, Debug)]
pub(crate) struct PlannedLoop {
    /// The loop's id in the access models (its op as `u32`).
    pub id: u32,
    /// Its level among the loops of the accesses inside it (counting the
    /// loops enclosing both nests).
    pub level: usize,
    /// Its own bounds, over the loops outside it and the symbols.
    pub desc: LoopDesc,
    /// The loops around it (and it), outermost first, from one access.
    pub chain: Vec<LoopDesc>,
    /// Slice lower bounds (their maximum) over `p` (dims) and symbols;
    /// `None` when the loop keeps its range.
    pub lower: Option<Vec<AffineExpr>>,
    /// Slice upper bounds, exclusive (their minimum).
    pub upper: Option<Vec<AffineExpr>>,
}

/// A computed slice.
#[derive(Clone, Debug)]
pub(crate) struct SlicePlan {
    /// The fusion depth, counting the loops around both nests.
    pub depth: usize,
    /// The number of loops around both nests.
    pub common: usize,
    /// The destination's loops `L_1..L_depth`.
    pub path: Vec<LoopDesc>,
    /// The same loops as ops.
    pub path_ops: Vec<OpId>,
    /// Start or end of `L_depth`'s body.
    pub placement: Placement,
    /// The sliced source loops, outermost first.
    pub loops: Vec<PlannedLoop>,
    /// Whether the slice stays inside the source's iteration domain
    /// (MLIR's `isSliceValid`); `None` when symbols make MLIR give up.
    pub valid: Option<bool>,
    /// The index of the insertion point in `L_depth`'s body.
    pub insert_index: usize,
    /// The number of global symbols.
    pub num_symbols: u32,
}

/// The pair system of source access `a` and destination access `b`: dims
/// `[p (depth), a's own loops, b's loops below depth]`.
struct PairSystem {
    system: System,
    a_cols: Vec<usize>,
}

fn pair_system(
    a: &AccessDesc,
    b: &AccessDesc,
    depth: usize,
    common: usize,
) -> Result<PairSystem, Undecided> {
    let na = a.loops.len().saturating_sub(common);
    let nb = b.loops.len().saturating_sub(depth);
    let mut system = System::new(depth + na + nb, a.num_symbols.max(b.num_symbols));
    let a_cols: Vec<usize> = (0..common).chain(depth..depth + na).collect();
    let b_cols: Vec<usize> = (0..depth).chain(depth + na..depth + na + nb).collect();
    system.add_domain(a, &a_cols)?;
    system.add_domain(b, &b_cols)?;
    system.add_same_element(a, &a_cols, b, &b_cols)?;
    Ok(PairSystem { system, a_cols })
}

/// Lower bounds (their maximum) and exclusive upper bounds (their minimum)
/// of one piece of a slice.
type PieceBounds = (Vec<AffineExpr>, Vec<AffineExpr>);

/// Lower and upper (exclusive) bounds of dim `col` over dims `0..keep`,
/// one pair per alternative of the system.
fn bounds_of(system: &System, keep: usize, col: usize) -> Result<Vec<PieceBounds>, Undecided> {
    let drop: Vec<usize> = (keep..system.num_dims()).filter(|&c| c != col).collect();
    let mut out = Vec::new();
    for rel in system.relations()? {
        if rel.is_integer_empty() {
            continue;
        }
        let projected = project(&rel, &drop)?;
        match projected.column_bounds(keep) {
            Ok(b) => out.push((b.lower, b.upper.into_iter().map(|e| e + 1).collect())),
            Err(_) => out.push((Vec::new(), Vec::new())),
        }
    }
    Ok(out)
}

fn project(rel: &IntegerRelation, cols: &[usize]) -> Result<IntegerRelation, Undecided> {
    if cols.is_empty() {
        return Ok(rel.clone());
    }
    rel.project_out(cols)
        .map(|p| p.relation)
        .map_err(|e| Undecided(e.to_string()))
}

/// Drops from `bounds` every expression another one dominates over the
/// system (`lower`: a smaller or equal lower bound; otherwise a larger or
/// equal upper bound); of expressions equal everywhere, the first
/// (constants first) stays.
fn drop_redundant(system: &System, mut bounds: Vec<AffineExpr>, lower: bool) -> Vec<AffineExpr> {
    bounds.sort_by_key(|e| e.as_constant().is_none());
    bounds.dedup();
    // dominates[i][j]: bounds[j] makes bounds[i] redundant.
    let n = bounds.len();
    let mut dominates = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i == j {
                continue;
            }
            let (e, f) = (&bounds[i], &bounds[j]);
            let mut s = system.clone();
            if lower {
                s.ge(e.clone() - f.clone() - 1);
            } else {
                s.ge(f.clone() - e.clone() - 1);
            }
            dominates[i][j] = s.is_empty().unwrap_or(false);
        }
    }
    (0..n)
        .filter(|&i| !(0..n).any(|j| dominates[i][j] && (j < i || !dominates[j][i])))
        .map(|i| bounds[i].clone())
        .collect()
}

/// The loops of the source that carry a dependence or carry values
/// (MLIR's sequential loops), by id.
fn sequential_loops(pair: &NestPair) -> Vec<u32> {
    let descs: Vec<AccessDesc> = pair
        .src_accesses
        .iter()
        .filter_map(|&i| pair.model.desc(i).cloned())
        .collect();
    let mut ids: Vec<u32> = Vec::new();
    for d in &descs {
        for l in &d.loops[pair.common.min(d.loops.len())..] {
            if ids.contains(&l.id) {
                continue;
            }
            let op = OpId::from_u32(l.id);
            let has_results = pair
                .module
                .ops
                .get(op)
                .is_some_and(|o| !o.results.is_empty());
            if has_results || pair.model.carries_dependence(l.id, &descs) {
                ids.push(l.id);
            }
        }
    }
    ids
}

/// The slice of `pair.src` for one iteration of the destination's outer
/// `depth` loops (counting the loops around both nests).
pub(crate) fn plan_slice(
    pair: &NestPair,
    depth: usize,
    strategy: &Strategy,
) -> Result<SlicePlan, SliceError> {
    let model = pair.model;
    let fail = |m: String| Err(SliceError::Failure(m));
    if depth <= pair.common {
        return fail(format!("depth {depth} is not inside the nests"));
    }
    let sequential = if *strategy == Strategy::Generic {
        sequential_loops(pair)
    } else {
        Vec::new()
    };
    // Dependent pairs and their systems.
    struct Dep {
        a: usize,
        b: usize,
        ps: PairSystem,
        full: Vec<u32>,
    }
    let mut deps: Vec<Dep> = Vec::new();
    for &a in &pair.src_accesses {
        let a_write = model.is_write(a);
        for &b in &pair.dst_accesses {
            let (Some(ma), Some(mb)) = (model.memrefs[a], model.memrefs[b]) else {
                continue;
            };
            if ma != mb {
                continue;
            }
            let wanted = match strategy {
                Strategy::ProducerConsumer => a_write,
                Strategy::Sibling(m) => ma == *m && !a_write && !model.is_write(b),
                Strategy::Generic => true,
            };
            if !wanted {
                continue;
            }
            let (Some(da), Some(db)) = (model.desc(a), model.desc(b)) else {
                return fail(format!(
                    "the access at {} is not modelled exactly",
                    loc(
                        pair.module,
                        model.op(if model.desc(a).is_none() { a } else { b })
                    )
                ));
            };
            if db.loops.len() < depth {
                return fail(format!(
                    "depth {depth} exceeds the {} loops around the access at {}",
                    db.loops.len(),
                    loc(pair.module, model.op(b))
                ));
            }
            if da.loops.len() < pair.common
                || db.loops[..pair.common]
                    .iter()
                    .zip(&da.loops)
                    .any(|(x, y)| x.id != y.id)
            {
                return fail("the nests are not in one block".to_string());
            }
            let ps = pair_system(da, db, depth, pair.common)?;
            if ps.system.is_empty()? {
                continue;
            }
            let rar = !a_write && !model.is_write(b);
            let mut full = Vec::new();
            if rar {
                if let Some(first) = da.loops[pair.common..]
                    .iter()
                    .position(|l| sequential.contains(&l.id))
                {
                    full = da.loops[pair.common + first..]
                        .iter()
                        .map(|l| l.id)
                        .collect();
                }
            }
            deps.push(Dep { a, b, ps, full });
        }
    }
    let Some(first) = deps.first() else {
        return fail("no dependence between the nests".to_string());
    };
    // The destination loops around every dependent destination access.
    let Some(first_b) = model.desc(first.b) else {
        return fail("unmodelled destination access".to_string());
    };
    let mut shared = first_b.loops.len();
    for d in &deps {
        if let Some(db) = model.desc(d.b) {
            shared = shared.min(first_b.common_loops(db));
        }
    }
    if depth > shared {
        return fail(format!(
            "depth {depth} exceeds the {shared} loops common to the destination accesses"
        ));
    }
    let path: Vec<LoopDesc> = first_b.loops[..depth].to_vec();
    let path_ops: Vec<OpId> = path.iter().map(|l| OpId::from_u32(l.id)).collect();
    // The slice goes in the body of the loop at the depth: the loops down
    // to it must nest directly (no conditional between them), from the
    // destination nest itself.
    if path_ops.get(pair.common) != Some(&pair.dst)
        || (pair.common + 1..depth)
            .any(|k| pair.module.parent_op(path_ops[k]) != Some(path_ops[k - 1]))
    {
        return fail(format!(
            "the destination's loops down to depth {} are not directly nested",
            depth - pair.common
        ));
    }
    let num_symbols = model.num_symbols();
    // The source loops the slice bounds, outermost first.
    let mut loop_order: Vec<(u32, usize, Vec<LoopDesc>)> = Vec::new();
    for d in &deps {
        let Some(da) = model.desc(d.a) else { continue };
        for (level, l) in da.loops.iter().enumerate().skip(pair.common) {
            if !loop_order.iter().any(|(id, _, _)| *id == l.id) {
                loop_order.push((l.id, level, da.loops[..=level].to_vec()));
            }
        }
    }
    sort_preorder(pair.module, &mut loop_order);
    let mut loops = Vec::new();
    for (id, level, chain) in loop_order {
        let col = depth + (level - pair.common);
        // Per pair: the pieces' bounds, or `None` when the pair needs the
        // whole range of the loop.
        let mut lowers: Vec<Vec<AffineExpr>> = Vec::new();
        let mut uppers: Vec<Vec<AffineExpr>> = Vec::new();
        let mut checks: Vec<(System, usize)> = Vec::new();
        for d in &deps {
            let has = d.ps.a_cols.len() > level
                && model
                    .desc(d.a)
                    .is_some_and(|da| da.loops.get(level).is_some_and(|l| l.id == id));
            if has && !d.full.contains(&id) {
                for (lo, up) in bounds_of(&d.ps.system, depth, col)? {
                    lowers.push(drop_redundant(&d.ps.system, lo, true));
                    uppers.push(drop_redundant(&d.ps.system, up, false));
                }
                checks.push((d.ps.system.clone(), col));
            } else {
                let (sys, c) = whole_range(&path, &chain, pair.common, depth, num_symbols)?;
                if let Ok(b) = bounds_of(&sys, depth, c) {
                    for (lo, up) in b {
                        lowers.push(lo);
                        uppers.push(up);
                    }
                }
                checks.push((sys, c));
            }
        }
        let mlir_union = *strategy == Strategy::Generic;
        let d = depth as u32;
        let lower = choose(&lowers, &checks, true, mlir_union, d, num_symbols)?;
        let upper = choose(&uppers, &checks, false, mlir_union, d, num_symbols)?;
        loops.push(PlannedLoop {
            id,
            level,
            desc: chain[level].clone(),
            chain,
            lower,
            upper,
        });
    }
    let placement = if pair.src_first {
        Placement::Start
    } else {
        Placement::End
    };
    let insert_index = match placement {
        Placement::Start => 0,
        Placement::End => path_ops
            .last()
            .and_then(|&l| ForLoop::read(pair.module, l))
            .map_or(0, |f| f.body_ops(pair.module).len()),
    };
    let mut plan = SlicePlan {
        depth,
        common: pair.common,
        path,
        path_ops,
        placement,
        loops,
        valid: None,
        insert_index,
        num_symbols,
    };
    plan.valid = slice_validity(&plan)?;
    Ok(plan)
}

/// Orders loops as they appear in the module.
fn sort_preorder(module: &Module, loops: &mut [(u32, usize, Vec<LoopDesc>)]) {
    let order = module.walk();
    loops.sort_by_key(|(id, _, _)| {
        order
            .iter()
            .position(|o| o.as_u32() == *id)
            .unwrap_or(usize::MAX)
    });
}

/// A system holding the destination's outer loops and a source loop's
/// whole range (with the source loops around it): dims `[p, own loops]`;
/// returns it and the loop's dim.
fn whole_range(
    path: &[LoopDesc],
    chain: &[LoopDesc],
    common: usize,
    depth: usize,
    num_symbols: u32,
) -> Result<(System, usize), Undecided> {
    let own = chain.len() - common;
    let mut sys = System::new(depth + own, num_symbols);
    let path_access = path_only(path, num_symbols);
    let cols: Vec<usize> = (0..depth).collect();
    sys.add_loops(&path_access, depth, &cols)?;
    let chain_cols: Vec<usize> = (0..common).chain(depth..depth + own).collect();
    let chain_access = path_only(chain, num_symbols);
    sys.add_loops(&chain_access, chain.len(), &chain_cols)?;
    Ok((sys, depth + own - 1))
}

/// An access description with only loops (to reuse the domain builder).
pub(crate) fn path_only(loops: &[LoopDesc], num_symbols: u32) -> AccessDesc {
    AccessDesc {
        position: 0,
        memref: u32::MAX,
        is_write: false,
        loops: loops.to_vec(),
        guards: Vec::new(),
        subscripts: AffineMap::constant(0),
        num_symbols,
    }
}

/// The union of the pieces' bounds of one loop: for MLIR's rendering
/// (`mlir_union`), its `unionBoundingBox` — the smallest lower (largest
/// upper) bound when all differ by constants, constant bounds otherwise;
/// for fusion, the first candidate the solver proves to hold in every
/// check system, constant bounds otherwise. `None` leaves the loop its own
/// range.
#[allow(clippy::too_many_arguments)]
fn choose(
    candidates: &[Vec<AffineExpr>],
    checks: &[(System, usize)],
    lower: bool,
    mlir_union: bool,
    num_dims: u32,
    num_symbols: u32,
) -> Result<Option<Vec<AffineExpr>>, Undecided> {
    let singles: Option<Vec<&AffineExpr>> = candidates
        .iter()
        .map(|c| match c.as_slice() {
            [e] => Some(e),
            _ => None,
        })
        .collect();
    if mlir_union && candidates.len() > 1 && candidates.iter().flatten().any(has_division) {
        // MLIR's union gives up on slices with local variables.
        return Err(Undecided(
            "the union of slices with divisions is not computed (as in MLIR)".to_string(),
        ));
    }
    if let (true, Some(singles)) = (mlir_union, singles) {
        if let Some(&first) = singles.first() {
            let offsets: Option<Vec<i64>> = singles
                .iter()
                .map(|e| {
                    ((*e).clone() - first.clone())
                        .simplify(num_dims, num_symbols)
                        .as_constant()
                })
                .collect();
            if let Some(offsets) = offsets {
                let pick = if lower {
                    offsets.iter().enumerate().min_by_key(|(_, &o)| o)
                } else {
                    offsets.iter().enumerate().max_by_key(|(_, &o)| o)
                };
                return Ok(pick.map(|(k, _)| vec![singles[k].clone()]));
            }
            return constant_bound(checks, lower);
        }
    }
    'candidate: for c in candidates {
        if c.is_empty() {
            continue;
        }
        for (sys, col) in checks {
            let iv = AffineExpr::dim(*col as u32);
            for e in c {
                let mut s = sys.clone();
                if lower {
                    // Some point below the bound?
                    s.ge(e.clone() - iv.clone() - 1);
                } else {
                    // Some point at or above the exclusive upper bound?
                    s.ge(iv.clone() - e.clone());
                }
                if !s.is_empty()? {
                    continue 'candidate;
                }
            }
        }
        return Ok(Some(c.clone()));
    }
    constant_bound(checks, lower)
}

/// Whether `e` holds a `floordiv`, `ceildiv` or `mod`.
fn has_division(e: &AffineExpr) -> bool {
    match e.as_binary() {
        None => false,
        Some((BinaryOp::Add | BinaryOp::Mul, l, r)) => has_division(l) || has_division(r),
        Some(_) => true,
    }
}

/// The constant bound of the loop's dim over every check system.
fn constant_bound(
    checks: &[(System, usize)],
    lower: bool,
) -> Result<Option<Vec<AffineExpr>>, Undecided> {
    let mut range: Option<(i64, i64)> = None;
    for (sys, col) in checks {
        match sys.range_of(&AffineExpr::dim(*col as u32))? {
            Range::Bounded(lo, hi) => {
                range = Some(range.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
            }
            Range::Empty => {}
            Range::Unbounded => return Ok(None),
        }
    }
    Ok(range.map(|(lo, hi)| vec![AffineExpr::constant(if lower { lo } else { hi + 1 })]))
}

/// MLIR's `isSliceValid`: no iteration of the slice (for any executed
/// iteration of the destination's outer loops) lies outside the source's
/// domain. `None` when the source's bounds use symbols (MLIR cannot
/// decide then).
fn slice_validity(plan: &SlicePlan) -> Result<Option<bool>, Undecided> {
    for l in &plan.loops {
        let uses_symbols = l
            .chain
            .iter()
            .any(|c| c.lower.num_symbols() > 0 && uses_any_symbol(&c.lower))
            || l.chain.iter().any(|c| uses_any_symbol(&c.upper));
        if uses_symbols {
            return Ok(None);
        }
    }
    for l in &plan.loops {
        let own = l.level + 1 - plan.common;
        let mut sys = System::new(plan.depth + own, plan.num_symbols);
        let p_cols: Vec<usize> = (0..plan.depth).collect();
        sys.add_loops(
            &path_only(&plan.path, plan.num_symbols),
            plan.depth,
            &p_cols,
        )?;
        let cols: Vec<usize> = (0..plan.common)
            .chain(plan.depth..plan.depth + own)
            .collect();
        // The slice's own constraints on every loop of the chain.
        for (k, c) in l.chain.iter().enumerate().skip(plan.common) {
            let iv = AffineExpr::dim(cols[k] as u32);
            match plan.loops.iter().find(|x| x.id == c.id) {
                Some(x) if x.lower.is_some() || x.upper.is_some() => {
                    add_slice_bound(&mut sys, &iv, x, &p_cols, cols.as_slice(), k)?;
                }
                _ => sys.add_bound_pair(&iv, &c.lower, &c.upper, &dim_exprs(&cols[..k]))?,
            }
        }
        // A point outside the loop's own bounds?
        let iv = AffineExpr::dim(cols[l.level] as u32);
        let outer = dim_exprs(&cols[..l.level]);
        for lb in l.desc.lower.results() {
            let mut s = sys.clone();
            s.ge(remap(lb, &outer)? - iv.clone() - 1);
            if !s.is_empty()? {
                return Ok(Some(false));
            }
        }
        for ub in l.desc.upper.results() {
            let mut s = sys.clone();
            s.ge(iv.clone() - remap(ub, &outer)?);
            if !s.is_empty()? {
                return Ok(Some(false));
            }
        }
    }
    Ok(Some(true))
}

/// The slice bounds of `l` on `iv`; a missing side takes the loop's own
/// bound.
fn add_slice_bound(
    sys: &mut System,
    iv: &AffineExpr,
    l: &PlannedLoop,
    p_cols: &[usize],
    cols: &[usize],
    k: usize,
) -> Result<(), Undecided> {
    let p = dim_exprs(p_cols);
    let outer = dim_exprs(&cols[..k]);
    match &l.lower {
        Some(lo) => {
            for e in lo {
                sys.ge(iv.clone() - remap(e, &p)?);
            }
        }
        None => {
            for e in l.desc.lower.results() {
                sys.ge(iv.clone() - remap(e, &outer)?);
            }
        }
    }
    match &l.upper {
        Some(up) => {
            for e in up {
                sys.ge(remap(e, &p)? - iv.clone() - 1);
            }
        }
        None => {
            for e in l.desc.upper.results() {
                sys.ge(remap(e, &outer)? - iv.clone() - 1);
            }
        }
    }
    Ok(())
}

fn uses_any_symbol(map: &AffineMap) -> bool {
    map.results().iter().any(|e| e.symbol_count() > 0)
}

/// The induction variables of `loops`.
pub(crate) fn path_ivs(module: &Module, loops: &[OpId]) -> Vec<Value> {
    loops
        .iter()
        .filter_map(|&l| ForLoop::read(module, l).map(|f| f.iv(module)))
        .collect()
}

/// `line:col` of an op.
pub(crate) fn loc(module: &Module, op: OpId) -> String {
    let l = module.ops[op].loc;
    format!("{}:{}", l.line, l.col)
}

/// The slice of a source nest for one iteration of the destination's
/// outer loops: what [`compute_slice`](super::compute_slice) returns and
/// what `--test-loop-fusion-slice-computation` prints.
#[derive(Clone, Debug, PartialEq)]
pub struct SliceBounds {
    /// The destination loops around the slice, outermost first (including
    /// loops around both nests).
    pub dst_loops: Vec<OpId>,
    /// Start or end of the innermost destination loop's body.
    pub placement: Placement,
    /// The index in that body at which the slice goes.
    pub insert_index: usize,
    /// Per source loop of the slice, outermost first: the loop and its new
    /// bounds over [`SliceBounds::operands`], the upper bound exclusive;
    /// `None` keeps that bound of the loop. Loops around both nests come
    /// first, with their own bounds.
    pub loops: Vec<(OpId, Option<AffineMap>, Option<AffineMap>)>,
    /// The values of the maps' dims — the induction variables of the
    /// destination's loops down to the depth, below the loops around both
    /// nests — then of their symbols: the induction variables of the loops
    /// around both nests, then the function's symbols the bounds use.
    pub operands: Vec<Value>,
    /// Whether every iteration of the slice is an iteration of the source
    /// (MLIR's `isSliceValid`; `None` when MLIR could not decide because
    /// of symbols). Fusion keeps the source's own bounds where needed, so
    /// it never runs an iteration outside the source.
    pub within_source: Option<bool>,
}

impl SliceBounds {
    /// Builds the public form of a plan. As MLIR does, the induction
    /// variables of loops around both nests are symbols of the maps (the
    /// first ones), then come the function's symbols the bounds use; the
    /// dims are the destination's own loops down to the depth.
    pub(crate) fn from_plan(
        plan: &SlicePlan,
        path_ivs: &[Value],
        symbols: &[Value],
    ) -> SliceBounds {
        let c0 = plan.common;
        let mut exprs: Vec<&AffineExpr> = Vec::new();
        for l in &plan.loops {
            exprs.extend(l.lower.iter().chain(&l.upper).flatten());
        }
        let common_bounds: Vec<(Vec<AffineExpr>, Vec<AffineExpr>)> = plan.path[..c0]
            .iter()
            .map(|l| (l.lower.results().to_vec(), l.upper.results().to_vec()))
            .collect();
        for (lo, up) in &common_bounds {
            exprs.extend(lo.iter().chain(up));
        }
        // Keep only the global symbols some bound uses.
        let mut used: BTreeMap<u32, u32> = BTreeMap::new();
        for e in &exprs {
            for s in 0..plan.num_symbols {
                if e.is_function_of_symbol(s) {
                    let next = used.len() as u32;
                    used.entry(s).or_insert(next);
                }
            }
        }
        let mut sym_repl: Vec<AffineExpr> = (0..plan.num_symbols).map(AffineExpr::symbol).collect();
        let mut values: Vec<Option<Value>> =
            path_ivs[c0..plan.depth].iter().copied().map(Some).collect();
        values.extend(path_ivs[..c0].iter().copied().map(Some));
        let mut globals = vec![None; used.len()];
        for (&old, &new) in &used {
            sym_repl[old as usize] = AffineExpr::symbol(c0 as u32 + new);
            globals[new as usize] = symbols.get(old as usize).copied();
        }
        values.extend(globals);
        let dim_repl: Vec<AffineExpr> = (0..plan.depth)
            .map(|k| {
                if k < c0 {
                    AffineExpr::symbol(k as u32)
                } else {
                    AffineExpr::dim((k - c0) as u32)
                }
            })
            .collect();
        let nd = (plan.depth - c0) as u32;
        let ns = (c0 + used.len()) as u32;
        let to_map = |exprs: Option<&Vec<AffineExpr>>| -> Option<AffineMap> {
            let results: Vec<AffineExpr> = exprs?
                .iter()
                .map(|e| {
                    e.replace_dims_and_symbols(&dim_repl, &sym_repl)
                        .unwrap_or_else(|_| e.clone())
                        .simplify(nd, ns)
                })
                .collect();
            AffineMap::new(nd, ns, results).ok()
        };
        let mut loops: Vec<(OpId, Option<AffineMap>, Option<AffineMap>)> = plan.path_ops[..c0]
            .iter()
            .zip(&common_bounds)
            .map(|(&op, (lo, up))| (op, to_map(Some(lo)), to_map(Some(up))))
            .collect();
        loops.extend(plan.loops.iter().map(|l| {
            (
                OpId::from_u32(l.id),
                to_map(l.lower.as_ref()),
                to_map(l.upper.as_ref()),
            )
        }));
        SliceBounds {
            dst_loops: plan.path_ops.clone(),
            placement: plan.placement,
            insert_index: plan.insert_index,
            loops,
            operands: values.into_iter().flatten().collect(),
            within_source: plan.valid,
        }
    }
}

impl fmt::Display for SliceBounds {
    /// MLIR's rendering in `--test-loop-fusion-slice-computation` remarks:
    /// `insert point: (DEPTH, INDEX) loop bounds: [LB, UB] ...`, a missing
    /// bound printed as MLIR prints a null map.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "insert point: ({}, {}) loop bounds: ",
            self.dst_loops.len(),
            self.insert_index
        )?;
        for (_, lo, up) in &self.loops {
            let show = |m: &Option<AffineMap>| {
                m.as_ref()
                    .map_or("<<NULL AFFINE MAP>>".to_string(), |m| m.to_string())
            };
            write!(f, "[{}, {}] ", show(lo), show(up))?;
        }
        Ok(())
    }
}

//! When fusing a slice is legal.
//!
//! After fusion at depth `d` the program runs, for each iteration `p` of
//! the destination's outer `d` loops, the slice `S(p)` of the source (in
//! the source's own order) and then the destination's body. Every check
//! below is an exact emptiness question on a polyhedron over instances of
//! the fused program, whose accesses are modelled as access descriptions:
//! a slice access runs under the destination loops `L_1..L_d` and then its
//! own loops with the slice's bounds. Nothing is decided on "unknown": a
//! system the solver cannot build or decide blocks the fusion.
//!
//! Two ways make the fused program equal to the original:
//!
//! - **Single execution.** The slices are pairwise disjoint and together
//!   cover every source iteration, so the fused program runs exactly the
//!   original instances in another order, and the source nest is removed.
//!   It is legal when no dependence is reversed: between a source and a
//!   destination instance (the source ran first), and between two source
//!   instances placed in different slices.
//! - **Replay.** Slices overlap (a stencil's producer point is needed by
//!   three consumer points): source iterations run again, possibly after
//!   the whole source ran once where it was. This is legal when each
//!   replayed unit computes the same values every time: the sliced loops
//!   are outer loops of the source's perfect band, the units they define
//!   (one iteration of those loops) depend on no other unit, no sliced
//!   loop carries values, and every read of an element a unit writes is
//!   preceded in the unit by a write of that element with the same
//!   subscripts (so a reduction that re-initialises is fine, an in-place
//!   update `A[i] += 1` is not). Then a replay after a destination read
//!   only rewrites the value the read saw, so read-after-write pairs need
//!   no order; every other pair (a replayed write or read after a
//!   destination write of that element) must keep its order. The source
//!   nest is removed when the slices cover it or when everything it
//!   writes is dead outside the two nests.

use std::collections::BTreeSet;
use std::fmt;

use tessera_affine::{AffineExpr, AffineMap, IntegerSet};
use tessera_ir::{Module, OpId};
use tessera_polyhedral::PresburgerSet;

use super::model::Footprint;
use super::poly::{remap, System, Undecided};
use super::slice::{loc, path_only, NestPair, Placement, PlannedLoop, SlicePlan};
use crate::dependence::{carried_dependence, AccessDesc, Guard, LoopDesc};
use crate::passes::permute::perfectly_nested_loops;

/// Added to a source loop's id to name its copy in the slice.
const SLICE_LOOP_FLAG: u32 = 1 << 31;

/// Why two loop nests cannot be fused (at some depth, or at all).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FusionBlocked {
    /// The ops are not fusible loop nests of one block: not `affine.for`,
    /// loops with results, ops the model cannot clone or see.
    #[error("{0}")]
    Precondition(String),
    /// No slice exists at the depth.
    #[error("no slice at depth {depth}: {why}")]
    NoSlice {
        /// The depth (counting from the destination's outermost loop).
        depth: usize,
        /// Why.
        why: String,
    },
    /// An op between the nests depends on one and is depended on by the
    /// other, so they cannot be brought together.
    #[error("the op at {op} between the nests is in the way: {why}")]
    BlockDependence {
        /// `line:col` of the op.
        op: String,
        /// How it is tied to the nests.
        why: String,
    },
    /// Fusion would run two dependent instances in the other order.
    #[error("{0}")]
    Dependence(Reversal),
    /// The slice would run source iterations again (or leave some out)
    /// and running them again is not known to be harmless.
    #[error("at depth {depth} {why}")]
    Replay {
        /// The depth (counting from the destination's outermost loop).
        depth: usize,
        /// Why.
        why: String,
    },
    /// The analysis could not decide (a solver limit, a non-affine term):
    /// fusion is refused.
    #[error("could not decide legality: {0}")]
    Undecided(String),
}

impl From<Undecided> for FusionBlocked {
    fn from(u: Undecided) -> Self {
        FusionBlocked::Undecided(u.0)
    }
}

/// A dependence a fusion would reverse, with a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reversal {
    /// `line:col` of the access that ran first.
    pub first: String,
    /// `line:col` of the access that ran second.
    pub second: String,
    /// The fusion depth.
    pub depth: usize,
    /// What the witness shows.
    pub detail: String,
}

impl fmt::Display for Reversal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "fusing at depth {} would reverse the dependence from the access at {} to the access at {} ({})",
            self.depth, self.first, self.second, self.detail
        )
    }
}

/// How the fused program relates to the original.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Regime {
    /// Every source iteration runs exactly once, in the slices.
    SingleExecution,
    /// Slices replay source units; the source may stay where it was.
    Replay,
}

/// Final bounds of one source loop in the slice, over the fused dims:
/// `[p (depth dims), the source's own loops outside it]` and symbols.
#[derive(Clone, Debug)]
pub(crate) struct FinalLoop {
    /// The source loop id.
    pub id: u32,
    /// Lower bounds (maximum).
    pub lower: Vec<AffineExpr>,
    /// Upper bounds, exclusive (minimum).
    pub upper: Vec<AffineExpr>,
    /// Number of dims of the bound maps.
    pub num_dims: u32,
    /// Whether these differ from the loop's own bounds.
    pub sliced: bool,
}

/// A legal fusion of a slice.
#[derive(Clone, Debug)]
pub(crate) struct Decision {
    /// The slice.
    pub plan: SlicePlan,
    /// Final bounds of every source loop that has accesses, by id.
    pub finals: Vec<FinalLoop>,
    /// How it is legal.
    pub regime: Regime,
    /// Whether the source nest goes away.
    pub remove_src: bool,
}

/// The largest constant loop bound of a nest that fusion plans slices
/// for: far beyond any memref a nest can index, and small enough that the
/// dependence and slice systems keep small numbers (a mutated nest with a
/// bound of 3037000500 made each fusion attempt's exact searches take
/// seconds, and `--test-loop-fusion` minutes).
const MAX_CONSTANT_BOUND: i64 = 1 << 31;

/// A loop in `nest` with a constant bound beyond [`MAX_CONSTANT_BOUND`].
fn huge_constant_bound(m: &tessera_ir::Module, nest: tessera_ir::OpId) -> Option<tessera_ir::OpId> {
    let mut ops = Vec::new();
    m.walk_from(nest, &mut ops);
    ops.into_iter().find(|&op| {
        crate::loops::ForLoop::read(m, op).is_some_and(|l| {
            l.lower
                .map
                .results()
                .iter()
                .chain(l.upper.map.results())
                .filter_map(|e| e.as_constant())
                .any(|c| c.unsigned_abs() > MAX_CONSTANT_BOUND as u64)
        })
    })
}

/// Structural conditions that do not depend on the depth.
pub(crate) fn preconditions(
    pair: &NestPair,
    src: &Footprint,
    dst: &Footprint,
) -> Result<(), FusionBlocked> {
    let m = pair.module;
    let conflicts = src.conflicts(m, dst);
    for (what, op) in [("source", pair.src), ("destination", pair.dst)] {
        if m.ops[op].name != "affine.for" {
            return Err(FusionBlocked::Precondition(format!(
                "the {what} at {} is not an affine.for",
                loc(m, op)
            )));
        }
        if !m.ops[op].results.is_empty() {
            return Err(FusionBlocked::Precondition(format!(
                "the {what} loop at {} has results",
                loc(m, op)
            )));
        }
    }
    for (what, op) in [("source", pair.src), ("destination", pair.dst)] {
        if let Some(at) = huge_constant_bound(m, op) {
            return Err(FusionBlocked::Precondition(format!(
                "the {what} has a loop bound beyond ±{MAX_CONSTANT_BOUND} at {}: its slices' integer programs would work on huge numbers",
                loc(m, at)
            )));
        }
    }
    if m.ops[pair.src].parent != m.ops[pair.dst].parent || pair.src == pair.dst {
        return Err(FusionBlocked::Precondition(
            "the nests are not two loops of one block".to_string(),
        ));
    }
    if !src.clonable {
        return Err(FusionBlocked::Precondition(format!(
            "the source at {} holds an op the model cannot see or clone",
            loc(m, pair.src)
        )));
    }
    if dst.touches_unknown_memory && !conflicts.is_empty()
        || conflicts.iter().any(|v| dst.opaque.contains(v))
    {
        return Err(FusionBlocked::Precondition(format!(
            "the destination at {} touches a memref the source also touches in a way the model cannot see",
            loc(m, pair.dst)
        )));
    }
    Ok(())
}

/// The access descriptions of the fused program.
pub(crate) struct FusedModel {
    /// Per source access (same order as `pair.src_accesses`): its slice copy.
    pub src: Vec<AccessDesc>,
    /// Per destination access: its description with the fused position.
    pub dst: Vec<AccessDesc>,
}

/// Remaps a source loop-level dim (absolute level `i`) to the fused dims.
fn fused_dim(i: usize, common: usize, depth: usize) -> AffineExpr {
    if i < common {
        AffineExpr::dim(i as u32)
    } else {
        AffineExpr::dim((depth + i - common) as u32)
    }
}

fn fused_dims(n: usize, common: usize, depth: usize) -> Vec<AffineExpr> {
    (0..n).map(|i| fused_dim(i, common, depth)).collect()
}

/// The final bounds of every source loop that holds an access: the slice's
/// bounds, plus the loop's own where the slice does not imply them.
pub(crate) fn final_loops(
    pair: &NestPair,
    plan: &SlicePlan,
) -> Result<Vec<FinalLoop>, FusionBlocked> {
    let model = pair.model;
    let (d, c0) = (plan.depth, plan.common);
    let ns = model.num_symbols();
    // Every source loop with an access, with its chain, outermost first.
    let mut chains: Vec<Vec<LoopDesc>> = Vec::new();
    for &a in &pair.src_accesses {
        let Some(da) = model.desc(a) else { continue };
        for level in c0..da.loops.len() {
            if !chains
                .iter()
                .any(|c| c.len() == level + 1 && c[level].id == da.loops[level].id)
            {
                chains.push(da.loops[..=level].to_vec());
            }
        }
    }
    chains.sort_by_key(Vec::len);
    let mut finals: Vec<FinalLoop> = Vec::new();
    for chain in &chains {
        let level = chain.len() - 1;
        let l = &chain[level];
        let own = level - c0;
        let outer = fused_dims(level, c0, d);
        let orig_lower: Vec<AffineExpr> = l
            .lower
            .results()
            .iter()
            .map(|e| remap(e, &outer))
            .collect::<Result<_, _>>()?;
        let orig_upper: Vec<AffineExpr> = l
            .upper
            .results()
            .iter()
            .map(|e| remap(e, &outer))
            .collect::<Result<_, _>>()?;
        let planned: Option<&PlannedLoop> = plan
            .loops
            .iter()
            .find(|p| p.id == l.id && (p.lower.is_some() || p.upper.is_some()));
        let Some(p) = planned else {
            finals.push(FinalLoop {
                id: l.id,
                lower: orig_lower,
                upper: orig_upper,
                num_dims: (d + own) as u32,
                sliced: false,
            });
            continue;
        };
        // The context: destination loops, the outer source loops' final
        // bounds, this loop's slice bounds.
        let mut sys = System::new(d + own + 1, ns);
        let p_cols: Vec<usize> = (0..d).collect();
        sys.add_loops(&path_only(&plan.path, ns), d, &p_cols)?;
        for (k, outer_loop) in chain.iter().enumerate().take(level).skip(c0) {
            let f = finals
                .iter()
                .find(|f| f.id == outer_loop.id)
                .ok_or_else(|| Undecided("an outer loop without bounds".to_string()))?;
            let iv = AffineExpr::dim((d + k - c0) as u32);
            for e in &f.lower {
                sys.ge(iv.clone() - e.clone());
            }
            for e in &f.upper {
                sys.ge(e.clone() - iv.clone() - 1);
            }
        }
        let iv = AffineExpr::dim((d + own) as u32);
        let slice_lower = p.lower.clone().unwrap_or_default();
        let slice_upper = p.upper.clone().unwrap_or_default();
        // Does the slice restrict the loop at all? Not when every
        // iteration of its own range satisfies the slice's bounds.
        let mut own_range = sys.clone();
        for e in &orig_lower {
            own_range.ge(iv.clone() - e.clone());
        }
        for e in &orig_upper {
            own_range.ge(e.clone() - iv.clone() - 1);
        }
        let mut restricts = false;
        for e in &slice_lower {
            let mut s = own_range.clone();
            s.ge(e.clone() - iv.clone() - 1);
            restricts |= !s.is_empty()?;
        }
        for e in &slice_upper {
            let mut s = own_range.clone();
            s.ge(iv.clone() - e.clone());
            restricts |= !s.is_empty()?;
        }
        if !restricts {
            finals.push(FinalLoop {
                id: l.id,
                lower: orig_lower,
                upper: orig_upper,
                num_dims: (d + own) as u32,
                sliced: false,
            });
            continue;
        }
        // A loop carrying values cannot be cut into slices (its results
        // would be partial), nor can a loop inside one.
        if let Some(carrier) = chain[c0..]
            .iter()
            .find(|c| !pair.module.ops[OpId::from_u32(c.id)].results.is_empty())
        {
            return Err(FusionBlocked::Precondition(format!(
                "the source loop at {} carries values and the slice would cut it",
                loc(pair.module, OpId::from_u32(carrier.id))
            )));
        }
        if l.step != 1 {
            return Err(FusionBlocked::Precondition(format!(
                "the source loop at {} has step {}, which a slice cannot keep",
                loc(pair.module, OpId::from_u32(l.id)),
                l.step
            )));
        }
        for e in &slice_lower {
            sys.ge(iv.clone() - e.clone());
        }
        for e in &slice_upper {
            sys.ge(e.clone() - iv.clone() - 1);
        }
        let mut lower = slice_lower.clone();
        for e in &orig_lower {
            let mut s = sys.clone();
            s.ge(e.clone() - iv.clone() - 1);
            if !s.is_empty()? || slice_lower.is_empty() {
                lower.push(e.clone());
            }
        }
        let mut upper = slice_upper.clone();
        for e in &orig_upper {
            let mut s = sys.clone();
            s.ge(iv.clone() - e.clone());
            if !s.is_empty()? || slice_upper.is_empty() {
                upper.push(e.clone());
            }
        }
        finals.push(FinalLoop {
            id: l.id,
            lower,
            upper,
            num_dims: (d + own) as u32,
            sliced: true,
        });
    }
    Ok(finals)
}

/// The positions of the fused program: slice accesses right at the
/// insertion point, destination accesses after it shifted.
pub(crate) fn fused_model(
    pair: &NestPair,
    plan: &SlicePlan,
    finals: &[FinalLoop],
) -> Result<FusedModel, FusionBlocked> {
    let model = pair.model;
    let (d, c0) = (plan.depth, plan.common);
    let ld = plan.path.last().map(|l| l.id);
    let inside: Vec<usize> = pair
        .dst_accesses
        .iter()
        .filter_map(|&b| model.desc(b))
        .filter(|db| db.loops.len() >= d && Some(db.loops[d - 1].id) == ld)
        .map(|db| db.position)
        .collect();
    let n_src = pair.src_accesses.len();
    let base = match plan.placement {
        Placement::Start => inside.iter().min().copied().unwrap_or(0),
        Placement::End => inside.iter().max().map_or(0, |&m| m + 1),
    };
    let mut dst = Vec::new();
    for &b in &pair.dst_accesses {
        let Some(db) = model.desc(b) else {
            // Unmodelled destination accesses touch no memref the source
            // touches (checked by the preconditions).
            continue;
        };
        let mut f = db.clone();
        if f.position >= base {
            f.position += n_src;
        }
        dst.push(f);
    }
    let mut src = Vec::new();
    for (k, &a) in pair.src_accesses.iter().enumerate() {
        let Some(da) = model.desc(a) else {
            return Err(FusionBlocked::Precondition(format!(
                "the source access at {} is not modelled exactly",
                loc(pair.module, model.op(a))
            )));
        };
        let mut loops = plan.path.clone();
        for level in c0..da.loops.len() {
            let l = &da.loops[level];
            let f = finals
                .iter()
                .find(|f| f.id == l.id)
                .ok_or_else(|| Undecided("a source loop without final bounds".to_string()))?;
            let lower = AffineMap::new(f.num_dims, da.num_symbols, f.lower.clone())
                .map_err(|e| Undecided(e.to_string()))?;
            let upper = AffineMap::new(f.num_dims, da.num_symbols, f.upper.clone())
                .map_err(|e| Undecided(e.to_string()))?;
            loops.push(LoopDesc {
                id: l.id | SLICE_LOOP_FLAG,
                lower,
                upper,
                step: l.step,
            });
        }
        let n = loops.len() as u32;
        let dims = fused_dims(da.loops.len(), c0, d);
        let mut guards = Vec::new();
        for g in &da.guards {
            let k = g.set.num_dims() as usize;
            let nd = if k == 0 { 0 } else { (d + k - c0) as u32 };
            let constraints = g
                .set
                .constraints()
                .iter()
                .map(|c| {
                    remap(&c.expr, &dims[..k])
                        .map(|expr| tessera_affine::Constraint { expr, kind: c.kind })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let set = IntegerSet::new(nd, da.num_symbols, constraints)
                .map_err(|e| Undecided(e.to_string()))?;
            guards.push(Guard {
                set,
                holds: g.holds,
            });
        }
        let subscripts = AffineMap::new(
            n,
            da.num_symbols,
            da.subscripts
                .results()
                .iter()
                .map(|e| remap(e, &dims))
                .collect::<Result<_, _>>()?,
        )
        .map_err(|e| Undecided(e.to_string()))?;
        src.push(AccessDesc {
            position: base + k,
            memref: da.memref,
            is_write: da.is_write,
            loops,
            guards,
            subscripts,
            num_symbols: da.num_symbols,
        });
    }
    Ok(FusedModel { src, dst })
}

fn access_loc(pair: &NestPair, i: usize) -> String {
    loc(pair.module, pair.model.op(i))
}

/// A reversed dependence between a slice access and a destination access,
/// if any. `skip_raw`: ignore pairs where the source writes and the
/// destination reads (legal under replay).
fn src_dst_reversal(
    pair: &NestPair,
    plan: &SlicePlan,
    fused: &FusedModel,
    skip_raw: bool,
) -> Result<Option<Reversal>, FusionBlocked> {
    let model = pair.model;
    let c0 = plan.common;
    let dst_modelled: Vec<usize> = pair
        .dst_accesses
        .iter()
        .copied()
        .filter(|&b| model.desc(b).is_some())
        .collect();
    for (ka, &a) in pair.src_accesses.iter().enumerate() {
        let fa = &fused.src[ka];
        for (kb, &b) in dst_modelled.iter().enumerate() {
            let fb = &fused.dst[kb];
            if model.memrefs[a] != model.memrefs[b] || !(fa.is_write || fb.is_write) {
                continue;
            }
            if skip_raw && fa.is_write && !fb.is_write {
                continue;
            }
            // In the original the earlier nest's instance ran first; find a
            // pair the fused program runs in the other order.
            let (first, second, first_i, second_i) = match plan.placement {
                Placement::Start => (fb, fa, b, a),
                Placement::End => (fa, fb, a, b),
            };
            let shared = first.common_loops(second);
            for depth in c0 + 1..=shared + 1 {
                let n1 = first.loops.len();
                let mut sys = System::new(n1 + second.loops.len(), model.num_symbols());
                let c1: Vec<usize> = (0..n1).collect();
                let c2: Vec<usize> = (n1..n1 + second.loops.len()).collect();
                if !sys.add_order(first, &c1, second, &c2, depth) {
                    continue;
                }
                sys.add_domain(first, &c1)?;
                sys.add_domain(second, &c2)?;
                sys.add_same_element(first, &c1, second, &c2)?;
                if let Some(point) = sys.sample()? {
                    let (orig_first, orig_second) = (second_i, first_i);
                    return Ok(Some(Reversal {
                        first: access_loc(pair, orig_first),
                        second: access_loc(pair, orig_second),
                        depth: plan.depth,
                        detail: format!(
                            "after fusion the instance {:?} of the access at {} runs before the instance {:?} of the access at {}",
                            &point[..n1],
                            access_loc(pair, first_i),
                            &point[n1..n1 + second.loops.len()],
                            access_loc(pair, second_i)
                        ),
                    }));
                }
            }
        }
    }
    Ok(None)
}

/// Columns of two slice instances of source accesses `a1`, `a2` sharing
/// the common loops: `[common, p1, s1, p2, s2]`.
struct TwoSlices {
    cols1: Vec<usize>,
    cols2: Vec<usize>,
    p1: Vec<usize>,
    p2: Vec<usize>,
    own1: Vec<usize>,
    own2: Vec<usize>,
    num_dims: usize,
}

fn two_slices(plan: &SlicePlan, n1: usize, n2: usize, share_own: bool) -> TwoSlices {
    let (d, c0) = (plan.depth, plan.common);
    let r = d - c0;
    let common: Vec<usize> = (0..c0).collect();
    let p1: Vec<usize> = (c0..c0 + r).collect();
    let own1: Vec<usize> = (c0 + r..c0 + r + n1).collect();
    let p2: Vec<usize> = (c0 + r + n1..c0 + 2 * r + n1).collect();
    let own2: Vec<usize> = if share_own {
        own1.clone()
    } else {
        (c0 + 2 * r + n1..c0 + 2 * r + n1 + n2).collect()
    };
    let num_dims = if share_own {
        c0 + 2 * r + n1
    } else {
        c0 + 2 * r + n1 + n2
    };
    let cols1 = common.iter().chain(&p1).chain(&own1).copied().collect();
    let cols2 = common.iter().chain(&p2).chain(&own2).copied().collect();
    TwoSlices {
        cols1,
        cols2,
        p1,
        p2,
        own1,
        own2,
        num_dims,
    }
}

/// Whether some source instance belongs to two slices.
fn slices_overlap(
    pair: &NestPair,
    plan: &SlicePlan,
    fused: &FusedModel,
) -> Result<bool, FusionBlocked> {
    let c0 = plan.common;
    let r = plan.depth - c0;
    for fa in &fused.src {
        let own = fa.loops.len() - plan.depth;
        let t = two_slices(plan, own, own, true);
        for level in 0..r {
            let mut sys = System::new(t.num_dims, pair.model.num_symbols());
            sys.add_domain(fa, &t.cols1)?;
            sys.add_domain(fa, &t.cols2)?;
            sys.add_lex_less(&t.p1, &t.p2, level);
            if !sys.is_empty()? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// A dependence between two source instances that the slices' order
/// reverses (single execution only).
fn src_src_reversal(
    pair: &NestPair,
    plan: &SlicePlan,
    fused: &FusedModel,
) -> Result<Option<Reversal>, FusionBlocked> {
    let model = pair.model;
    let c0 = plan.common;
    let r = plan.depth - c0;
    for (k1, &a1) in pair.src_accesses.iter().enumerate() {
        for (k2, &a2) in pair.src_accesses.iter().enumerate() {
            let (f1, f2) = (&fused.src[k1], &fused.src[k2]);
            if model.memrefs[a1] != model.memrefs[a2] || !(f1.is_write || f2.is_write) {
                continue;
            }
            let (Some(o1), Some(o2)) = (model.desc(a1), model.desc(a2)) else {
                continue;
            };
            let (n1, n2) = (o1.loops.len() - c0, o2.loops.len() - c0);
            let t = two_slices(plan, n1, n2, false);
            let common: Vec<usize> = (0..c0).collect();
            let orig1: Vec<usize> = common.iter().chain(&t.own1).copied().collect();
            let orig2: Vec<usize> = common.iter().chain(&t.own2).copied().collect();
            let shared = o1.common_loops(o2);
            for depth in c0 + 1..=shared + 1 {
                for level in 0..r {
                    let mut sys = System::new(t.num_dims, model.num_symbols());
                    if !sys.add_order(o1, &orig1, o2, &orig2, depth) {
                        continue;
                    }
                    sys.add_domain(f1, &t.cols1)?;
                    sys.add_domain(f2, &t.cols2)?;
                    sys.add_same_element(f1, &t.cols1, f2, &t.cols2)?;
                    // The second instance's slice runs first.
                    sys.add_lex_less(&t.p2, &t.p1, level);
                    if let Some(point) = sys.sample()? {
                        return Ok(Some(Reversal {
                            first: access_loc(pair, a1),
                            second: access_loc(pair, a2),
                            depth: plan.depth,
                            detail: format!(
                                "the source instance {:?} would run in the slice for {:?}, after the slice for {:?} holding the instance {:?}",
                                pick(&point, &orig1),
                                pick(&point, &common.iter().chain(&t.p1).copied().collect::<Vec<_>>()),
                                pick(&point, &common.iter().chain(&t.p2).copied().collect::<Vec<_>>()),
                                pick(&point, &orig2),
                            ),
                        }));
                    }
                }
            }
        }
    }
    Ok(None)
}

fn pick(point: &[i64], cols: &[usize]) -> Vec<i64> {
    cols.iter().map(|&c| point[c]).collect()
}

/// Whether every source instance lies in some slice (proven exactly;
/// `false` when it cannot be proven).
fn slices_cover(
    pair: &NestPair,
    plan: &SlicePlan,
    fused: &FusedModel,
) -> Result<bool, FusionBlocked> {
    let model = pair.model;
    let (d, c0) = (plan.depth, plan.common);
    let ns = model.num_symbols();
    for (k, &a) in pair.src_accesses.iter().enumerate() {
        let Some(orig) = model.desc(a) else {
            return Ok(false);
        };
        let m = orig.loops.len();
        // Dims: [s (m), p below the common loops (d - c0)].
        let mut covered = System::new(m + d - c0, ns);
        let cols: Vec<usize> = (0..c0).chain(m..m + d - c0).chain(c0..m).collect();
        covered.add_domain(&fused.src[k], &cols)?;
        let mut domain = System::new(m, ns);
        domain.add_domain(orig, &(0..m).collect::<Vec<_>>())?;
        if !covered.is_exact() || !domain.is_exact() {
            return Ok(false);
        }
        let project: Vec<usize> = (m..m + d - c0).collect();
        let mut union: Option<PresburgerSet> = None;
        for rel in covered.relations()? {
            let Ok(p) = rel.project_out(&project) else {
                return Ok(false);
            };
            if !p.exact {
                return Ok(false);
            }
            let piece = PresburgerSet::from_relation(p.relation);
            union = Some(match union {
                None => piece,
                Some(u) => u.union(&piece).map_err(|e| Undecided(e.to_string()))?,
            });
        }
        let Some(union) = union else {
            return Ok(false);
        };
        for rel in domain.relations()? {
            let set = PresburgerSet::from_relation(rel);
            match set.is_subset(&union) {
                Ok(true) => {}
                _ => return Ok(false),
            }
        }
    }
    Ok(true)
}

/// Why replaying the slice is not allowed, if it is not.
fn replay_obstacle(pair: &NestPair, plan: &SlicePlan, finals: &[FinalLoop]) -> Option<String> {
    let module = pair.module;
    let model = pair.model;
    let c0 = plan.common;
    if plan.placement != Placement::Start {
        return Some("a slice of a later nest cannot be replayed".to_string());
    }
    let band = perfectly_nested_loops(module, pair.src);
    let bounded: Vec<u32> = finals.iter().filter(|f| f.sliced).map(|f| f.id).collect();
    let mut unit_depth = 0;
    for id in &bounded {
        match band.iter().position(|o| o.as_u32() == *id) {
            Some(k) => unit_depth = unit_depth.max(k + 1),
            None => {
                return Some(format!(
                    "the sliced loop at {} is not in the source's outer perfect band",
                    loc(module, OpId::from_u32(*id))
                ))
            }
        }
    }
    let descs: Vec<AccessDesc> = pair
        .src_accesses
        .iter()
        .filter_map(|&a| model.desc(a).cloned())
        .collect();
    for &l in &band[..unit_depth] {
        if !module.ops[l].results.is_empty() {
            return Some(format!(
                "the sliced loop at {} carries values",
                loc(module, l)
            ));
        }
        if let Some(b) = carried_dependence(&descs, l.as_u32()) {
            return Some(format!(
                "the loop at {} carries a dependence (from access {} to access {}), so its iterations cannot be replayed apart",
                loc(module, l),
                b.source,
                b.sink
            ));
        }
    }
    // Idempotence: every read of a memref the source writes is preceded, in
    // its unit, by a write of the same element.
    let written: BTreeSet<_> = pair
        .src_accesses
        .iter()
        .filter(|&&a| model.is_write(a))
        .filter_map(|&a| model.memrefs[a])
        .collect();
    for &r in &pair.src_accesses {
        if model.is_write(r) || !model.memrefs[r].is_some_and(|m| written.contains(&m)) {
            continue;
        }
        let Some(dr) = model.desc(r) else {
            return Some("an unmodelled source access".to_string());
        };
        let covered = pair.src_accesses.iter().any(|&w| {
            model.is_write(w)
                && model.memrefs[w] == model.memrefs[r]
                && model.desc(w).is_some_and(|dw| {
                    must_write_before(module, model.op(w), dw, model.op(r), dr, c0 + unit_depth)
                })
        });
        if !covered {
            return Some(format!(
                "the source reads at {} an element it writes without writing it first, so running it twice changes the result",
                loc(module, model.op(r))
            ));
        }
    }
    None
}

/// Whether store `w` writes, before read `r` and in every iteration of the
/// loops around `w`, the element `r` reads: `w`'s loops are outer loops of
/// `r` (at least `min_depth` of them), `w` sits unguarded in the body of
/// its innermost loop before the op holding `r`, and the subscripts agree.
fn must_write_before(
    module: &Module,
    w: OpId,
    dw: &AccessDesc,
    r: OpId,
    dr: &AccessDesc,
    min_depth: usize,
) -> bool {
    let nw = dw.loops.len();
    if nw < min_depth || nw == 0 || nw > dr.loops.len() {
        return false;
    }
    if dw.loops.iter().zip(&dr.loops).any(|(a, b)| a.id != b.id) {
        return false;
    }
    if dw.guards.iter().any(|g| g.set.num_dims() > 0) {
        return false;
    }
    let Some(block) = module.ops[w].parent else {
        return false;
    };
    if module.block_parent_op(block).map(|o| o.as_u32()) != Some(dw.loops[nw - 1].id) {
        return false;
    }
    // The op of `block` holding `r`.
    let mut holder = r;
    while module.ops[holder].parent != Some(block) {
        match module.parent_op(holder) {
            Some(p) => holder = p,
            None => return false,
        }
    }
    let ops = &module.blocks[block].ops;
    let (Some(iw), Some(ir)) = (
        ops.iter().position(|&o| o == w),
        ops.iter().position(|&o| o == holder),
    ) else {
        return false;
    };
    if iw >= ir {
        return false;
    }
    let nd = dr.loops.len() as u32;
    let ns = dr.num_symbols;
    dw.subscripts.results().len() == dr.subscripts.results().len()
        && dw
            .subscripts
            .results()
            .iter()
            .zip(dr.subscripts.results())
            .all(|(a, b)| a.simplify(nd, ns) == b.simplify(nd, ns))
}

/// Decides whether the slice `plan` of `pair` can be fused, and how.
/// `written_dead`: every memref the source writes is dead outside the two
/// nests (so uncovered source iterations may be dropped).
pub(crate) fn decide(
    pair: &NestPair,
    plan: SlicePlan,
    written_dead: bool,
) -> Result<Decision, FusionBlocked> {
    let finals = final_loops(pair, &plan)?;
    let fused = fused_model(pair, &plan, &finals)?;
    // Single execution: disjoint slices covering the source, no reversal.
    let overlap = slices_overlap(pair, &plan, &fused)?;
    let mut first_block: Option<FusionBlocked> = None;
    if !overlap {
        if let Some(r) = src_dst_reversal(pair, &plan, &fused, false)? {
            first_block = Some(FusionBlocked::Dependence(r));
        } else if let Some(r) = src_src_reversal(pair, &plan, &fused)? {
            first_block = Some(FusionBlocked::Dependence(r));
        } else if slices_cover(pair, &plan, &fused)? {
            return Ok(Decision {
                plan,
                finals,
                regime: Regime::SingleExecution,
                remove_src: true,
            });
        }
    }
    // Replay.
    match replay_obstacle(pair, &plan, &finals) {
        None => {
            if let Some(r) = src_dst_reversal(pair, &plan, &fused, true)? {
                return Err(FusionBlocked::Dependence(r));
            }
            let remove_src = written_dead || slices_cover(pair, &plan, &fused)?;
            Ok(Decision {
                plan,
                finals,
                regime: Regime::Replay,
                remove_src,
            })
        }
        Some(why) => Err(first_block.unwrap_or(FusionBlocked::Replay {
            depth: plan.depth - plan.common,
            why: if overlap {
                format!("the slices overlap and {why}")
            } else {
                format!("the slices do not provably cover the source and {why}")
            },
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loops::outermost_loops;
    use crate::passes::fusion::model::FunctionModel;
    use crate::passes::fusion::slice::{plan_slice, Strategy};
    use tessera_ir::parse_and_verify;

    /// Decides the fusion of the first nest into the second at depth 1.
    fn decide_first_two(body: &str, dead: bool) -> Result<Decision, FusionBlocked> {
        let src = format!(
            "func.func @f(%a: memref<10xf32>, %b: memref<10xf32>, %c: memref<10xf32>) {{\n  %k = arith.constant 1.0 : f32\n{body}  return\n}}\n"
        );
        let m = parse_and_verify("t.mlir", &src).expect("test input verifies");
        let func = m.functions()[0];
        let model = FunctionModel::new(&m, func);
        let nests = outermost_loops(&m);
        let pair = NestPair::new(&m, &model, nests[0], nests[1]);
        let plan = plan_slice(&pair, 1, &Strategy::ProducerConsumer).expect("a slice");
        decide(&pair, plan, dead)
    }

    #[test]
    fn one_to_one_slices_run_each_iteration_once() {
        let d = decide_first_two(
            "  affine.for %i = 0 to 10 {\n    %v = affine.load %a[%i] : memref<10xf32>\n    affine.store %v, %b[%i] : memref<10xf32>\n  }\n  affine.for %i = 0 to 10 {\n    %v = affine.load %b[%i] : memref<10xf32>\n    affine.store %v, %c[%i] : memref<10xf32>\n  }\n",
            false,
        )
        .expect("legal");
        assert_eq!((d.regime, d.remove_src), (Regime::SingleExecution, true));
    }

    #[test]
    fn overlapping_slices_of_pure_maps_are_replayed() {
        let d = decide_first_two(
            "  affine.for %i = 0 to 10 {\n    %v = affine.load %a[%i] : memref<10xf32>\n    affine.store %v, %b[%i] : memref<10xf32>\n  }\n  affine.for %i = 1 to 9 {\n    %v = affine.load %b[%i - 1] : memref<10xf32>\n    %w = affine.load %b[%i + 1] : memref<10xf32>\n    affine.store %v, %c[%i] : memref<10xf32>\n  }\n",
            true,
        )
        .expect("legal");
        assert_eq!((d.regime, d.remove_src), (Regime::Replay, true));
    }

    #[test]
    fn overlapping_slices_of_in_place_updates_are_refused() {
        // b[i] = b[i] + 1 run twice adds 2.
        let err = decide_first_two(
            "  affine.for %i = 0 to 10 {\n    %v = affine.load %b[%i] : memref<10xf32>\n    %w = arith.addf %v, %k : f32\n    affine.store %w, %b[%i] : memref<10xf32>\n  }\n  affine.for %i = 1 to 9 {\n    %v = affine.load %b[%i - 1] : memref<10xf32>\n    %w = affine.load %b[%i + 1] : memref<10xf32>\n    affine.store %v, %c[%i] : memref<10xf32>\n  }\n",
            true,
        )
        .unwrap_err();
        assert!(
            matches!(&err, FusionBlocked::Replay { why, .. } if why.contains("without writing it first")),
            "{err}"
        );
    }

    #[test]
    fn a_consumer_write_before_a_producer_read_is_refused() {
        // The producer reads a[0] in every iteration; the consumer writes a[i].
        let err = decide_first_two(
            "  affine.for %i = 0 to 10 {\n    %v = affine.load %a[0] : memref<10xf32>\n    affine.store %v, %b[%i] : memref<10xf32>\n  }\n  affine.for %i = 0 to 10 {\n    %v = affine.load %b[%i] : memref<10xf32>\n    affine.store %v, %a[%i] : memref<10xf32>\n  }\n",
            false,
        )
        .unwrap_err();
        let FusionBlocked::Dependence(r) = &err else {
            panic!("{err}");
        };
        assert_eq!(
            (r.first.as_str(), r.second.as_str()),
            ("4:10", "9:5"),
            "{err}"
        );
    }

    #[test]
    fn reversed_consumers_keep_order_within_the_source() {
        // b[i+1] = b[i] + a[i] is a chain; a consumer reading b in reverse
        // would run the chain backwards.
        let err = decide_first_two(
            "  affine.for %i = 0 to 9 {\n    %v = affine.load %b[%i] : memref<10xf32>\n    %w = affine.load %a[%i] : memref<10xf32>\n    %s = arith.addf %v, %w : f32\n    affine.store %s, %b[%i + 1] : memref<10xf32>\n  }\n  affine.for %i = 0 to 9 {\n    %v = affine.load %b[9 - %i] : memref<10xf32>\n    affine.store %v, %c[%i] : memref<10xf32>\n  }\n",
            false,
        )
        .unwrap_err();
        assert!(matches!(err, FusionBlocked::Dependence(_)), "{err}");
    }
}

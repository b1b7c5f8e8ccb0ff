//! Which loops `--affine-super-vectorize` may vectorize, decided exactly.
//!
//! MLIR's conditions (the loop is parallel, its body holds only loads,
//! stores, loops and effect-free scalar ops, each access varies along at
//! most one memref dimension, the same one for all) are checked with
//! tessera's exact dependence analysis (which sees through aliased views
//! of one global), plus what MLIR 19 gets wrong:
//! - an access must advance by exactly one element per iteration (MLIR
//!   reads `A[2 * i]` as if contiguous);
//! - the step must be 1 (MLIR turns step 3 into step 24 with contiguous
//!   lanes);
//! - lanes past the upper bound may only touch elements outside the
//!   memrefs (then transfers skip them, as in MLIR's output); otherwise a
//!   scalar remainder loop runs the last iterations (MLIR writes past the
//!   iteration space, llvm-project issue 218120);
//! - a float sum or product needs the `reassoc` fast-math flag, since
//!   adding lanes apart rounds differently (MLIR reassociates anyway).

use std::collections::{HashMap, HashSet};

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Attribute, Module, OpId, Type, Value};

use crate::dependence::{collect_accesses, Accesses, Modelled};
use crate::loops::ForLoop;
use crate::passes::parallelize::{reductions, why_not_parallel_among, Reducer};

/// How one load or store of the loop is vectorized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lanes {
    /// The access does not move with the loop: every lane reads the same
    /// element.
    Broadcast,
    /// The lanes advance along this memref dimension.
    Along(usize),
}

/// A loop found vectorizable, and what the rewrite needs.
#[derive(Debug)]
pub struct Plan {
    /// The loop.
    pub op: OpId,
    /// How each load and store nested in it is vectorized.
    pub lanes: HashMap<OpId, Lanes>,
    /// The reduction kind (`add`, `maxsi`, ...) of each `iter_arg`.
    pub reductions: Vec<&'static str>,
    /// The op combining each `iter_arg` with what an iteration adds.
    pub combiners: Vec<OpId>,
    /// What becomes of the lanes past the loop's last iteration.
    pub tail: Tail,
}

/// The lanes of the last vector that lie past the loop's upper bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    /// None: the trip count is a multiple of the vector size.
    None,
    /// Every access they make lies outside its memref, so the transfers
    /// skip them (reads pad, writes drop them): the vector loop runs to
    /// the bound as MLIR's does, and a reduction masks them off (its
    /// neutral element in their place).
    OutOfBounds,
    /// A scalar copy of the loop runs the last iterations.
    Remainder,
}

/// What the legality check needs besides the loop.
pub struct Context<'a> {
    /// The module.
    pub module: &'a Module,
    /// Every access of the module, modelled.
    pub accesses: &'a Accesses,
    /// Whether `iter_args` reductions are vectorized.
    pub reductions: bool,
}

/// The vector dimension a loop is checked for.
#[derive(Clone, Copy, Debug)]
pub struct Along {
    /// The lanes of the dimension.
    pub size: i64,
    /// The memref dimension (0 the minor one) lanes must advance along
    /// (`test-fastest-varying`).
    pub fastest_varying: Option<i64>,
}

/// The vector kind of an `arith` combiner, as `vector.reduction` names it.
pub fn reduction_kind(combiner: &str) -> Option<&'static str> {
    tessera_ir::vector::REDUCTION_OPS
        .iter()
        .find(|(_, int, float)| *int == Some(combiner) || *float == Some(combiner))
        .map(|r| r.0)
        // MLIR 19's vectorizer does not recognise these combiners.
        .filter(|k| !matches!(*k, "xor" | "minnumf" | "maxnumf"))
}

fn scalar(t: &Type) -> bool {
    matches!(t, Type::Integer(_) | Type::Index) || t.is_float()
}

fn identity_layout(t: &Type) -> bool {
    match t {
        Type::MemRef { layout, elem, .. } => layout.is_none() && scalar(elem),
        _ => false,
    }
}

/// The plan for vectorizing `op` along one vector dimension, or why it
/// cannot be.
pub fn plan(cx: &Context<'_>, op: OpId, along: Along) -> Result<Plan, String> {
    let m = cx.module;
    let l = ForLoop::read(m, op).ok_or("not an affine.for")?;
    if l.step != 1 {
        return Err(format!(
            "its step is {}: only unit-step loops are vectorized (MLIR 19 would make the lanes contiguous and skip elements)",
            l.step
        ));
    }
    let trip_count = l.constant_trip_count(m);
    let whole = trip_count.is_some_and(|tc| tc % along.size as u64 == 0);
    let below = trip_count.filter(|&tc| (tc as i128) < i128::from(along.size));
    body(cx, op, &l)?;
    // Accesses the module-wide model cannot place (under an `scf.if`, in
    // a function of several blocks) are modelled again from the loop: its
    // dependences are among its own iterations.
    let local;
    let mut accesses = cx.accesses;
    let mut nested = Vec::new();
    m.walk_from(op, &mut nested);
    let nested: HashSet<OpId> = nested.into_iter().collect();
    let unknown = accesses
        .ops
        .iter()
        .zip(&accesses.models)
        .any(|(o, model)| nested.contains(o) && matches!(model, Modelled::Unknown { .. }));
    if unknown {
        local = collect_accesses(m, op);
        accesses = &local;
    }
    let reducer = cx.reductions.then_some(Reducer::Vector);
    if let Some(why) = why_not_parallel_among(m, op, &accesses.ops, &accesses.models, reducer) {
        return Err(format!("it is not parallel: {why}"));
    }
    let mut kinds = Vec::new();
    let mut combiners = Vec::new();
    if !l.inits.is_empty() {
        for r in reductions(m, op, Reducer::Vector)? {
            let kind = reduction_kind(&r.op_name)
                .ok_or_else(|| format!("'{}' is not a reduction MLIR vectorizes", r.op_name))?;
            let reassociates = matches!(r.op_name.as_str(), "arith.addf" | "arith.mulf");
            let flags = tessera_ir::syntax::fastmath_flags(&m.ops[r.combiner].props);
            if reassociates && !flags.contains(&"reassoc") {
                return Err(format!(
                    "its '{}' reduction has no 'reassoc' fast-math flag: summing lanes apart would round differently (MLIR 19 vectorizes it anyway)",
                    r.op_name
                ));
            }
            kinds.push(kind);
            combiners.push(r.combiner);
        }
    }
    let (lanes, past_bound_outside) = access_lanes(
        cx,
        accesses,
        op,
        l.upper.as_constant(),
        along.fastest_varying,
    )?;
    let single = l.lower.map.results().len() == 1 && l.upper.map.results().len() == 1;
    let tail = if whole {
        Tail::None
    } else if past_bound_outside {
        Tail::OutOfBounds
    } else if let Some(tc) = below {
        return Err(format!(
            "its trip count {tc} is below the vector size {} and lanes past it would touch elements inside a memref",
            along.size
        ));
    } else if single && crate::loops::AlignedBounds::new(&l.lower, &l.upper).is_some() {
        Tail::Remainder
    } else {
        return Err(
            "its trip count may not be a multiple of the vector size and its bounds (a max or min) cannot be split into whole vectors and a remainder"
                .into(),
        );
    };
    Ok(Plan {
        op,
        lanes,
        reductions: kinds,
        combiners,
        tail,
    })
}

/// The ops of the body: only loads, stores, loops, `affine.apply` and
/// effect-free scalar ops, with the loop's induction variable and the
/// applies' results used only as subscripts.
fn body(cx: &Context<'_>, op: OpId, l: &ForLoop) -> Result<(), String> {
    let m = cx.module;
    let iv = l.iv(m);
    let mut nested = Vec::new();
    m.walk_from(op, &mut nested);
    let nested: Vec<OpId> = nested.into_iter().skip(1).collect();
    let inside: HashSet<OpId> = nested.iter().copied().collect();
    // Values that may only be subscripts: the induction variable, the
    // applies' results and the constants defined in the loop.
    let mut index_only: HashSet<Value> = HashSet::from([iv]);
    let mut constants: HashSet<Value> = HashSet::new();
    for &o in &nested {
        let d = &m.ops[o];
        match d.name.as_str() {
            "affine.apply" => index_only.extend(d.results.iter().copied()),
            "arith.constant" => constants.extend(d.results.iter().copied()),
            _ => {}
        }
    }
    let defined_inside = |v: Value| m.defining_op(v).is_some_and(|o| inside.contains(&o));
    for &o in &nested {
        let d = &m.ops[o];
        let name = d.name.as_str();
        match name {
            "affine.if" => return Err("it holds an affine.if".into()),
            "affine.load" | "affine.store" => {
                let store = name == "affine.store";
                let mem = d.operands[usize::from(store)];
                if !identity_layout(m.value_type(mem)) {
                    return Err(format!(
                        "it accesses a '{}', not a memref of scalars with the identity layout",
                        m.value_type(mem)
                    ));
                }
                let subscripts = &d.operands[usize::from(store) + 1..];
                if subscripts.iter().any(|v| constants.contains(v)) {
                    return Err("a constant defined in the loop is a subscript".into());
                }
                // MLIR 19 gives up on a load whose map is not the identity
                // when a subscript comes from an affine.apply.
                let identity =
                    matches!(d.attr("map"), Some(Attribute::AffineMap(map)) if map.is_identity());
                let from_apply = subscripts.iter().any(|&v| {
                    m.defining_op(v)
                        .is_some_and(|a| m.ops[a].name == "affine.apply")
                });
                if !store && !identity && from_apply {
                    return Err(
                        "a load with a non-identity map has a subscript computed by an affine.apply"
                            .into(),
                    );
                }
                if store && index_only.contains(&d.operands[0]) {
                    return Err("a subscript value is stored".into());
                }
            }
            "affine.apply" => {
                if d.operands.iter().any(|v| constants.contains(v)) {
                    return Err("a constant defined in the loop is a subscript".into());
                }
            }
            "affine.for" => {
                let inner = ForLoop::read(m, o).ok_or("malformed affine.for")?;
                let bounds = inner.lower.operands.iter().chain(&inner.upper.operands);
                if bounds.clone().any(|&v| v == iv || defined_inside(v)) {
                    return Err("an inner loop's bounds depend on the loop's induction variable or on values computed in it".into());
                }
                if inner.inits.iter().any(|v| index_only.contains(v)) {
                    return Err("a subscript value initialises an inner loop's iter_args".into());
                }
            }
            "affine.yield" => {
                if d.operands.iter().any(|v| index_only.contains(v)) {
                    return Err("a subscript value is yielded".into());
                }
            }
            _ => {
                if !d.regions.is_empty() {
                    return Err(format!("it holds a '{name}', an op with regions"));
                }
                let types = d
                    .operands
                    .iter()
                    .chain(&d.results)
                    .map(|&v| m.value_type(v));
                if let Some(t) = types.clone().find(|t| !scalar(t)) {
                    return Err(format!("a '{name}' has a value of type '{t}'"));
                }
                if d.operands.iter().any(|v| index_only.contains(v)) {
                    return Err(format!(
                        "a '{name}' uses the induction variable or an affine.apply result as a value"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// How the lanes of each access move, checking that all moving accesses
/// advance by one element per iteration along the same memref dimension.
///
/// Also says whether, past the constant upper bound `upper`, every lane of
/// every moving access lies outside its memref (an offset from the
/// induction variable that is a constant, a static size).
fn access_lanes(
    cx: &Context<'_>,
    accesses: &Accesses,
    op: OpId,
    upper: Option<i64>,
    fastest_varying: Option<i64>,
) -> Result<(HashMap<OpId, Lanes>, bool), String> {
    let mut past_bound_outside = upper.is_some();
    let m = cx.module;
    let id = op.as_u32();
    let mut nested = Vec::new();
    m.walk_from(op, &mut nested);
    let nested: HashSet<OpId> = nested.into_iter().collect();
    let mut lanes = HashMap::new();
    let mut minor_dim: Option<usize> = None;
    for (&access, model) in accesses.ops.iter().zip(&accesses.models) {
        if !nested.contains(&access) {
            continue;
        }
        let Modelled::Exact(a) = model else {
            return Err("an access cannot be analysed".into());
        };
        let Some(p) = a.loops.iter().position(|l| l.id == id) else {
            return Err("an access is not inside the loop's model".into());
        };
        let subs: &AffineMap = &a.subscripts;
        let nd = subs.num_dims();
        let moving: Vec<usize> = subs
            .results()
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_function_of_dim(p as u32))
            .map(|(k, _)| k)
            .collect();
        let how = match moving[..] {
            [] if a.is_write => {
                return Err(
                    "a store does not move with the loop (its lanes would all write one element)"
                        .into(),
                )
            }
            [] => Lanes::Broadcast,
            [k] => {
                let e = &subs.results()[k];
                let rest = (e.clone() - AffineExpr::dim(p as u32)).simplify(nd, subs.num_symbols());
                if rest.is_function_of_dim(p as u32) {
                    return Err(format!(
                        "subscript '{e}' does not advance by one element per iteration"
                    ));
                }
                let from_minor = subs.results().len() - 1 - k;
                if fastest_varying.is_some_and(|f| f != from_minor as i64) {
                    return Err(
                        "an access does not vary along the requested memref dimension".into(),
                    );
                }
                if minor_dim.is_some_and(|d| d != from_minor) {
                    return Err("accesses vary along different memref dimensions".into());
                }
                minor_dim = Some(from_minor);
                let write = usize::from(a.is_write);
                let extent = match m.value_type(m.ops[access].operands[write]) {
                    Type::MemRef { shape, .. } => shape.get(k).copied().filter(|&n| n >= 0),
                    _ => None,
                };
                past_bound_outside &= match (rest.as_constant(), extent, upper) {
                    (Some(c), Some(n), Some(ub)) => ub.checked_add(c).is_some_and(|e| e >= n),
                    _ => false,
                };
                Lanes::Along(k)
            }
            _ => return Err("an access varies along two memref dimensions".into()),
        };
        lanes.insert(access, how);
    }
    Ok((lanes, past_bound_outside))
}

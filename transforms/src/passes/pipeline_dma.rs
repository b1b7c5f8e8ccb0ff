//! `--affine-pipeline-data-transfer`: MLIR's double buffering of DMA
//! transfers. In a loop whose body starts a DMA into a buffer of a faster
//! memory space and waits for it before computing on the buffer, the
//! buffer and its tag get a leading dimension of two (indexed
//! `(iv floordiv step) mod 2`), and the loop is skewed so that the
//! transfer for iteration `k + 1` starts before the computation of
//! iteration `k`:
//!
//! ```text
//! start(lb) ; for k in lb+step .. lb+tc*step { start(k) ; wait+compute(k - step) } ; wait+compute(last)
//! ```
//!
//! Loops are visited inner ones first, as MLIR's pass visits them. A pair
//! is pipelined only when that is provably the same computation; mlir-opt
//! 19 checks much less (and miscompiles the rest: see
//! `tests/lit/pipeline-data-transfer-exact.mlir`). The conditions:
//!
//! - the loop has a constant trip count of at least 1 and no results;
//! - the start's source is in a slower memory space than its destination,
//!   the wait is the first one after it on the same tag element;
//! - the destination buffer and the tag are `memref.alloc`s made outside
//!   the loop, used by no other pair and, besides deallocations, only in
//!   the loop: the buffer by the start and by affine loads and stores
//!   after the wait, the tag by the start and the wait;
//! - each transfer overwrites the whole buffer (destination indices 0, no
//!   stride, a constant element count equal to its size), so nothing is
//!   carried from one iteration to the next through it;
//! - nothing else in the loop writes the memory the transfer reads, and
//!   no op there has effects the analysis cannot see;
//! - the start's operands are computed in the loop by `affine.apply` only.

use std::collections::{HashMap, HashSet};

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::dma::{DmaStart, DmaWait};
use tessera_ir::{Attribute, Module, OpId, Type, Value};

use super::fusion::{canonicalize, memref_root};
use super::parallelize::effect_free;
use super::PassRemark;
use crate::loops::{
    create_apply, create_for, create_index_constant, insert_all_after, insert_all_before,
    promote_if_single_iteration, segment_sizes, Bound, ForLoop,
};

/// `--affine-pipeline-data-transfer` on every loop of `module`; a remark
/// for each loop with a DMA start that is left alone, saying why.
///
/// ```
/// use tessera_ir::{parse_and_verify, print_module, PrintOptions};
/// use tessera_transforms::passes::affine_pipeline_data_transfer;
///
/// let mut m = parse_and_verify("t.mlir", "func.func @f(%A: memref<256xf32>, %out: memref<8xf32>) {
///   %c32 = arith.constant 32 : index
///   %buf = memref.alloc() : memref<32xf32, 1>
///   %tag = memref.alloc() : memref<1xi32>
///   affine.for %i = 0 to 8 {
///     affine.dma_start %A[%i * 32], %buf[0], %tag[0], %c32 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
///     affine.dma_wait %tag[0], %c32 : memref<1xi32>
///     %v = affine.load %buf[5] : memref<32xf32, 1>
///     affine.store %v, %out[%i] : memref<8xf32>
///   }
///   memref.dealloc %tag : memref<1xi32>
///   memref.dealloc %buf : memref<32xf32, 1>
///   return
/// }
/// ")?;
/// let remarks = affine_pipeline_data_transfer(&mut m);
/// assert!(remarks.is_empty());
/// let text = print_module(&m, &PrintOptions::default());
/// assert!(text.contains("memref.alloc() : memref<2x32xf32, 1>"));
/// assert!(text.contains("affine.for %arg2 = 1 to 8"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn affine_pipeline_data_transfer(module: &mut Module) -> Vec<PassRemark> {
    let mut loops = Vec::new();
    for func in module.functions() {
        post_order_loops(module, func, &mut loops);
    }
    let mut remarks = Vec::new();
    for l in loops {
        if module.ops[l].parent.is_none() {
            continue;
        }
        let has_start = ForLoop::read(module, l).is_some_and(|f| {
            f.body_ops(module)
                .iter()
                .any(|&o| module.ops[o].name == "affine.dma_start")
        });
        if !has_start {
            continue;
        }
        match plan(module, l) {
            Ok(plan) => pipeline(module, l, &plan),
            Err(why) => remarks.push(PassRemark {
                mlir_remark: None,
                op: l,
                message: format!("not pipelined: {why}"),
            }),
        }
    }
    remarks
}

/// The `affine.for` ops nested in `op`, inner ones first.
fn post_order_loops(module: &Module, op: OpId, out: &mut Vec<OpId>) {
    for &r in &module.ops[op].regions {
        for &b in &module.regions[r].blocks {
            for &o in &module.blocks[b].ops {
                post_order_loops(module, o, out);
            }
        }
    }
    if module.ops[op].name == "affine.for" {
        out.push(op);
    }
}

/// One start–wait pair to double-buffer.
struct Pair {
    start: OpId,
    buffer: Value,
    tag: Value,
}

/// What pipelining a loop needs: its pairs and trip count.
struct Plan {
    pairs: Vec<Pair>,
    trip_count: u64,
}

/// The memory space of a memref type as an integer (`None` when it is
/// not one).
fn space_of(ty: &Type) -> Option<i64> {
    match ty {
        Type::MemRef { space, .. } => match space.as_deref() {
            None => Some(0),
            Some(Attribute::Integer { value, .. }) => Some(*value),
            Some(_) => None,
        },
        _ => None,
    }
}

/// A `memref.alloc` outside `l` with a static shape and identity layout.
fn outside_alloc(module: &Module, l: OpId, v: Value) -> bool {
    let Some(def) = module.defining_op(v) else {
        return false;
    };
    let static_identity = matches!(
        module.value_type(v),
        Type::MemRef { shape, layout: None, .. } if shape.iter().all(|&d| d >= 0)
    );
    let mut at = module.parent_op(def);
    while let Some(p) = at {
        if p == l {
            return false;
        }
        at = module.parent_op(p);
    }
    module.ops[def].name == "memref.alloc" && module.ops[def].operands.is_empty() && static_identity
}

/// Every op using `v`, in the whole module.
fn users(module: &Module, all: &[OpId], v: Value) -> Vec<OpId> {
    all.iter()
        .copied()
        .filter(|&o| module.ops[o].operands.contains(&v))
        .collect()
}

/// The pairs of loop `l`, or why it is left alone.
fn plan(module: &Module, l: OpId) -> Result<Plan, String> {
    let f = ForLoop::read(module, l).ok_or("not an affine.for")?;
    if !module.ops[l].results.is_empty() {
        return Err("the loop yields values".into());
    }
    let trip_count = f
        .constant_trip_count(module)
        .ok_or("the trip count is not a constant")?;
    if trip_count == 0 {
        return Err("the loop never runs".into());
    }
    if f.lower.map.results().len() != 1 {
        return Err("the lower bound is a max".into());
    }
    let body = f.body_ops(module);
    let mut all = Vec::new();
    for func in module.functions() {
        module.walk_from(func, &mut all);
    }
    let mut nested = Vec::new();
    for &op in &body {
        module.walk_from(op, &mut nested);
    }
    let dma_ops = ["affine.dma_start", "affine.dma_wait"];
    if let Some(&o) = nested.iter().find(|&&o| {
        let name = module.ops[o].name.as_str();
        !effect_free(name) && !dma_ops.contains(&name) && name != "affine.yield"
    }) {
        return Err(format!(
            "'{}' at line {} has effects the analysis cannot see",
            module.ops[o].name, module.ops[o].loc.line
        ));
    }
    let mut pairs: Vec<Pair> = Vec::new();
    for (k, &s) in body.iter().enumerate() {
        let d = &module.ops[s];
        if d.name != "affine.dma_start" {
            continue;
        }
        let dma = DmaStart::of(module, d).ok_or("a malformed DMA start")?;
        let (src, dst, tag) = (
            d.operands[dma.src.memref],
            d.operands[dma.dst.memref],
            d.operands[dma.tag.memref],
        );
        let faster = match (
            space_of(module.value_type(src)),
            space_of(module.value_type(dst)),
        ) {
            (Some(a), Some(b)) => a < b,
            _ => false,
        };
        if !faster {
            // An outgoing transfer: not pipelined (MLIR's rule).
            continue;
        }
        let wait = body[k + 1..]
            .iter()
            .copied()
            .find(|&w| {
                let wd = &module.ops[w];
                wd.name == "affine.dma_wait"
                    && DmaWait::of(module, wd).is_some_and(|wait| {
                        wd.operands[0] == tag
                            && wd.operands[wait.tag.subscripts.clone()]
                                == d.operands[dma.tag.subscripts.clone()]
                            && wait.tag.map == dma.tag.map
                    })
            })
            .ok_or("a DMA start has no wait on its tag after it")?;
        let wait_at = body.iter().position(|&o| o == wait).unwrap_or(0);
        for v in [dst, tag] {
            if !outside_alloc(module, l, v) {
                return Err(
                    "a buffer or tag is not a memref.alloc of a static shape made before the loop"
                        .into(),
                );
            }
            if pairs.iter().any(|p| p.buffer == v || p.tag == v) {
                return Err("two transfers share a buffer or a tag".into());
            }
        }
        if dst == tag || src == tag || src == dst {
            return Err("a transfer uses one memref twice".into());
        }
        // The whole buffer, every iteration.
        let elements: i64 = match module.value_type(dst) {
            Type::MemRef { shape, .. } => shape.iter().product(),
            _ => 0,
        };
        let zero_start = dma
            .dst
            .map
            .as_ref()
            .is_some_and(|m| m.results().iter().all(|e| e.as_constant() == Some(0)));
        if !zero_start
            || dma.stride.is_some()
            || module.constant_int(d.operands[dma.count]) != Some(elements)
        {
            return Err("a transfer does not overwrite its whole buffer".into());
        }
        // The buffer: read and written after the wait only.
        for u in users(module, &all, dst) {
            if u == s || module.ops[u].name == "memref.dealloc" {
                continue;
            }
            let top = body.iter().position(|&o| o == u || module.encloses(o, u));
            let access = matches!(module.ops[u].name.as_str(), "affine.load" | "affine.store")
                && module.ops[u].operands.iter().filter(|&&v| v == dst).count() == 1;
            if !access || !top.is_some_and(|t| t > wait_at) {
                return Err(format!(
                    "the buffer is used by '{}' at line {}, not by a load or store after the wait",
                    module.ops[u].name, module.ops[u].loc.line
                ));
            }
        }
        for u in users(module, &all, tag) {
            if u != s && u != wait && module.ops[u].name != "memref.dealloc" {
                return Err(format!(
                    "the tag is used by '{}' at line {}",
                    module.ops[u].name, module.ops[u].loc.line
                ));
            }
        }
        // Nothing else in the loop writes what the transfer reads.
        let root = memref_root(module, src);
        for &o in &nested {
            let od = &module.ops[o];
            let written = match od.name.as_str() {
                "affine.store" | "affine.vector_store" => od.operands.get(1).copied(),
                "affine.dma_start" if o != s => {
                    DmaStart::of(module, od).map(|x| od.operands[x.dst.memref])
                }
                _ => None,
            };
            if written.is_some_and(|w| memref_root(module, w) == root) {
                return Err(format!(
                    "line {} writes the memory a transfer reads",
                    od.loc.line
                ));
            }
        }
        // The start's operands: from outside the loop or affine.apply ops.
        for &v in &d.operands {
            if !computed_by_applies(module, l, v) {
                return Err("a transfer's operand is computed in the loop by something else than affine.apply".into());
            }
        }
        pairs.push(Pair {
            start: s,
            buffer: dst,
            tag,
        });
    }
    if pairs.is_empty() {
        return Err("no transfer into a faster memory space".into());
    }
    Ok(Plan { pairs, trip_count })
}

/// Whether `v` is defined outside loop `l`, is its induction variable, or
/// is an `affine.apply` in it of such values.
fn computed_by_applies(module: &Module, l: OpId, v: Value) -> bool {
    let Some(def) = module.defining_op(v) else {
        return true;
    };
    if !module.encloses(l, def) {
        return true;
    }
    module.ops[def].name == "affine.apply"
        && module.ops[def]
            .operands
            .iter()
            .all(|&o| computed_by_applies(module, l, o))
}

/// The `affine.apply` ops in the loop that `start`'s operands come from.
fn start_slice(module: &Module, l: OpId, start: OpId, out: &mut HashSet<OpId>) {
    let mut work: Vec<Value> = module.ops[start].operands.clone();
    while let Some(v) = work.pop() {
        if let Some(def) = module.defining_op(v) {
            if module.encloses(l, def) && out.insert(def) {
                work.extend(module.ops[def].operands.iter().copied());
            }
        }
    }
}

/// Adds a leading `(iv floordiv step) mod 2` index to the access of
/// `memref` by `op` (its map attribute `attr`, its subscripts `subs`).
fn add_slot_index(
    module: &mut Module,
    op: OpId,
    attr: &str,
    subs: std::ops::Range<usize>,
    iv: Value,
    step: i64,
) {
    let Some(Attribute::AffineMap(map)) = module.ops[op].attr(attr).cloned() else {
        return;
    };
    let nd = map.num_dims();
    let slot = AffineExpr::dim(nd).floor_div(step).modulo(2);
    let results: Vec<AffineExpr> = std::iter::once(slot)
        .chain(map.results().iter().cloned())
        .collect();
    let Ok(new_map) = AffineMap::new(nd + 1, map.num_symbols(), results) else {
        return;
    };
    let old = module.ops[op].operands[subs.clone()].to_vec();
    let mut operands = old[..nd as usize].to_vec();
    operands.push(iv);
    operands.extend(&old[nd as usize..]);
    let (new_map, new_operands) = canonicalize(&new_map, &operands);
    let data = &mut module.ops[op];
    let tail = data.operands.split_off(subs.end);
    data.operands.truncate(subs.start);
    data.operands.extend(new_operands);
    data.operands.extend(tail);
    if data.props.iter().any(|(n, _)| n == attr) {
        module.set_prop(op, attr, Attribute::AffineMap(new_map));
    } else {
        module.set_attr(op, attr, Attribute::AffineMap(new_map));
    }
}

/// A memref of `ty`'s shape with a leading dimension of 2.
fn doubled(ty: &Type) -> Type {
    match ty {
        Type::MemRef {
            shape, elem, space, ..
        } => Type::MemRef {
            shape: std::iter::once(2).chain(shape.iter().copied()).collect(),
            elem: elem.clone(),
            layout: None,
            space: space.clone(),
        },
        other => other.clone(),
    }
}

/// Double-buffers and skews loop `l` as `plan` says.
fn pipeline(module: &mut Module, l: OpId, plan: &Plan) {
    let Some(f) = ForLoop::read(module, l) else {
        return;
    };
    let loc = module.ops[l].loc;
    let iv = f.iv(module);
    let step = f.step;
    // Double buffers, before the loop; freed after it.
    let mut replace: HashMap<Value, Value> = HashMap::new();
    let mut allocs = Vec::new();
    let mut deallocs = Vec::new();
    for v in plan.pairs.iter().flat_map(|p| [p.buffer, p.tag]) {
        let alloc = module.create_op("memref.alloc", &[], &[doubled(module.value_type(v))], loc);
        module.set_prop(alloc, "operandSegmentSizes", segment_sizes(&[0, 0]));
        let new = module.ops[alloc].results[0];
        replace.insert(v, new);
        allocs.push(alloc);
        deallocs.insert(0, module.create_op("memref.dealloc", &[new], &[], loc));
    }
    insert_all_before(module, l, &allocs);
    insert_all_after(module, l, &deallocs);
    // Every access of the old buffers and tags in the loop gets the slot.
    let mut nested = Vec::new();
    for op in f.body_ops(module) {
        module.walk_from(op, &mut nested);
    }
    for op in nested {
        let d = module.ops[op].clone();
        let edits: Vec<(&str, std::ops::Range<usize>, usize)> = match d.name.as_str() {
            "affine.load" => vec![("map", 1..d.operands.len(), 0)],
            "affine.store" => vec![("map", 2..d.operands.len(), 1)],
            "affine.dma_start" => match DmaStart::of(module, &d) {
                Some(x) => vec![
                    ("tag_map", x.tag.subscripts.clone(), x.tag.memref),
                    ("dst_map", x.dst.subscripts.clone(), x.dst.memref),
                ],
                None => Vec::new(),
            },
            "affine.dma_wait" => match DmaWait::of(module, &d) {
                Some(x) => vec![("tag_map", x.tag.subscripts.clone(), 0)],
                None => Vec::new(),
            },
            _ => Vec::new(),
        };
        // Later operand ranges first, so earlier ones keep their place.
        for (attr, subs, memref_at) in edits {
            let Some(&new) = replace.get(&module.ops[op].operands[memref_at]) else {
                continue;
            };
            module.ops[op].operands[memref_at] = new;
            add_slot_index(module, op, attr, subs, iv, step);
        }
    }
    skew(module, l, plan, &f);
    // The old buffers and tags are dead: their allocs and deallocs go.
    let mut all = Vec::new();
    for func in module.functions() {
        module.walk_from(func, &mut all);
    }
    for v in plan.pairs.iter().flat_map(|p| [p.buffer, p.tag]) {
        for u in users(module, &all, v) {
            module.erase_op(u);
        }
        if let Some(def) = module.defining_op(v) {
            module.erase_op(def);
        }
    }
}

/// The prologue (the starts of the first iteration), the steady-state
/// loop (the starts of iteration `k`, then the rest of iteration `k - 1`)
/// and the epilogue (the rest of the last iteration), in place of `l`.
fn skew(module: &mut Module, l: OpId, plan: &Plan, f: &ForLoop) {
    let loc = module.ops[l].loc;
    let iv = f.iv(module);
    let step = f.step;
    let tc = plan.trip_count as i64;
    let body = f.body_ops(module);
    let mut first: HashSet<OpId> = plan.pairs.iter().map(|p| p.start).collect();
    for p in &plan.pairs {
        start_slice(module, l, p.start, &mut first);
    }
    let g0: Vec<OpId> = body.iter().copied().filter(|o| first.contains(o)).collect();
    let g1: Vec<OpId> = body
        .iter()
        .copied()
        .filter(|o| !plan.pairs.iter().any(|p| p.start == *o))
        .collect();
    // The lower bound shifted by `k` steps, as a bound over the lower
    // bound's operands.
    let lb = &f.lower;
    let shifted = |k: i64| Bound {
        map: AffineMap::new(
            lb.map.num_dims(),
            lb.map.num_symbols(),
            vec![lb.map.results()[0].clone() + k * step],
        )
        .expect("a shifted bound"),
        operands: lb.operands.clone(),
    };
    let value_at = |module: &mut Module, k: i64, out: &mut Vec<OpId>| -> Value {
        let b = shifted(k);
        let op = match b.map.results()[0].as_constant() {
            Some(c) => create_index_constant(module, c, loc),
            None => {
                let (map, operands) = canonicalize(&b.map, &b.operands);
                create_apply(module, map, &operands, loc)
            }
        };
        out.push(op);
        module.ops[op].results[0]
    };
    let clone_all = |module: &mut Module,
                     ops: &[OpId],
                     map: &mut HashMap<Value, Value>|
     -> Vec<OpId> { ops.iter().map(|&o| module.clone_op(o, map)).collect() };
    let mut before = Vec::new();
    // Prologue: the first iteration's starts.
    let first_iv = value_at(module, 0, &mut before);
    let mut map = HashMap::from([(iv, first_iv)]);
    before.extend(clone_all(module, &g0, &mut map));
    // Steady state.
    if tc > 1 {
        let (steady, steady_body) = create_for(module, &shifted(1), &shifted(tc), step, &[], loc);
        let new_iv = module.blocks[steady_body].args[0];
        let mut map = HashMap::from([(iv, new_iv)]);
        let mut ops = clone_all(module, &g0, &mut map);
        let back = AffineMap::new(1, 0, vec![AffineExpr::dim(0) - step]).expect("a shift");
        let previous = create_apply(module, back, &[new_iv], loc);
        ops.push(previous);
        let mut map = HashMap::from([(iv, module.ops[previous].results[0])]);
        ops.extend(clone_all(module, &g1, &mut map));
        let at = module.blocks[steady_body].ops.len() - 1;
        module.insert_ops(steady_body, at, &ops);
        before.push(steady);
    }
    // Epilogue: the rest of the last iteration.
    let last_iv = value_at(module, tc - 1, &mut before);
    let mut map = HashMap::from([(iv, last_iv)]);
    before.extend(clone_all(module, &g1, &mut map));
    insert_all_before(module, l, &before);
    for &o in &before {
        if module.ops[o].name == "affine.for" {
            promote_if_single_iteration(module, o);
        }
    }
    module.erase_op(l);
}

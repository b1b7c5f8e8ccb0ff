//! MLIR's region DCE through block arguments, for functions of several
//! blocks: a value is live when a live op uses it (a branch operand only
//! when the successor's argument it binds is live), an op when it has an
//! effect or is a terminator or when one of its results is live. Dead ops
//! go, and so do the dead arguments of every block but the entry, with
//! the operands branches pass them — a loop counter that only counts
//! itself disappears.

use std::collections::HashSet;

use tessera_ir::ir::successor_operands;
use tessera_ir::{Attribute, BlockId, OpId, Type, Value};

use super::{effect_free, is_terminator, Driver};

/// Runs the liveness analysis on every function holding a region of
/// several blocks and erases what is dead; whether anything went.
pub(super) fn dead_block_arguments(d: &mut Driver) -> bool {
    let mut erased = false;
    for f in d.m.functions() {
        let mut ops = Vec::new();
        d.m.walk_from(f, &mut ops);
        let cfg_regions: Vec<_> = ops
            .iter()
            .flat_map(|&o| d.m.ops[o].regions.clone())
            .filter(|&r| d.m.regions[r].blocks.len() > 1)
            .collect();
        if cfg_regions.is_empty() {
            continue;
        }
        let (live_ops, live_values) = liveness(d, &ops);
        for &o in ops.iter().rev() {
            if !live_ops.contains(&o) && super::attached(d.m, o) {
                d.erase(o);
                erased = true;
            }
        }
        for r in cfg_regions {
            for b in d.m.regions[r].blocks.clone().into_iter().skip(1) {
                let keep: Vec<bool> = d.m.blocks[b]
                    .args
                    .iter()
                    .map(|a| live_values.contains(a))
                    .collect();
                if keep.iter().all(|&k| k) {
                    continue;
                }
                let mut preds = d.m.predecessors(b);
                // A terminator naming the block twice is edited once.
                preds.dedup();
                for pred in preds {
                    if let Some(&t) = d.m.blocks[pred].ops.last() {
                        drop_passed_values(d, t, b, &keep);
                    }
                }
                erase_block_args(d, b, &keep);
                erased = true;
            }
        }
    }
    erased
}

/// The live ops and values of `ops` (a function's pre-order walk).
fn liveness(d: &Driver, ops: &[OpId]) -> (HashSet<OpId>, HashSet<Value>) {
    let mut live_ops = HashSet::new();
    let mut live_values: HashSet<Value> = HashSet::new();
    loop {
        let mut changed = false;
        for &o in ops.iter().rev() {
            let data = &d.m.ops[o];
            if !live_ops.contains(&o) {
                let intrinsic = matches!(data.name.as_str(), "func.func" | "builtin.module")
                    || is_terminator(&data.name)
                    || !effect_free(d.m, o);
                if intrinsic || data.results.iter().any(|r| live_values.contains(r)) {
                    live_ops.insert(o);
                    changed = true;
                }
            }
            if !live_ops.contains(&o) {
                continue;
            }
            let forwarded = forwarded_operands(d, o);
            for (i, &v) in data.operands.iter().enumerate() {
                // A value passed to a dead argument is not used by it.
                if let Some(Some(arg)) = forwarded.get(i) {
                    if !live_values.contains(arg) {
                        continue;
                    }
                }
                changed |= live_values.insert(v);
            }
        }
        if !changed {
            return (live_ops, live_values);
        }
    }
}

/// For each operand of `op`, the successor argument it binds (if `op`
/// is a branch).
fn forwarded_operands(d: &Driver, op: OpId) -> Vec<Option<Value>> {
    let data = &d.m.ops[op];
    let mut out = vec![None; data.operands.len()];
    let Some(split) = successor_operands(data) else {
        return out;
    };
    let mut at = split.leading.len();
    for (&s, args) in data.successors.iter().zip(&split.args) {
        for (k, _) in args.iter().enumerate() {
            out[at + k] = d.m.blocks[s].args.get(k).copied();
        }
        at += args.len();
    }
    out
}

/// Removes from the branch `t` the values it passes to the arguments of
/// `block` that are not kept, updating its operand segments.
fn drop_passed_values(d: &mut Driver, t: OpId, block: BlockId, keep: &[bool]) {
    rewrite_passed_values(d, t, block, |args| {
        args.iter()
            .zip(keep)
            .filter(|(_, &k)| k)
            .map(|(&v, _)| v)
            .collect()
    });
}

/// Replaces the values the branch `t` passes to `block` (at every
/// successor slot naming it) by `f` of them, updating its operand
/// segments.
pub(super) fn rewrite_passed_values(
    d: &mut Driver,
    t: OpId,
    block: BlockId,
    f: impl Fn(&[Value]) -> Vec<Value>,
) {
    let data = &d.m.ops[t];
    let Some(split) = successor_operands(data) else {
        return;
    };
    let mut operands: Vec<Value> = split.leading.to_vec();
    let mut sizes = Vec::new();
    for (&s, args) in data.successors.iter().zip(&split.args) {
        let passed: Vec<Value> = if s == block { f(args) } else { args.to_vec() };
        sizes.push(passed.len() as i64);
        operands.extend(passed);
    }
    let name = data.name.clone();
    d.m.ops[t].operands = operands;
    let segment = |values: Vec<i64>| Attribute::DenseArray {
        elem: Type::Integer(32),
        values,
    };
    match name.as_str() {
        "cf.cond_br" => d.m.set_prop(
            t,
            "operandSegmentSizes",
            segment(vec![1, sizes[0], sizes[1]]),
        ),
        "cf.switch" => {
            let cases: i64 = sizes[1..].iter().sum();
            d.m.set_prop(t, "case_operand_segments", segment(sizes[1..].to_vec()));
            d.m.set_prop(t, "operandSegmentSizes", segment(vec![1, sizes[0], cases]));
        }
        _ => {}
    }
    d.modified(t);
}

/// Removes the arguments of `block` that are not kept.
pub(super) fn erase_block_args(d: &mut Driver, block: BlockId, keep: &[bool]) {
    let args = std::mem::take(&mut d.m.blocks[block].args);
    for (a, &k) in args.into_iter().zip(keep) {
        if k {
            let index = d.m.blocks[block].args.len() as u32;
            d.m.values[a].def = tessera_ir::ir::ValueDef::BlockArg { block, index };
            d.m.blocks[block].args.push(a);
        }
    }
}

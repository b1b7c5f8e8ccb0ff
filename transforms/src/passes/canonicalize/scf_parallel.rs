//! MLIR 19's `scf.parallel` canonicalization patterns:
//!
//! - `ParallelOpSingleOrZeroIterationDimsFolder`: a loop with a dimension
//!   that runs zero times is its initial values; dimensions that run once
//!   go, their induction variables replaced by their lower bounds, and a
//!   loop left with none is its body, its reductions applied once to the
//!   initial values;
//! - `MergeNestedParallelLoops`: a loop whose body is only another
//!   `scf.parallel` (bounds independent of the outer induction variables,
//!   no reductions) becomes one loop over both.

use tessera_ir::{Attribute, BlockId, OpId, Type, Value};

use super::fold::constant_attr;
use super::Driver;

/// The lower bounds, upper bounds, steps and initial values of `op`.
struct Parts {
    lbs: Vec<Value>,
    ubs: Vec<Value>,
    steps: Vec<Value>,
    inits: Vec<Value>,
}

fn parts(d: &Driver, op: OpId) -> Option<Parts> {
    let operands = &d.m.ops[op].operands;
    let n = d.m.ops[op]
        .regions
        .first()
        .and_then(|&r| d.m.regions[r].blocks.first())
        .map(|&b| d.m.blocks[b].args.len())?;
    if operands.len() < 3 * n {
        return None;
    }
    Some(Parts {
        lbs: operands[..n].to_vec(),
        ubs: operands[n..2 * n].to_vec(),
        steps: operands[2 * n..3 * n].to_vec(),
        inits: operands[3 * n..].to_vec(),
    })
}

/// The body block of `op`.
fn body(d: &Driver, op: OpId) -> Option<BlockId> {
    let r = *d.m.ops[op].regions.first()?;
    d.m.regions[r].blocks.first().copied()
}

/// A new `scf.parallel` over `lbs`/`ubs`/`steps` with `inits`, without
/// regions.
fn create_parallel(d: &mut Driver, like: OpId, p: &Parts) -> OpId {
    let operands: Vec<Value> = [&p.lbs, &p.ubs, &p.steps, &p.inits]
        .into_iter()
        .flatten()
        .copied()
        .collect();
    let types: Vec<Type> = d.m.ops[like]
        .results
        .iter()
        .map(|&r| d.m.value_type(r).clone())
        .collect();
    let loc = d.m.ops[like].loc;
    let new = d.m.create_op("scf.parallel", &operands, &types, loc);
    let sizes = [p.lbs.len(), p.ubs.len(), p.steps.len(), p.inits.len()];
    d.m.set_prop(
        new,
        "operandSegmentSizes",
        Attribute::DenseArray {
            elem: Type::Integer(32),
            values: sizes.iter().map(|&s| s as i64).collect(),
        },
    );
    d.m.ops[new].attrs = d.m.ops[like].attrs.clone();
    new
}

/// MLIR's `constantTripCount`: 0 when the bounds are one value, else
/// `(ub - lb) ceildiv step` of constants.
fn constant_trip_count(d: &Driver, lb: Value, ub: Value, step: Value) -> Option<i128> {
    if lb == ub {
        return Some(0);
    }
    let c = |v: Value| match constant_attr(d.m, v) {
        Some(Attribute::Integer { value, .. }) => Some(i128::from(*value)),
        _ => None,
    };
    let (lb, ub, step) = (c(lb)?, c(ub)?, c(step)?);
    if step == 0 {
        return None;
    }
    let (q, r) = ((ub - lb) / step, (ub - lb) % step);
    Some(if r != 0 && ((r > 0) == (step > 0)) {
        q + 1
    } else {
        q
    })
}

/// `ParallelOpSingleOrZeroIterationDimsFolder` (see the module
/// documentation).
pub(super) fn collapse_single_iteration_dims(d: &mut Driver, op: OpId) -> bool {
    let (Some(p), Some(block)) = (parts(d, op), body(d, op)) else {
        return false;
    };
    let ivs = d.m.blocks[block].args.clone();
    let mut kept = Parts {
        lbs: Vec::new(),
        ubs: Vec::new(),
        steps: Vec::new(),
        inits: p.inits.clone(),
    };
    let mut once = Vec::new();
    for (k, &iv) in ivs.iter().enumerate() {
        match constant_trip_count(d, p.lbs[k], p.ubs[k], p.steps[k]) {
            Some(0) => {
                d.replace_op(op, &p.inits);
                return true;
            }
            Some(1) => once.push((iv, p.lbs[k])),
            _ => {
                kept.lbs.push(p.lbs[k]);
                kept.ubs.push(p.ubs[k]);
                kept.steps.push(p.steps[k]);
            }
        }
    }
    if once.is_empty() {
        return false;
    }
    for &(iv, lb) in &once {
        d.replace_uses(iv, lb);
    }
    if kept.lbs.is_empty() {
        return inline_once(d, op, block, &p.inits);
    }
    let new = create_parallel(d, op, &kept);
    let region = d.m.ops[op].regions.remove(0);
    d.m.regions[region].parent = Some(new);
    d.m.ops[new].regions.push(region);
    let left: Vec<Value> = ivs
        .into_iter()
        .filter(|iv| !once.iter().any(|(o, _)| o == iv))
        .collect();
    d.m.set_block_args(block, left);
    d.insert_before(op, new);
    let results = d.m.ops[new].results.clone();
    d.replace_op(op, &results);
    true
}

/// The body of `op`, which runs once, inlined before it; each reduction
/// combines its initial value with the body's value once.
fn inline_once(d: &mut Driver, op: OpId, block: BlockId, inits: &[Value]) -> bool {
    let ops = d.m.blocks[block].ops.clone();
    let Some((&reduce, body_ops)) = ops.split_last() else {
        return false;
    };
    for &o in body_ops {
        d.m.detach_op(o);
        d.insert_before(op, o);
    }
    let reduced = d.m.ops[reduce].operands.clone();
    let mut results = Vec::new();
    for (i, &r) in d.m.ops[reduce].regions.clone().iter().enumerate() {
        let Some(&b) = d.m.regions[r].blocks.first() else {
            return false;
        };
        let args = d.m.blocks[b].args.clone();
        let (Some(&init), Some(&value), [lhs, rhs]) = (inits.get(i), reduced.get(i), &args[..])
        else {
            return false;
        };
        d.replace_uses(*lhs, init);
        d.replace_uses(*rhs, value);
        let reduce_ops = d.m.blocks[b].ops.clone();
        let Some((&ret, combine)) = reduce_ops.split_last() else {
            return false;
        };
        for &o in combine {
            d.m.detach_op(o);
            d.insert_before(op, o);
        }
        let Some(&result) = d.m.ops[ret].operands.first() else {
            return false;
        };
        results.push(result);
    }
    d.replace_op(op, &results);
    true
}

/// `MergeNestedParallelLoops` (see the module documentation).
pub(super) fn merge_nested(d: &mut Driver, op: OpId) -> bool {
    let (Some(outer), Some(outer_body)) = (parts(d, op), body(d, op)) else {
        return false;
    };
    let [inner_op, _terminator] = d.m.blocks[outer_body].ops[..] else {
        return false;
    };
    if d.m.ops[inner_op].name != "scf.parallel" {
        return false;
    }
    let (Some(inner), Some(inner_body)) = (parts(d, inner_op), body(d, inner_op)) else {
        return false;
    };
    let outer_ivs = d.m.blocks[outer_body].args.clone();
    let bounds_use_outer = [&inner.lbs, &inner.ubs, &inner.steps]
        .into_iter()
        .flatten()
        .any(|v| outer_ivs.contains(v));
    if bounds_use_outer || !outer.inits.is_empty() || !inner.inits.is_empty() {
        return false;
    }
    let concat = |a: &[Value], b: &[Value]| [a, b].concat();
    let merged = Parts {
        lbs: concat(&outer.lbs, &inner.lbs),
        ubs: concat(&outer.ubs, &inner.ubs),
        steps: concat(&outer.steps, &inner.steps),
        inits: Vec::new(),
    };
    let new = create_parallel(d, op, &merged);
    let loc = d.m.ops[op].loc;
    let region = d.m.add_region(new);
    let inner_ivs = d.m.blocks[inner_body].args.clone();
    let types = vec![Type::Index; outer_ivs.len() + inner_ivs.len()];
    let block = d.m.add_block(region, &types, loc);
    let args = d.m.blocks[block].args.clone();
    for (&old, &new_arg) in outer_ivs.iter().chain(&inner_ivs).zip(&args) {
        d.replace_uses(old, new_arg);
    }
    let ops = d.m.blocks[inner_body].ops.clone();
    if let Some((_, body_ops)) = ops.split_last() {
        for &o in body_ops {
            d.m.detach_op(o);
            d.m.append_op(block, o);
        }
    }
    let reduce = d.m.create_op("scf.reduce", &[], &[], loc);
    d.m.append_op(block, reduce);
    d.insert_before(op, new);
    d.replace_op(op, &[]);
    true
}

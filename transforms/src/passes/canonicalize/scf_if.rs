//! MLIR 19's `scf.if` canonicalization patterns that merge and prune
//! conditionals (the others, `ConvertTrivialIfToSelect`,
//! `RemoveEmptyElseBranch` and `RemoveStaticCondition`, are in
//! [`super::patterns`]):
//!
//! - `CombineIfs`: an `scf.if` right after one on the same condition, or
//!   on its negation, joins it; uses of the first one's results in the
//!   second become the values its branches yield;
//! - `CombineNestedIfs`: an `scf.if` whose `then` holds only another
//!   `scf.if` (and whose `else`s only yield) runs on the conjunction;
//! - `ConditionPropagation`: in its branches, the condition is a constant;
//! - `RemoveUnusedResults`: results without uses go.

use tessera_ir::{Attribute, BlockId, OpId, Type, Value};

use super::fold::constant_attr;
use super::Driver;

/// The block of region `k` of `op`, when it has one.
fn block(d: &Driver, op: OpId, k: usize) -> Option<BlockId> {
    let r = *d.m.ops[op].regions.get(k)?;
    d.m.regions[r].blocks.first().copied()
}

/// The terminator of `block`.
fn terminator(d: &Driver, block: BlockId) -> Option<OpId> {
    d.m.blocks[block].ops.last().copied()
}

/// Whether `v` is `xori(x, 1)`: its `x`.
fn negation_of(d: &Driver, v: Value) -> Option<Value> {
    let def = d.m.defining_op(v)?;
    let [x, one] = d.m.ops[def].operands[..] else {
        return None;
    };
    let is_one = matches!(
        constant_attr(d.m, one),
        Some(Attribute::Bool(true) | Attribute::Integer { value: 1, .. })
    );
    (d.m.ops[def].name == "arith.xori" && is_one).then_some(x)
}

/// Whether `op` is nested (at any depth) in region `k` of `parent`.
fn inside_region(d: &Driver, op: OpId, parent: OpId, k: usize) -> bool {
    let Some(&r) = d.m.ops[parent].regions.get(k) else {
        return false;
    };
    let mut cur = op;
    loop {
        let Some(b) = d.m.ops[cur].parent else {
            return false;
        };
        if d.m.blocks[b].parent == Some(r) {
            return true;
        }
        match d.m.parent_op(cur) {
            Some(p) => cur = p,
            None => return false,
        }
    }
}

/// Moves the ops of `from` to the end of `to`.
fn merge_blocks(d: &mut Driver, from: BlockId, to: BlockId) {
    let ops = std::mem::take(&mut d.m.blocks[from].ops);
    for o in ops {
        d.m.append_op(to, o);
    }
}

/// A new `scf.yield` of `values` at the end of `block`, replacing the
/// yields `old` there.
fn yield_at_end(d: &mut Driver, block: BlockId, values: &[Value], loc_of: OpId, old: &[OpId]) {
    let loc = d.m.ops[loc_of].loc;
    let y = d.m.create_op("scf.yield", values, &[], loc);
    for &o in old {
        d.erase(o);
    }
    d.append_new(block, y);
}

/// `CombineIfs` (see the module documentation).
pub(super) fn combine_ifs(d: &mut Driver, next: OpId) -> bool {
    let Some(parent) = d.m.ops[next].parent else {
        return false;
    };
    let ops = &d.m.blocks[parent].ops;
    let Some(at) = ops.iter().position(|&o| o == next) else {
        return false;
    };
    let Some(&prev) = at.checked_sub(1).and_then(|i| ops.get(i)) else {
        return false;
    };
    if d.m.ops[prev].name != "scf.if" {
        return false;
    }
    let (prev_cond, next_cond) = (d.m.ops[prev].operands[0], d.m.ops[next].operands[0]);
    // The regions of `next` taken when `prev`'s `then` (`else`) runs.
    let (mut next_then, mut next_else) = (None, None);
    if prev_cond == next_cond {
        next_then = Some(0);
        next_else = block(d, next, 1).map(|_| 1);
    }
    if negation_of(d, next_cond) == Some(prev_cond) || negation_of(d, prev_cond) == Some(next_cond)
    {
        next_else = Some(0);
        next_then = block(d, next, 1).map(|_| 1);
    }
    if next_then.is_none() && next_else.is_none() {
        return false;
    }
    let (Some(prev_then), Some(next_first)) = (block(d, prev, 0), block(d, next, 0)) else {
        return false;
    };
    let prev_else = block(d, prev, 1);
    // Uses of `prev`'s results in `next` become the yielded values.
    let prev_results = d.m.ops[prev].results.clone();
    let then_yielded = terminator(d, prev_then).map(|y| d.m.ops[y].operands.clone());
    let else_yielded = prev_else
        .and_then(|b| terminator(d, b))
        .map(|y| d.m.ops[y].operands.clone())
        .unwrap_or_default();
    for (i, &r) in prev_results.iter().enumerate().take(else_yielded.len()) {
        for user in d.users(r) {
            let value = if next_then.is_some_and(|k| inside_region(d, user, next, k)) {
                then_yielded.as_ref().map(|t| t[i])
            } else if next_else.is_some_and(|k| inside_region(d, user, next, k)) {
                Some(else_yielded[i])
            } else {
                None
            };
            if let Some(v) = value {
                d.replace_operand(user, r, v);
            }
        }
    }
    let mut types: Vec<Type> = prev_results
        .iter()
        .map(|&r| d.m.value_type(r).clone())
        .collect();
    let next_results = d.m.ops[next].results.clone();
    types.extend(next_results.iter().map(|&r| d.m.value_type(r).clone()));
    let loc = d.m.ops[next].loc;
    let combined = d.m.create_op("scf.if", &[prev_cond], &types, loc);
    // Its regions are `prev`'s, with `next`'s blocks merged in.
    let regions = std::mem::take(&mut d.m.ops[prev].regions);
    for &r in &regions {
        d.m.regions[r].parent = Some(combined);
    }
    d.m.ops[combined].regions = regions;
    let next_blocks = [Some(next_first), block(d, next, 1)];
    let next_block = |k: usize| next_blocks[k];
    if let Some(b) = next_then.and_then(next_block) {
        join_branch(d, prev_then, b);
    }
    if let Some(k) = next_else {
        match (prev_else, next_block(k)) {
            (Some(pe), Some(b)) => join_branch(d, pe, b),
            (None, Some(_)) => {
                // `prev` has no `else`: `next`'s branch becomes it.
                let from = d.m.ops[next].regions[k];
                let blocks = std::mem::take(&mut d.m.regions[from].blocks);
                if d.m.ops[combined].regions.len() < 2 {
                    d.m.add_region(combined);
                }
                let to = d.m.ops[combined].regions[1];
                for &b in &blocks {
                    d.m.blocks[b].parent = Some(to);
                }
                d.m.regions[to].blocks.extend(blocks);
            }
            _ => {}
        }
    }
    d.insert_before(next, combined);
    let results = d.m.ops[combined].results.clone();
    let (first, second) = results.split_at(prev_results.len());
    d.replace_op(prev, first);
    d.replace_op(next, second);
    true
}

/// Appends the ops of `from` (a branch of the second `scf.if`) to `to`
/// (the same branch of the first), with one yield of both yields' values.
fn join_branch(d: &mut Driver, to: BlockId, from: BlockId) {
    let (Some(first_yield), Some(second_yield)) = (terminator(d, to), terminator(d, from)) else {
        return;
    };
    let mut values = d.m.ops[first_yield].operands.clone();
    values.extend(d.m.ops[second_yield].operands.clone());
    merge_blocks(d, from, to);
    yield_at_end(d, to, &values, second_yield, &[first_yield, second_yield]);
}

/// Whether `block` (when there is one) holds its terminator only.
fn only_yields(d: &Driver, block: Option<BlockId>) -> bool {
    block.map_or(true, |b| d.m.blocks[b].ops.len() == 1)
}

/// `CombineNestedIfs` (see the module documentation).
pub(super) fn combine_nested_ifs(d: &mut Driver, op: OpId) -> bool {
    let Some(then_block) = block(d, op, 0) else {
        return false;
    };
    let else_block = block(d, op, 1);
    let [nested, then_yield] = d.m.blocks[then_block].ops[..] else {
        return false;
    };
    if d.m.ops[nested].name != "scf.if" || !only_yields(d, else_block) {
        return false;
    }
    let nested_else = block(d, nested, 1);
    let Some(nested_then) = block(d, nested, 0) else {
        return false;
    };
    if !only_yields(d, nested_else) {
        return false;
    }
    let mut then_values = d.m.ops[then_yield].operands.clone();
    let else_values = else_block
        .and_then(|b| terminator(d, b))
        .map(|y| d.m.ops[y].operands.clone())
        .unwrap_or_default();
    let nested_results = d.m.ops[nested].results.clone();
    let nested_else_values = nested_else
        .and_then(|b| terminator(d, b))
        .map(|y| d.m.ops[y].operands.clone())
        .unwrap_or_default();
    let Some(nested_yield) = terminator(d, nested_then) else {
        return false;
    };
    let nested_then_values = d.m.ops[nested_yield].operands.clone();
    let mut to_select = Vec::new();
    for (i, v) in then_values.iter_mut().enumerate() {
        if let Some(k) = nested_results.iter().position(|r| r == v) {
            if nested_else_values.get(k) != else_values.get(i) {
                return false;
            }
            *v = nested_then_values[k];
        } else if d.m.value_block(*v) == Some(then_block) {
            return false;
        } else {
            to_select.push(i);
        }
    }
    let (cond, nested_cond) = (d.m.ops[op].operands[0], d.m.ops[nested].operands[0]);
    let loc = d.m.ops[op].loc;
    let and =
        d.m.create_op("arith.andi", &[cond, nested_cond], &[Type::Integer(1)], loc);
    d.insert_before(op, and);
    let both = d.m.ops[and].results[0];
    let results = d.m.ops[op].results.clone();
    let types: Vec<Type> = results.iter().map(|&r| d.m.value_type(r).clone()).collect();
    let new_if = d.m.create_op("scf.if", &[both], &types, loc);
    // Its `then` is the nested `then`; its `else` (if any) only yields.
    let then_region = d.m.ops[nested].regions.remove(0);
    d.m.regions[then_region].parent = Some(new_if);
    d.m.ops[new_if].regions.push(then_region);
    let else_region = d.m.add_region(new_if);
    if !else_values.is_empty() {
        let b = d.m.add_block(else_region, &[], loc);
        let y = d.m.create_op("scf.yield", &else_values, &[], loc);
        d.m.append_op(b, y);
    }
    d.insert_before(op, new_if);
    let mut values = d.m.ops[new_if].results.clone();
    for i in to_select {
        let ty = d.m.value_type(then_values[i]).clone();
        let select = d.m.create_op(
            "arith.select",
            &[cond, then_values[i], else_values[i]],
            &[ty],
            loc,
        );
        d.insert_before(new_if, select);
        values[i] = d.m.ops[select].results[0];
    }
    yield_at_end(d, nested_then, &then_values, nested_yield, &[nested_yield]);
    d.replace_op(op, &values);
    true
}

/// `ConditionPropagation` (see the module documentation).
pub(super) fn condition_propagation(d: &mut Driver, op: OpId) -> bool {
    let cond = d.m.ops[op].operands[0];
    if constant_attr(d.m, cond).is_some() {
        return false;
    }
    let (mut truth, mut falsity) = (None, None);
    let mut changed = false;
    for user in d.users(cond) {
        let (slot, value) = if inside_region(d, user, op, 0) {
            (&mut truth, true)
        } else if inside_region(d, user, op, 1) {
            (&mut falsity, false)
        } else {
            continue;
        };
        let c = match *slot {
            Some(c) => c,
            None => {
                let c = d.constant_before(op, Attribute::Bool(value), Type::Integer(1));
                *slot = Some(c);
                c
            }
        };
        d.replace_operand(user, cond, c);
        changed = true;
    }
    changed
}

/// `RemoveUnusedResults` (see the module documentation).
pub(super) fn remove_unused_results(d: &mut Driver, op: OpId) -> bool {
    let results = d.m.ops[op].results.clone();
    let used: Vec<usize> = (0..results.len())
        .filter(|&i| d.has_uses(results[i]))
        .collect();
    if used.len() == results.len() {
        return false;
    }
    let (Some(then_block), Some(else_block)) = (block(d, op, 0), block(d, op, 1)) else {
        return false;
    };
    let types: Vec<Type> = used
        .iter()
        .map(|&i| d.m.value_type(results[i]).clone())
        .collect();
    let loc = d.m.ops[op].loc;
    let new =
        d.m.create_op("scf.if", &[d.m.ops[op].operands[0]], &types, loc);
    let regions = std::mem::take(&mut d.m.ops[op].regions);
    for &r in &regions {
        d.m.regions[r].parent = Some(new);
    }
    d.m.ops[new].regions = regions;
    for b in [then_block, else_block] {
        if let Some(y) = terminator(d, b) {
            let kept: Vec<Value> = used.iter().map(|&i| d.m.ops[y].operands[i]).collect();
            d.m.ops[y].operands = kept;
        }
    }
    d.insert_before(op, new);
    let new_results = d.m.ops[new].results.clone();
    let mut values = results.clone();
    for (k, &i) in used.iter().enumerate() {
        values[i] = new_results[k];
    }
    d.replace_op(op, &values);
    true
}

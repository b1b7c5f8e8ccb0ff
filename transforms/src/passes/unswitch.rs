//! `--test-affine-loop-unswitch`: MLIR 19's test pass around
//! `hoistAffineIfOp` — the first `affine.if` (in a post-order walk of the
//! module) whose condition is invariant in the loops around it is hoisted
//! above the outermost of them, that loop nest becoming the `then` version
//! (the `if` replaced by its `then` block) and a copy of it the `else`
//! version (the `if` replaced by its `else` block, or gone).
//!
//! As mlir-opt does, each `affine.if` visited is first folded and
//! rewritten by its own patterns (its `affine.apply` operands composed
//! in, its set and operands canonicalized, an empty `else` dropped, a
//! condition that always or never holds replaced by the branch it
//! takes); after the hoist, the function
//! holding it is cleaned as MLIR's greedy driver cleans it: constants
//! uniqued and moved to the top of the function, unreachable blocks
//! erased, ops with no effect and
//! no use erased (the loop copies left empty among them), `affine.if`s
//! folded and their empty `else` blocks dropped, `affine.for` bounds
//! folded and canonicalized. MLIR's greedy driver also runs the folders
//! of the other ops; tessera does not fold `arith` arithmetic or
//! `affine.apply` there (so a function with foldable constant arithmetic
//! prints differently). An `affine.if` with results is left alone, not
//! even folded, as mlir-opt leaves it. Unlike mlir-opt, the `affine.if`
//! stays inside an `affine.parallel` whose induction variable it uses.

use std::collections::{HashMap, HashSet};

use tessera_ir::{Attribute, BlockId, Module, OpId, Value};

use crate::canonical::{canonicalize_loop_bounds, canonicalize_set, compose_set, fold_loop_bounds};
use crate::loops::{enclosing_function, insert_after, insert_before, position};
use crate::passes::canonicalize::{attached, fold_and_rewrite_ops, Strictness};
use crate::passes::cse::removable;
use crate::passes::PassRemark;

/// mlir-opt's `--test-affine-loop-unswitch` on `module`.
pub fn test_affine_loop_unswitch(module: &mut Module) -> Vec<PassRemark> {
    for op in post_order(module, module.top) {
        // mlir-opt leaves an affine.if with results alone, unfolded.
        if module.ops[op].name != "affine.if" || !module.ops[op].results.is_empty() {
            continue;
        }
        // MLIR's `applyOpPatternsAndFold` on the `if` with its own
        // patterns: a condition that always holds (or never does) inlines
        // a branch and the `if` goes.
        fold_and_rewrite_ops(module, &[op], Strictness::ExistingOps);
        if !attached(module, op) {
            continue;
        }
        let Some(over) = outermost_invariant(module, op) else {
            continue;
        };
        let func = enclosing_function(module, op);
        hoist(module, op, over);
        if let Some(f) = func {
            clean_up(module, f);
        }
        return vec![PassRemark {
            mlir_remark: None,
            op: over,
            message: "test-affine-loop-unswitch: affine.if hoisted".into(),
        }];
    }
    Vec::new()
}

/// The ops nested in `root` (included), each after the ops nested in it.
fn post_order(module: &Module, root: OpId) -> Vec<OpId> {
    let mut pre = Vec::new();
    let mut stack = vec![root];
    while let Some(o) = stack.pop() {
        pre.push(o);
        for &r in &module.ops[o].regions {
            for &b in &module.regions[r].blocks {
                stack.extend(module.blocks[b].ops.iter());
            }
        }
    }
    // Pushing children in order and reversing the pre-order of the
    // mirrored walk gives the post-order.
    pre.reverse();
    pre
}

/// The condition of an `affine.if`, its operands composed and
/// canonicalized (MLIR's `AffineIfOp::fold`), and an empty `else` block
/// dropped (`SimplifyDeadElse`).
fn fold_if(module: &mut Module, op: OpId) {
    // To a fixpoint, as MLIR's driver folds: merging repeated operands can
    // leave one unused for the next round. Each round shrinks the
    // operands or changes nothing.
    for _ in 0..8 {
        let Some(Attribute::IntegerSet(set)) = module.ops[op].attr("condition") else {
            break;
        };
        let set = set.clone();
        let operands = module.ops[op].operands.clone();
        let (new_set, new_operands) = compose_set(module, &set, &operands);
        let (new_set, new_operands) = canonicalize_set(module, &new_set, &new_operands);
        if new_set == set && new_operands == operands {
            break;
        }
        module.set_attr(op, "condition", Attribute::IntegerSet(new_set));
        module.ops[op].operands = new_operands;
    }
    let data = &module.ops[op];
    if !data.results.is_empty() {
        return;
    }
    if let Some(&r) = data.regions.get(1) {
        let empty_else = match module.regions[r].blocks.as_slice() {
            [b] => module.blocks[*b].ops.len() <= 1,
            _ => false,
        };
        if empty_else {
            module.regions[r].blocks.clear();
        }
    }
}

/// The outermost op the `affine.if` `op` can be hoisted above (MLIR's
/// `getOutermostInvariantForOp`): up through `affine.for`s and
/// `affine.parallel`s whose induction variables it does not use, and
/// `affine.if`s. (mlir-opt's check of an `affine.parallel`'s variables
/// only leaves its inner loop: it hoists the `affine.if` out of the
/// `affine.parallel` defining its operand, and its output does not
/// verify.)
fn outermost_invariant(module: &Module, op: OpId) -> Option<OpId> {
    let operands = &module.ops[op].operands;
    let mut res = op;
    while let Some(parent) = module.parent_op(res) {
        let data = &module.ops[parent];
        match data.name.as_str() {
            "affine.for" | "affine.parallel" => {
                let body = module.regions[*data.regions.first()?].blocks.first()?;
                if module.blocks[*body]
                    .args
                    .iter()
                    .any(|a| operands.contains(a))
                {
                    break;
                }
            }
            "affine.if" => {}
            _ => break,
        }
        res = parent;
    }
    (res != op).then_some(res)
}

/// The first block of the region `index` of `op`.
fn block_of(module: &Module, op: OpId, index: usize) -> Option<BlockId> {
    let r = *module.ops[op].regions.get(index)?;
    module.regions[r].blocks.first().copied()
}

/// Replaces the `affine.if` `op` by the ops of its region `index` (MLIR's
/// `promoteIfBlock`); `op` has no results.
fn promote_block(module: &mut Module, op: OpId, index: usize) {
    if let (Some(b), Some((block, at))) = (block_of(module, op, index), position(module, op)) {
        let mut ops = std::mem::take(&mut module.blocks[b].ops);
        if let Some(t) = ops.pop() {
            module.blocks[b].ops.push(t);
        }
        module.insert_ops(block, at, &ops);
    }
    module.erase_op(op);
}

/// Hoists the `affine.if` `op` above `over` (MLIR's `hoistAffineIfOp`).
fn hoist(module: &mut Module, op: OpId, over: OpId) {
    let loc = module.ops[op].loc;
    let operands = module.ops[op].operands.clone();
    let new_if = module.create_op("affine.if", &operands, &[], loc);
    if let Some(condition) = module.ops[op].attr("condition").cloned() {
        module.set_attr(new_if, "condition", condition);
    }
    let mut blocks = Vec::new();
    for _ in 0..2 {
        let region = module.add_region(new_if);
        let block = module.add_block(region, &[], loc);
        let terminator = module.create_op("affine.yield", &[], &[], loc);
        module.append_op(block, terminator);
        blocks.push(block);
    }
    insert_before(module, over, new_if);
    // The else version: a copy of `over`, with the copy of `op` replaced
    // by its else block (or erased).
    let mut map: HashMap<Value, Value> = HashMap::new();
    let copy = module.clone_op(over, &mut map);
    insert_after(module, over, copy);
    let (original, copied) = (post_order(module, over), post_order(module, copy));
    let op_copy = original
        .iter()
        .position(|&o| o == op)
        .and_then(|i| copied.get(i).copied());
    promote_block(module, op, 0);
    if let Some(c) = op_copy {
        let has_else = block_of(module, c, 1).is_some();
        if has_else {
            promote_block(module, c, 1);
        } else {
            module.erase_op(c);
        }
    }
    for (block, moved) in blocks.into_iter().zip([over, copy]) {
        module.detach_op(moved);
        module.insert_op(block, 0, moved);
    }
}

/// What MLIR's greedy driver does to the function after the hoist, but
/// for the folders of other ops (see the module documentation).
pub(super) fn clean_up(module: &mut Module, func: OpId) {
    let Some(entry) = block_of(module, func, 0) else {
        return;
    };
    // Constants: the first of each value kept, moved to the top.
    let mut kept: HashMap<String, Value> = HashMap::new();
    let mut owned: HashSet<OpId> = HashSet::new();
    let mut replace: HashMap<Value, Value> = HashMap::new();
    for op in post_order(module, func) {
        let data = &module.ops[op];
        if data.name != "arith.constant" || data.results.len() != 1 {
            continue;
        }
        let result = data.results[0];
        let key = format!("{:?} {:?}", data.attr("value"), module.value_type(result));
        if let Some(&first) = kept.get(&key) {
            replace.insert(result, first);
            module.erase_op(op);
            continue;
        }
        kept.insert(key, result);
        let in_place = module.ops[op].parent == Some(entry)
            && (module.blocks[entry].ops.first() == Some(&op)
                || position(module, op).is_some_and(|(_, i)| {
                    i > 0 && owned.contains(&module.blocks[entry].ops[i - 1])
                }));
        if !in_place {
            module.detach_op(op);
            module.insert_op(entry, 0, op);
        }
        owned.insert(op);
    }
    crate::loops::replace_uses_in(module, func, &replace);
    // Unreachable blocks: tessera's IR has no branches, so every block but
    // the first of its region.
    for op in post_order(module, func) {
        for r in module.ops[op].regions.clone() {
            module.regions[r].blocks.truncate(1);
        }
    }
    // Dead ops, to a fixpoint; then the affine.ifs folded.
    loop {
        let ops = post_order(module, func);
        let used: HashSet<Value> = ops
            .iter()
            .flat_map(|&o| module.ops[o].operands.iter().copied())
            .collect();
        let dead: Vec<OpId> = ops
            .into_iter()
            .filter(|&o| {
                let d = &module.ops[o];
                o != func
                    && !matches!(
                        d.name.as_str(),
                        "affine.yield" | "func.return" | "scf.yield"
                    )
                    && d.results.iter().all(|r| !used.contains(r))
                    && removable(module, o, true)
            })
            .collect();
        if dead.is_empty() {
            break;
        }
        for o in dead {
            module.erase_op(o);
        }
    }
    for op in post_order(module, func) {
        match module.ops[op].name.as_str() {
            "affine.if" => fold_if(module, op),
            "affine.for" => {
                // Each step takes a bound to a simpler form: few rounds.
                for _ in 0..8 {
                    if !(fold_loop_bounds(module, op) | canonicalize_loop_bounds(module, op)) {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
}

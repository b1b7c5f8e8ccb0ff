//! `scf.while`'s canonicalization patterns of MLIR 19, in its order:
//! before-block arguments that never change replaced by their initial
//! values, condition arguments defined outside the loop forwarded, the
//! condition passed to the after block made `true` there, the same
//! comparison repeated in the after block made a constant, results unused
//! inside and outside dropped, duplicate results merged, unused
//! before-block arguments dropped, and the condition's arguments put in
//! the before block's order when they are a permutation of it. Each
//! rewrites the loop in place where MLIR builds a new one.

use tessera_ir::ir::ValueDef;
use tessera_ir::{Attribute, BlockId, OpId, Value};

use super::liveness::erase_block_args;
use super::{Driver, ANON};

/// Applies the first `scf.while` pattern that matches; whether one did.
pub(super) fn apply(d: &mut Driver, op: OpId) -> bool {
    let Some(w) = While::read(d, op) else {
        return false;
    };
    (enabled!(d, "{ANON}RemoveLoopInvariantArgsFromBeforeBlock") && invariant_before_args(d, &w))
        || (enabled!(d, "{ANON}RemoveLoopInvariantValueYielded") && invariant_condition_args(d, &w))
        || (enabled!(d, "{ANON}WhileConditionTruth") && condition_truth(d, &w))
        || (enabled!(d, "{ANON}WhileCmpCond") && repeated_comparison(d, &w))
        || (enabled!(d, "{ANON}WhileUnusedResult") && unused_results(d, &w))
        || (enabled!(d, "{ANON}WhileRemoveDuplicatedResults") && duplicate_results(d, &w))
        || (enabled!(d, "{ANON}WhileRemoveUnusedArgs") && unused_before_args(d, &w))
        || (enabled!(d, "{ANON}WhileOpAlignBeforeArgs") && align_before_args(d, &w))
}

/// The parts of an `scf.while`.
struct While {
    op: OpId,
    before: BlockId,
    after: BlockId,
    /// The `scf.condition` ending the before block.
    condition: OpId,
    /// The `scf.yield` ending the after block.
    yield_op: OpId,
}

impl While {
    fn read(d: &Driver, op: OpId) -> Option<While> {
        let m = &*d.m;
        let [before, after] = m.ops[op].regions[..] else {
            return None;
        };
        let (before, after) = (
            *m.regions[before].blocks.first()?,
            *m.regions[after].blocks.first()?,
        );
        let condition = *m.blocks[before].ops.last()?;
        let yield_op = *m.blocks[after].ops.last()?;
        let shapes_agree = m.ops[condition].name == "scf.condition"
            && m.ops[yield_op].name == "scf.yield"
            && m.blocks[before].args.len() == m.ops[op].operands.len()
            && m.ops[yield_op].operands.len() == m.ops[op].operands.len()
            && m.ops[condition].operands.len() == m.ops[op].results.len() + 1
            && m.blocks[after].args.len() == m.ops[op].results.len();
        shapes_agree.then_some(While {
            op,
            before,
            after,
            condition,
            yield_op,
        })
    }

    /// The values passed on by the condition (its operands but the first).
    fn passed(&self, d: &Driver) -> Vec<Value> {
        d.m.ops[self.condition].operands[1..].to_vec()
    }
}

/// Keeps the entries of `list` whose flag is set.
fn kept(list: &[Value], keep: &[bool]) -> Vec<Value> {
    list.iter()
        .zip(keep)
        .filter(|(_, k)| **k)
        .map(|(&v, _)| v)
        .collect()
}

/// Drops the before-block arguments that are not kept (their uses gone),
/// with their initial values and what the after block yields for them.
fn drop_before_args(d: &mut Driver, w: &While, keep: &[bool]) {
    let inits = d.m.ops[w.op].operands.clone();
    let yielded = d.m.ops[w.yield_op].operands.clone();
    erase_block_args(d, w.before, keep);
    d.m.ops[w.yield_op].operands = kept(&yielded, keep);
    d.m.ops[w.op].operands = kept(&inits, keep);
    d.modified(w.yield_op);
    d.modified(w.op);
}

/// Gives the after block's arguments the loop's location, as the MLIR
/// patterns that rebuild the loop create them (at the op's location, or a
/// result's, which is the op's).
fn after_args_at_loop(d: &mut Driver, w: &While) {
    let loc = d.m.ops[w.op].loc;
    for a in d.m.blocks[w.after].args.clone() {
        d.m.values[a].loc = loc;
    }
}

/// Drops the values the condition passes that are not kept, with their
/// after-block arguments and the loop's results (whose uses are gone).
fn drop_passed(d: &mut Driver, w: &While, keep: &[bool]) {
    let passed = w.passed(d);
    let condition = d.m.ops[w.condition].operands[0];
    d.m.ops[w.condition].operands = std::iter::once(condition)
        .chain(kept(&passed, keep))
        .collect();
    erase_block_args(d, w.after, keep);
    erase_results(d, w.op, keep);
    d.modified(w.condition);
    d.modified(w.op);
}

/// Drops the results of `op` that are not kept, renumbering the others.
fn erase_results(d: &mut Driver, op: OpId, keep: &[bool]) {
    let results = kept(&d.m.ops[op].results.clone(), keep);
    for (index, &r) in results.iter().enumerate() {
        d.m.values[r].def = ValueDef::OpResult {
            op,
            index: index as u32,
        };
    }
    d.m.ops[op].results = results;
}

/// `RemoveLoopInvariantArgsFromBeforeBlock`: a before-block argument is
/// its initial value when the after block yields that value back, or
/// yields an after-block argument the condition fed with the argument or
/// its initial value.
fn invariant_before_args(d: &mut Driver, w: &While) -> bool {
    let inits = d.m.ops[w.op].operands.clone();
    let args = d.m.blocks[w.before].args.clone();
    let yielded = d.m.ops[w.yield_op].operands.clone();
    let after_args = d.m.blocks[w.after].args.clone();
    let passed = w.passed(d);
    let invariant: Vec<bool> = (0..inits.len())
        .map(|i| {
            yielded[i] == inits[i]
                || after_args
                    .iter()
                    .position(|&a| a == yielded[i])
                    .is_some_and(|k| passed[k] == args[i] || passed[k] == inits[i])
        })
        .collect();
    if !invariant.contains(&true) {
        return false;
    }
    for i in (0..inits.len()).filter(|&i| invariant[i]) {
        d.replace_uses(args[i], inits[i]);
    }
    let keep: Vec<bool> = invariant.iter().map(|v| !v).collect();
    drop_before_args(d, w, &keep);
    true
}

/// `RemoveLoopInvariantValueYielded`: a value the condition passes on
/// that is defined outside the before block is what the result and the
/// after-block argument hold.
fn invariant_condition_args(d: &mut Driver, w: &While) -> bool {
    let passed = w.passed(d);
    let outside: Vec<bool> = passed
        .iter()
        .map(|&v| d.m.value_block(v) != Some(w.before) && !inside_op(d, v, w.op))
        .collect();
    if !outside.contains(&true) {
        return false;
    }
    let after_args = d.m.blocks[w.after].args.clone();
    let results = d.m.ops[w.op].results.clone();
    for k in (0..passed.len()).filter(|&k| outside[k]) {
        d.replace_uses(after_args[k], passed[k]);
        d.replace_uses(results[k], passed[k]);
    }
    let keep: Vec<bool> = outside.iter().map(|o| !o).collect();
    drop_passed(d, w, &keep);
    true
}

/// Whether `v` is defined inside `op` (in one of its regions).
fn inside_op(d: &Driver, v: Value, op: OpId) -> bool {
    let def = match d.m.defining_op(v) {
        Some(o) => Some(o),
        None => d.m.value_block(v).and_then(|b| d.m.block_parent_op(b)),
    };
    def.is_some_and(|o| o == op || d.m.encloses(op, o))
}

/// `WhileConditionTruth`: an after-block argument fed with the condition
/// itself is `true` there.
fn condition_truth(d: &mut Driver, w: &While) -> bool {
    let condition = d.m.ops[w.condition].operands[0];
    let passed = w.passed(d);
    let after_args = d.m.blocks[w.after].args.clone();
    let mut truth = None;
    let mut replaced = false;
    for (k, &v) in passed.iter().enumerate() {
        if v != condition || !d.has_uses(after_args[k]) {
            continue;
        }
        let t = match truth {
            Some(t) => t,
            None => {
                let ty = d.m.value_type(condition).clone();
                let t = d.constant_before(w.op, Attribute::Bool(true), ty);
                truth = Some(t);
                t
            }
        };
        d.replace_uses(after_args[k], t);
        replaced = true;
    }
    replaced
}

/// `WhileCmpCond`: when the condition is an `arith.cmpi` and an operand
/// of it is passed to the after block, a `cmpi` there of that argument
/// with the same other operand is `true` (the same predicate) or `false`
/// (the inverse one).
fn repeated_comparison(d: &mut Driver, w: &While) -> bool {
    let condition = d.m.ops[w.condition].operands[0];
    let Some(cmp) =
        d.m.defining_op(condition)
            .filter(|&c| d.m.ops[c].name == "arith.cmpi")
    else {
        return false;
    };
    let Some(pred) = super::extensions::cmpi_predicate(d, cmp) else {
        return false;
    };
    let inverse = super::extensions::inverse_predicate(pred);
    let sides = d.m.ops[cmp].operands.clone();
    let passed = w.passed(d);
    let after_args = d.m.blocks[w.after].args.clone();
    let mut changed = false;
    for (k, &v) in passed.iter().enumerate() {
        for side in 0..2 {
            if v != sides[side] {
                continue;
            }
            for user in d.users(after_args[k]) {
                if d.m.ops[user].name != "arith.cmpi"
                    || d.m.ops[user].operands.get(1 - side) != Some(&sides[1 - side])
                {
                    continue;
                }
                let same = match super::extensions::cmpi_predicate(d, user) {
                    Some(p) if p == pred => true,
                    Some(p) if p == inverse => false,
                    _ => continue,
                };
                let ty = d.m.value_type(d.m.ops[user].results[0]).clone();
                let c = d.constant_before(user, Attribute::Bool(same), ty);
                d.replace_op(user, &[c]);
                changed = true;
            }
        }
    }
    changed
}

/// `WhileUnusedResult`: a result unused after the loop whose after-block
/// argument is unused too is dropped.
fn unused_results(d: &mut Driver, w: &While) -> bool {
    let results = d.m.ops[w.op].results.clone();
    let after_args = d.m.blocks[w.after].args.clone();
    let keep: Vec<bool> = results
        .iter()
        .zip(&after_args)
        .map(|(&r, &a)| d.has_uses(r) || d.has_uses(a))
        .collect();
    if !keep.contains(&false) {
        return false;
    }
    drop_passed(d, w, &keep);
    after_args_at_loop(d, w);
    true
}

/// `WhileRemoveDuplicatedResults`: a value the condition passes twice is
/// passed once; the later result and after-block argument take the first
/// one's place.
fn duplicate_results(d: &mut Driver, w: &While) -> bool {
    let passed = w.passed(d);
    let first: Vec<usize> = passed
        .iter()
        .map(|v| passed.iter().position(|u| u == v).unwrap_or(0))
        .collect();
    if first.iter().enumerate().all(|(k, &f)| f == k) {
        return false;
    }
    let results = d.m.ops[w.op].results.clone();
    let after_args = d.m.blocks[w.after].args.clone();
    for (k, &f) in first.iter().enumerate() {
        if f != k {
            d.replace_uses(results[k], results[f]);
            d.replace_uses(after_args[k], after_args[f]);
        }
    }
    let keep: Vec<bool> = first.iter().enumerate().map(|(k, &f)| f == k).collect();
    drop_passed(d, w, &keep);
    after_args_at_loop(d, w);
    true
}

/// `WhileRemoveUnusedArgs`: a before-block argument without uses is
/// dropped, with its initial value and what the after block yields for it.
fn unused_before_args(d: &mut Driver, w: &While) -> bool {
    let args = d.m.blocks[w.before].args.clone();
    let keep: Vec<bool> = args.iter().map(|&a| d.has_uses(a)).collect();
    if !keep.contains(&false) {
        return false;
    }
    drop_before_args(d, w, &keep);
    after_args_at_loop(d, w);
    true
}

/// `WhileOpAlignBeforeArgs`: when the condition passes the before
/// block's arguments, each once, in another order, it passes them in
/// their order, the results and after-block arguments permuted alike.
fn align_before_args(d: &mut Driver, w: &While) -> bool {
    let args = d.m.blocks[w.before].args.clone();
    let passed = w.passed(d);
    if passed.len() != args.len() || passed == args {
        return false;
    }
    // `order[i]`: where the condition passes before-block argument `i`.
    let order: Option<Vec<usize>> = args
        .iter()
        .map(|a| passed.iter().position(|p| p == a))
        .collect();
    let Some(order) = order else {
        return false;
    };
    let mut seen = vec![false; order.len()];
    for &k in &order {
        if std::mem::replace(&mut seen[k], true) {
            return false;
        }
    }
    let results = d.m.ops[w.op].results.clone();
    let after_args = d.m.blocks[w.after].args.clone();
    let permute = |list: &[Value]| -> Vec<Value> { order.iter().map(|&k| list[k]).collect() };
    let (new_results, new_after) = (permute(&results), permute(&after_args));
    for (index, &r) in new_results.iter().enumerate() {
        d.m.values[r].def = ValueDef::OpResult {
            op: w.op,
            index: index as u32,
        };
    }
    for (index, &a) in new_after.iter().enumerate() {
        d.m.values[a].def = ValueDef::BlockArg {
            block: w.after,
            index: index as u32,
        };
    }
    d.m.ops[w.op].results = new_results;
    d.m.blocks[w.after].args = new_after;
    let condition = d.m.ops[w.condition].operands[0];
    d.m.ops[w.condition].operands = std::iter::once(condition).chain(args).collect();
    after_args_at_loop(d, w);
    d.modified(w.condition);
    d.modified(w.op);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_keeps_flagged_entries_in_order() {
        let m = tessera_ir::parse_module(
            "t.mlir",
            "func.func @f(%a: i32, %b: i32, %c: i32) {\n  return\n}\n",
        )
        .expect("parses");
        let vs: Vec<Value> = m.values.keys().collect();
        assert_eq!(kept(&vs, &[true, false, true]), vec![vs[0], vs[2]]);
    }
}

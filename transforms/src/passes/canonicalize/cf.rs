//! The canonicalization patterns of MLIR 19's `cf` dialect, each named
//! after MLIR's: `cf.assert` of a true constant erased; `cf.br`'s
//! `simplifyBrToBlockWithSinglePred` (the successor merged into the
//! branching block) and `simplifyPassThroughBr`; `cf.cond_br`'s
//! `SimplifyConstCondBranchPred`, `SimplifyPassThroughCondBranch`,
//! `SimplifyCondBranchIdenticalSuccessors`,
//! `SimplifyCondBranchFromCondBranchOnSameCondition` and
//! `CondBranchTruthPropagation`; `cf.switch`'s
//! `simplifySwitchWithOnlyDefault`, `dropSwitchCasesThatMatchDefault`,
//! `simplifyConstSwitchValue`, `simplifyPassThroughSwitch`,
//! `simplifySwitchFromSwitchOnSameCondition` and
//! `simplifySwitchFromDefaultSwitchOnSameCondition`.
//!
//! As in MLIR, a rewritten terminator is replaced by a new op created
//! before it.

use tessera_ir::ir::{successor_operands, switch_case_values};
use tessera_ir::{Attribute, BlockId, OpId, Type, Value};

use super::fold::{constant_bits, int_width};
use super::{Driver, ANON};

/// Applies the first pattern of the `cf` op `op` that matches.
pub(super) fn apply(d: &mut Driver, op: OpId) -> bool {
    // (the patterns of `cf.assert`, `cf.br` and `cf.switch` are
    // functions, which have no name)
    match d.m.ops[op].name.as_str() {
        "cf.assert" => enabled!(d, "") && assert_true(d, op),
        "cf.br" => enabled!(d, "") && (br_to_single_predecessor(d, op) || pass_through_br(d, op)),
        "cf.cond_br" => {
            (enabled!(d, "{ANON}SimplifyConstCondBranchPred") && constant_condition(d, op))
                || (enabled!(d, "{ANON}SimplifyPassThroughCondBranch")
                    && pass_through_cond_br(d, op))
                || (enabled!(d, "{ANON}SimplifyCondBranchIdenticalSuccessors")
                    && identical_successors(d, op))
                || (enabled!(d, "{ANON}SimplifyCondBranchFromCondBranchOnSameCondition")
                    && cond_br_on_same_condition(d, op))
                || (enabled!(d, "{ANON}CondBranchTruthPropagation") && truth_propagation(d, op))
        }
        "cf.switch" => {
            enabled!(d, "")
                && (switch_only_default(d, op)
                    || drop_cases_matching_default(d, op)
                    || constant_switch(d, op)
                    || pass_through_switch(d, op)
                    || switch_on_same_condition(d, op)
                    || switch_on_same_condition_default(d, op))
        }
        _ => false,
    }
}

/// A branching terminator: its leading operands and, per successor, the
/// block and the values passed.
struct Branch {
    leading: Vec<Value>,
    targets: Vec<(BlockId, Vec<Value>)>,
}

fn branch(d: &Driver, op: OpId) -> Option<Branch> {
    let data = &d.m.ops[op];
    let split = successor_operands(data)?;
    Some(Branch {
        leading: split.leading.to_vec(),
        targets: split.targets(&data.successors),
    })
}

/// Replaces the terminator `op` by a new `name` op with `operands`,
/// `successors` and `props`.
fn replace_terminator(
    d: &mut Driver,
    op: OpId,
    name: &str,
    operands: &[Value],
    successors: Vec<BlockId>,
    props: Vec<(&str, Attribute)>,
) {
    let loc = d.m.ops[op].loc;
    let new = d.m.create_op(name, operands, &[], loc);
    d.m.ops[new].successors = successors;
    for (n, a) in props {
        d.m.set_prop(new, n, a);
    }
    d.insert_before(op, new);
    d.erase(op);
}

fn replace_with_br(d: &mut Driver, op: OpId, (dest, args): (BlockId, Vec<Value>)) {
    replace_terminator(d, op, "cf.br", &args, vec![dest], Vec::new());
}

fn segments(sizes: &[usize]) -> Attribute {
    Attribute::DenseArray {
        elem: Type::Integer(32),
        values: sizes.iter().map(|&s| s as i64).collect(),
    }
}

fn replace_with_cond_br(
    d: &mut Driver,
    op: OpId,
    cond: Value,
    targets: [(BlockId, Vec<Value>); 2],
) {
    let [(t, targs), (f, fargs)] = targets;
    let sizes = segments(&[1, targs.len(), fargs.len()]);
    let mut operands = vec![cond];
    operands.extend(targs);
    operands.extend(fargs);
    replace_terminator(
        d,
        op,
        "cf.cond_br",
        &operands,
        vec![t, f],
        vec![("operandSegmentSizes", sizes)],
    );
}

/// A new `cf.switch` on `flag` (values kept signed, as parsed).
fn replace_with_switch(
    d: &mut Driver,
    op: OpId,
    flag: Value,
    default: (BlockId, Vec<Value>),
    cases: Vec<Case>,
) {
    let flag_ty = d.m.value_type(flag).clone();
    let mut operands = vec![flag];
    operands.extend(default.1.iter().copied());
    let case_total: usize = cases.iter().map(|c| c.2.len()).sum();
    let mut props = vec![
        (
            "case_operand_segments",
            Attribute::DenseArray {
                elem: Type::Integer(32),
                values: cases.iter().map(|c| c.2.len() as i64).collect(),
            },
        ),
        (
            "operandSegmentSizes",
            segments(&[1, default.1.len(), case_total]),
        ),
    ];
    if !cases.is_empty() {
        props.push((
            "case_values",
            Attribute::DenseInt {
                values: cases.iter().map(|c| c.0).collect(),
                ty: Type::Vector {
                    shape: vec![cases.len() as i64],
                    scalable: vec![false],
                    elem: Box::new(flag_ty),
                },
            },
        ));
    }
    let mut successors = vec![default.0];
    for (_, b, args) in cases {
        successors.push(b);
        operands.extend(args);
    }
    replace_terminator(d, op, "cf.switch", &operands, successors, props);
}

/// `cf.assert` of a constant true: erased.
fn assert_true(d: &mut Driver, op: OpId) -> bool {
    let cond = d.m.ops[op].operands[0];
    if constant_bits(d.m, cond) != Some(1) {
        return false;
    }
    d.erase(op);
    true
}

/// `cf.br` to a block whose only predecessor it is: the block's ops move
/// to the end of the branching block, its arguments replaced by the
/// branch's operands.
fn br_to_single_predecessor(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    let (succ, args) = b.targets[0].clone();
    let Some(parent) = d.m.ops[op].parent else {
        return false;
    };
    if succ == parent || d.m.predecessors(succ).len() != 1 {
        return false;
    }
    // A value passed that is computed from the successor's own arguments
    // would be defined in terms of itself once merged (only in code no
    // path reaches; mlir-opt 19 then folds it forever, pull request
    // 221037).
    if args.iter().any(|&v| derives_from_args(d, v, succ)) {
        return false;
    }
    for (&a, &v) in d.m.blocks[succ].args.clone().iter().zip(&args) {
        d.replace_uses(a, v);
    }
    for moved in d.m.blocks[succ].ops.clone() {
        d.m.detach_op(moved);
        d.m.append_op(parent, moved);
        d.push(moved);
    }
    if let Some(r) = d.m.blocks[succ].parent.take() {
        d.m.regions[r].blocks.retain(|&x| x != succ);
    }
    d.erase(op);
    true
}

/// MLIR's `collapseBranch`: a successor holding nothing but a `cf.br`
/// (its arguments used only there, not a loop to itself) is replaced by
/// that branch's successor.
fn collapse(d: &Driver, (succ, args): &(BlockId, Vec<Value>)) -> Option<(BlockId, Vec<Value>)> {
    let ops = &d.m.blocks[*succ].ops;
    let [only] = ops.as_slice() else {
        return None;
    };
    if d.m.ops[*only].name != "cf.br" {
        return None;
    }
    let inner = branch(d, *only)?;
    let block_args = &d.m.blocks[*succ].args;
    if block_args
        .iter()
        .any(|&a| d.users(a).iter().any(|&u| u != *only))
    {
        return None;
    }
    let (dest, passed) = inner.targets[0].clone();
    if dest == *succ || in_branch_cycle(d, dest, *succ) {
        return None;
    }
    let remapped = passed
        .iter()
        .map(|v| match block_args.iter().position(|a| a == v) {
            Some(i) => args.get(i).copied().unwrap_or(*v),
            None => *v,
        })
        .collect();
    Some((dest, remapped))
}

/// Whether following unconditional branches from `start` comes back to
/// `block`: collapsing a branch into such a cycle would go round it
/// forever (llvm-project issue 159743, which hangs mlir-opt 19; the fix
/// of pull request 160783).
fn in_branch_cycle(d: &Driver, start: BlockId, block: BlockId) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut cur = start;
    while seen.insert(cur) {
        if cur == block {
            return true;
        }
        let Some(&t) = d.m.blocks[cur].ops.last() else {
            return false;
        };
        if d.m.ops[t].name != "cf.br" {
            return false;
        }
        match d.m.ops[t].successors.first() {
            Some(&next) => cur = next,
            None => return false,
        }
    }
    false
}

/// Whether `v` is, or is computed from, an argument of `block` (within
/// `block`'s own ops).
fn derives_from_args(d: &Driver, v: Value, block: BlockId) -> bool {
    let mut stack = vec![v];
    let mut seen = std::collections::HashSet::new();
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        match d.m.values[x].def {
            tessera_ir::ir::ValueDef::BlockArg { block: b, .. } if b == block => return true,
            tessera_ir::ir::ValueDef::BlockArg { .. } => {}
            tessera_ir::ir::ValueDef::OpResult { op, .. } => {
                if d.m.ops[op].parent == Some(block) {
                    stack.extend(d.m.ops[op].operands.iter().copied());
                }
            }
        }
    }
    false
}

/// `cf.br` to a block that only branches on: straight to its successor.
fn pass_through_br(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    if Some(b.targets[0].0) == d.m.ops[op].parent {
        return false;
    }
    let Some(target) = collapse(d, &b.targets[0]) else {
        return false;
    };
    replace_with_br(d, op, target);
    true
}

/// `cf.cond_br` on a constant: a `cf.br` to the side it takes.
fn constant_condition(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    let Some(bits) = constant_bits(d.m, b.leading[0]) else {
        return false;
    };
    let side = if bits != 0 { 0 } else { 1 };
    replace_with_br(d, op, b.targets[side].clone());
    true
}

/// `cf.cond_br` whose successors only branch on: to their successors.
fn pass_through_cond_br(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    let t = collapse(d, &b.targets[0]);
    let f = collapse(d, &b.targets[1]);
    if t.is_none() && f.is_none() {
        return false;
    }
    let t = t.unwrap_or_else(|| b.targets[0].clone());
    let f = f.unwrap_or_else(|| b.targets[1].clone());
    replace_with_cond_br(d, op, b.leading[0], [t, f]);
    true
}

/// `cf.cond_br` to one block on both sides: a `cf.br`, with an
/// `arith.select` for each value that differs (only when the block has no
/// other predecessor).
fn identical_successors(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    let (dest, targs) = b.targets[0].clone();
    let (other, fargs) = b.targets[1].clone();
    if dest != other {
        return false;
    }
    if targs == fargs {
        replace_with_br(d, op, (dest, targs));
        return true;
    }
    let parent = d.m.ops[op].parent;
    let preds = d.m.predecessors(dest);
    if preds.is_empty() || preds.iter().any(|&p| Some(p) != parent) {
        return false;
    }
    let cond = b.leading[0];
    let loc = d.m.ops[op].loc;
    let mut merged = Vec::new();
    for (&t, &f) in targs.iter().zip(&fargs) {
        if t == f {
            merged.push(t);
            continue;
        }
        let ty = d.m.value_type(t).clone();
        let select = d.m.create_op("arith.select", &[cond, t, f], &[ty], loc);
        d.insert_before(op, select);
        merged.push(d.m.ops[select].results[0]);
    }
    replace_with_br(d, op, (dest, merged));
    true
}

/// The only predecessor of the block holding `op` (one edge), with its
/// terminator.
fn single_predecessor(d: &Driver, op: OpId) -> Option<(BlockId, BlockId, OpId)> {
    let current = d.m.ops[op].parent?;
    let [pred] = d.m.predecessors(current)[..] else {
        return None;
    };
    let terminator = *d.m.blocks[pred].ops.last()?;
    Some((current, pred, terminator))
}

/// `cf.cond_br` on the condition its only predecessor branched on: the
/// side that predecessor took to get here.
fn cond_br_on_same_condition(d: &mut Driver, op: OpId) -> bool {
    let Some((current, _, pred_term)) = single_predecessor(d, op) else {
        return false;
    };
    if d.m.ops[pred_term].name != "cf.cond_br" {
        return false;
    }
    let (Some(b), Some(p)) = (branch(d, op), branch(d, pred_term)) else {
        return false;
    };
    if b.leading[0] != p.leading[0] {
        return false;
    }
    let side = if p.targets[0].0 == current { 0 } else { 1 };
    replace_with_br(d, op, b.targets[side].clone());
    true
}

/// The condition of a `cf.cond_br` is a constant in a successor reached
/// only through it: its uses there become `true` or `false`.
fn truth_propagation(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    let cond = b.leading[0];
    let mut replaced = false;
    for (side, value) in [(0, true), (1, false)] {
        let dest = b.targets[side].0;
        if d.m.predecessors(dest).len() != 1 {
            continue;
        }
        let users: Vec<OpId> = d
            .users(cond)
            .into_iter()
            .filter(|&u| d.m.ops[u].parent == Some(dest))
            .collect();
        if users.is_empty() {
            continue;
        }
        let constant = d.constant_before(op, Attribute::Bool(value), Type::Integer(1));
        for u in users {
            for operand in &mut d.m.ops[u].operands {
                if *operand == cond {
                    *operand = constant;
                }
            }
            d.modified(u);
        }
        replaced = true;
    }
    replaced
}

/// A switch case: its value, block and the values passed.
type Case = (i64, BlockId, Vec<Value>);

/// A switch's cases.
fn cases(d: &Driver, op: OpId, b: &Branch) -> Option<Vec<Case>> {
    let values = switch_case_values(&d.m.ops[op])?;
    Some(
        values
            .into_iter()
            .zip(&b.targets[1..])
            .map(|(v, (blk, args))| (v, *blk, args.clone()))
            .collect(),
    )
}

/// Whether case value `v` equals `bits` on the flag's width.
fn same_value(v: i64, bits: u64, width: u32) -> bool {
    let mask = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    (v as u64) & mask == bits & mask
}

/// `cf.switch` with only a default: a `cf.br`.
fn switch_only_default(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    if b.targets.len() != 1 {
        return false;
    }
    replace_with_br(d, op, b.targets[0].clone());
    true
}

/// Cases that go where the default goes, with the same operands: dropped.
fn drop_cases_matching_default(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    let Some(all) = cases(d, op, &b) else {
        return false;
    };
    let default = b.targets[0].clone();
    let kept: Vec<_> = all
        .iter()
        .filter(|(_, blk, args)| !(*blk == default.0 && *args == default.1))
        .cloned()
        .collect();
    if kept.len() == all.len() {
        return false;
    }
    replace_with_switch(d, op, b.leading[0], default, kept);
    true
}

/// The branch a switch on `bits` takes.
fn taken(b: &Branch, cases: &[Case], bits: u64, width: u32) -> (BlockId, Vec<Value>) {
    cases
        .iter()
        .find(|(v, _, _)| same_value(*v, bits, width))
        .map_or_else(
            || b.targets[0].clone(),
            |(_, blk, args)| (*blk, args.clone()),
        )
}

/// `cf.switch` on a constant: a `cf.br` to the case taken.
fn constant_switch(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    let flag = b.leading[0];
    let (Some(bits), Some(width)) = (constant_bits(d.m, flag), int_width(d.m.value_type(flag)))
    else {
        return false;
    };
    let Some(all) = cases(d, op, &b) else {
        return false;
    };
    let target = taken(&b, &all, bits, width);
    replace_with_br(d, op, target);
    true
}

/// Successors of a `cf.switch` that only branch on: to their successors.
fn pass_through_switch(d: &mut Driver, op: OpId) -> bool {
    let Some(b) = branch(d, op) else {
        return false;
    };
    let Some(all) = cases(d, op, &b) else {
        return false;
    };
    let mut changed = false;
    let mut new_cases = Vec::new();
    for (v, blk, args) in all {
        match collapse(d, &(blk, args.clone())) {
            Some((nb, na)) => {
                changed = true;
                new_cases.push((v, nb, na));
            }
            None => new_cases.push((v, blk, args)),
        }
    }
    let default = match collapse(d, &b.targets[0]) {
        Some(t) => {
            changed = true;
            t
        }
        None => b.targets[0].clone(),
    };
    if !changed {
        return false;
    }
    replace_with_switch(d, op, b.leading[0], default, new_cases);
    true
}

/// The only predecessor's terminator when it is a `cf.switch` on the same
/// flag as `op`, with its cases.
fn switch_predecessor(d: &Driver, op: OpId) -> Option<(BlockId, Branch, Vec<Case>, Branch)> {
    let (current, _, pred_term) = single_predecessor(d, op)?;
    if d.m.ops[pred_term].name != "cf.switch" {
        return None;
    }
    let (b, p) = (branch(d, op)?, branch(d, pred_term)?);
    if b.leading[0] != p.leading[0] {
        return None;
    }
    let pred_cases = cases(d, pred_term, &p)?;
    Some((current, p, pred_cases, b))
}

/// A `cf.switch` reached only from a case of a switch on the same flag:
/// a `cf.br` to where that case's value goes.
fn switch_on_same_condition(d: &mut Driver, op: OpId) -> bool {
    let Some((current, p, pred_cases, b)) = switch_predecessor(d, op) else {
        return false;
    };
    if p.targets[0].0 == current {
        return false;
    }
    let Some(all) = cases(d, op, &b) else {
        return false;
    };
    let flag = b.leading[0];
    let width = int_width(d.m.value_type(flag)).unwrap_or(64);
    let target = match pred_cases.iter().find(|(_, blk, _)| *blk == current) {
        Some((v, _, _)) => taken(&b, &all, *v as u64, width),
        None => b.targets[0].clone(),
    };
    replace_with_br(d, op, target);
    true
}

/// A `cf.switch` reached only as the default of a switch on the same
/// flag: the cases that switch sent elsewhere are dropped.
fn switch_on_same_condition_default(d: &mut Driver, op: OpId) -> bool {
    let Some((current, p, pred_cases, b)) = switch_predecessor(d, op) else {
        return false;
    };
    if p.targets[0].0 != current {
        return false;
    }
    let Some(all) = cases(d, op, &b) else {
        return false;
    };
    let width = int_width(d.m.value_type(b.leading[0])).unwrap_or(64);
    let removed: Vec<i64> = pred_cases
        .iter()
        .filter(|(_, blk, _)| *blk != current)
        .map(|c| c.0)
        .collect();
    let kept: Vec<_> = all
        .iter()
        .filter(|(v, _, _)| !removed.iter().any(|&r| same_value(r, *v as u64, width)))
        .cloned()
        .collect();
    if kept.len() == all.len() {
        return false;
    }
    replace_with_switch(d, op, b.leading[0], b.targets[0].clone(), kept);
    true
}

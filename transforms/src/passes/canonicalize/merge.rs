//! MLIR's `aggressive` region simplification, after the `normal` one
//! (unreachable blocks, region DCE): identical blocks merged, and block
//! arguments every predecessor passes the same value dropped
//! (`mergeIdenticalBlocks`, `dropRedundantArguments` in MLIR 19's
//! `RegionUtils`). `--canonicalize{region-simplify=aggressive}` runs it,
//! and so does every pass on MLIR's greedy driver with its default
//! configuration.
//!
//! Two blocks other than the entry are identical when they branch to the
//! same successors, take arguments of the same types and hold the same
//! ops (names, attributes, types) whose operands are the same value, or
//! both values of their own block at the same position (arguments, then
//! results in order), or both defined elsewhere — those become new
//! arguments of the merged block, which each predecessor passes. A block
//! with regions, or whose values are used in another block, is not merged.

use std::collections::BTreeSet;

use tessera_ir::{BlockId, Module, OpId, RegionId, Value};

use super::liveness::{erase_block_args, rewrite_passed_values};
use super::Driver;

/// The regions of the module with more than one block, outermost first.
fn cfg_regions(m: &Module) -> Vec<RegionId> {
    m.walk()
        .into_iter()
        .flat_map(|o| m.ops[o].regions.clone())
        .filter(|&r| m.regions[r].blocks.len() > 1)
        .collect()
}

/// Merges identical blocks in every region until none is left; whether
/// any was.
pub(super) fn merge_identical_blocks(d: &mut Driver) -> bool {
    let mut merged = false;
    for r in cfg_regions(d.m) {
        while merge_in_region(d, r) {
            merged = true;
        }
    }
    merged
}

/// One pass of `mergeIdenticalBlocks` over the region `r`.
fn merge_in_region(d: &mut Driver, r: RegionId) -> bool {
    let blocks = d.m.regions[r].blocks.clone();
    if blocks.len() < 2 {
        return false;
    }
    // Blocks other than the entry, grouped by their successors.
    let mut groups: Vec<(Vec<BlockId>, Vec<BlockId>)> = Vec::new();
    for &b in &blocks[1..] {
        let successors = d.m.block_successors(b).to_vec();
        match groups.iter_mut().find(|(s, _)| *s == successors) {
            Some((_, members)) => members.push(b),
            None => groups.push((successors, vec![b])),
        }
    }
    let mut merged = false;
    for (_, members) in groups {
        if members.len() < 2 {
            continue;
        }
        let mut clusters: Vec<Cluster> = Vec::new();
        for b in members {
            if !mergeable(d, b) {
                continue;
            }
            if !clusters.iter_mut().any(|c| c.add(d, b)) {
                clusters.push(Cluster {
                    leader: b,
                    members: Vec::new(),
                    operands: BTreeSet::new(),
                });
            }
        }
        for c in clusters {
            merged |= c.merge(d);
        }
    }
    merged
}

/// Whether the block `b` may be merged at all: no op with a non-empty
/// region, no argument used in another block.
fn mergeable(d: &Driver, b: BlockId) -> bool {
    let m = &*d.m;
    let regions = m.blocks[b].ops.iter().any(|&o| {
        m.ops[o]
            .regions
            .iter()
            .any(|&r| !m.regions[r].blocks.is_empty())
    });
    !regions && m.blocks[b].args.iter().all(|&a| !used_outside(d, a, b))
}

/// Whether `v` is used by an op outside the block `b`.
fn used_outside(d: &Driver, v: Value, b: BlockId) -> bool {
    d.users(v).iter().any(|&u| d.m.ops[u].parent != Some(b))
}

/// Blocks to merge into a leader, and the operands `(op, operand)` of its
/// ops that become arguments.
struct Cluster {
    leader: BlockId,
    members: Vec<BlockId>,
    operands: BTreeSet<(usize, usize)>,
}

impl Cluster {
    /// MLIR's `addToCluster`: whether `b` is identical to the leader
    /// (and so joins).
    fn add(&mut self, d: &Driver, b: BlockId) -> bool {
        let m = &*d.m;
        let (l, r) = (&m.blocks[self.leader], &m.blocks[b]);
        let types = |args: &[Value]| args.iter().map(|&a| m.value_type(a).clone()).collect();
        let (lt, rt): (Vec<_>, Vec<_>) = (types(&l.args), types(&r.args));
        if lt != rt || l.ops.len() != r.ops.len() {
            return false;
        }
        let mut mismatched = Vec::new();
        for (i, (&lo, &ro)) in l.ops.iter().zip(&r.ops).enumerate() {
            if !same_op(m, lo, ro) {
                return false;
            }
            let pairs = m.ops[lo].operands.iter().zip(&m.ops[ro].operands);
            for (k, (&lv, &rv)) in pairs.enumerate() {
                if lv == rv {
                    continue;
                }
                if m.value_type(lv) != m.value_type(rv) {
                    return false;
                }
                let (inside_l, inside_r) = (
                    m.value_block(lv) == Some(self.leader),
                    m.value_block(rv) == Some(b),
                );
                if inside_l != inside_r {
                    return false;
                }
                if !inside_l {
                    mismatched.push((i, k));
                } else if position(m, self.leader, lv) != position(m, b, rv) {
                    return false;
                }
            }
            let escapes = |o: OpId, block: BlockId| {
                m.ops[o].results.iter().any(|&v| used_outside(d, v, block))
            };
            if escapes(ro, b) || escapes(lo, self.leader) {
                return false;
            }
        }
        self.operands.extend(mismatched);
        self.members.push(b);
        true
    }

    /// MLIR's `BlockMergeCluster::merge`: the members' predecessors
    /// branch to the leader, passing the values that differed as new
    /// arguments; the members are erased. Whether anything merged.
    fn merge(self, d: &mut Driver) -> bool {
        if self.members.is_empty() {
            return false;
        }
        let all = std::iter::once(self.leader).chain(self.members.iter().copied());
        if !self.operands.is_empty() {
            let branches_only = all.clone().all(|b| {
                d.m.predecessors(b).iter().all(|&p| {
                    d.m.blocks[p]
                        .ops
                        .last()
                        .is_some_and(|&t| d.m.ops[t].name.starts_with("cf."))
                })
            });
            if !branches_only {
                return false;
            }
            // Per block, the values that become the leader's new arguments.
            let values: Vec<Vec<Value>> = all
                .clone()
                .map(|b| {
                    self.operands
                        .iter()
                        .map(|&(i, k)| d.m.ops[d.m.blocks[b].ops[i]].operands[k])
                        .collect()
                })
                .collect();
            let old_args = d.m.blocks[self.leader].args.len();
            for &(i, k) in &self.operands {
                let op = d.m.blocks[self.leader].ops[i];
                let old = d.m.ops[op].operands[k];
                let ty = d.m.value_type(old).clone();
                let loc = d.m.ops[op].loc;
                let arg = d.m.add_block_arg(self.leader, ty, loc);
                d.m.ops[op].operands[k] = arg;
                d.modified(op);
            }
            let values = prune_arguments(d, self.leader, old_args, values);
            for (b, passed) in all.clone().zip(&values) {
                let mut preds = d.m.predecessors(b);
                preds.dedup();
                for p in preds {
                    if let Some(&t) = d.m.blocks[p].ops.last() {
                        rewrite_passed_values(d, t, b, |args| {
                            args.iter().chain(passed).copied().collect()
                        });
                    }
                }
            }
        }
        for &b in &self.members {
            let mut preds = d.m.predecessors(b);
            preds.dedup();
            for p in preds {
                if let Some(&t) = d.m.blocks[p].ops.last() {
                    for s in &mut d.m.ops[t].successors {
                        if *s == b {
                            *s = self.leader;
                        }
                    }
                    d.modified(t);
                }
            }
            for o in d.m.blocks[b].ops.clone().into_iter().rev() {
                d.erase(o);
            }
            if let Some(r) = d.m.blocks[b].parent.take() {
                d.m.regions[r].blocks.retain(|&x| x != b);
            }
        }
        true
    }
}

/// MLIR's `pruneRedundantArguments`: a new argument `j` of the leader
/// whose values equal, in every block's list, those of the first new
/// argument `k` the leader's list gives the same value, is replaced by
/// `k` and dropped (`[x, y, x]` / `[u, v, u]` keep two). The lists
/// without the dropped entries.
fn prune_arguments(
    d: &mut Driver,
    leader: BlockId,
    old_args: usize,
    values: Vec<Vec<Value>>,
) -> Vec<Vec<Value>> {
    let Some(first) = values.first() else {
        return values;
    };
    let replaced: Vec<Option<usize>> = (0..first.len())
        .map(|j| {
            let k = first.iter().position(|&v| v == first[j])?;
            (k != j && values.iter().all(|list| list[k] == list[j])).then_some(k)
        })
        .collect();
    if replaced.iter().all(Option::is_none) {
        return values;
    }
    let args = d.m.blocks[leader].args.clone();
    let mut keep = vec![true; args.len()];
    for (j, k) in replaced.iter().enumerate() {
        if let Some(k) = k {
            d.replace_uses(args[old_args + j], args[old_args + k]);
            keep[old_args + j] = false;
        }
    }
    erase_block_args(d, leader, &keep);
    values
        .into_iter()
        .map(|list| {
            list.into_iter()
                .zip(&replaced)
                .filter(|(_, r)| r.is_none())
                .map(|(v, _)| v)
                .collect()
        })
        .collect()
}

/// Whether two ops are the same but for their operands (MLIR's
/// `OperationEquivalence` ignoring values and locations).
fn same_op(m: &Module, a: OpId, b: OpId) -> bool {
    let (x, y) = (&m.ops[a], &m.ops[b]);
    x.name == y.name
        && x.attrs == y.attrs
        && x.props == y.props
        && x.operands.len() == y.operands.len()
        && x.results.len() == y.results.len()
        && x.regions.len() == y.regions.len()
        && x.successors.len() == y.successors.len()
        && x.results
            .iter()
            .zip(&y.results)
            .all(|(&u, &v)| m.value_type(u) == m.value_type(v))
}

/// The position of `v`, a value of block `b`, among its values: the
/// arguments first, then the ops' results in order.
fn position(m: &Module, b: BlockId, v: Value) -> Option<usize> {
    let block = &m.blocks[b];
    if let Some(k) = block.args.iter().position(|&a| a == v) {
        return Some(k);
    }
    let mut at = block.args.len();
    for &o in &block.ops {
        if let Some(k) = m.ops[o].results.iter().position(|&r| r == v) {
            return Some(at + k);
        }
        at += m.ops[o].results.len();
    }
    None
}

/// MLIR's `dropRedundantArguments` on every block: an argument every
/// predecessor passes the same value is replaced by that value and
/// dropped. Whether any was.
pub(super) fn drop_redundant_arguments(d: &mut Driver) -> bool {
    let mut dropped = false;
    for r in cfg_regions(d.m) {
        for b in d.m.regions[r].blocks.clone() {
            dropped |= drop_in_block(d, b);
        }
    }
    dropped
}

fn drop_in_block(d: &mut Driver, b: BlockId) -> bool {
    let preds = d.m.predecessors(b);
    if preds.is_empty() {
        return false;
    }
    // Per predecessor slot, the values it passes.
    let mut passed: Vec<Vec<Value>> = Vec::new();
    let mut seen = preds.clone();
    seen.dedup();
    for p in seen {
        let Some(&t) = d.m.blocks[p].ops.last() else {
            return false;
        };
        let data = &d.m.ops[t];
        let Some(split) = tessera_ir::ir::successor_operands(data) else {
            return false;
        };
        for (&s, args) in data.successors.iter().zip(&split.args) {
            if s == b {
                passed.push(args.to_vec());
            }
        }
    }
    let args = d.m.blocks[b].args.clone();
    let mut keep = vec![true; args.len()];
    for (k, &arg) in args.iter().enumerate() {
        let Some(common) = passed.first().and_then(|p| p.get(k).copied()) else {
            continue;
        };
        if passed.iter().all(|p| p.get(k) == Some(&common)) && common != arg {
            d.replace_uses(arg, common);
            keep[k] = false;
        }
    }
    if keep.iter().all(|&k| k) {
        return false;
    }
    let mut preds = preds;
    preds.dedup();
    for p in preds {
        if let Some(&t) = d.m.blocks[p].ops.last() {
            rewrite_passed_values(d, t, b, |args| {
                args.iter()
                    .zip(&keep)
                    .filter(|(_, &k)| k)
                    .map(|(&v, _)| v)
                    .collect()
            });
        }
    }
    erase_block_args(d, b, &keep);
    true
}

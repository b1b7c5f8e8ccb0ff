//! The control-flow graph of a region of several blocks: reachability
//! and dominance (Cooper, Harvey and Kennedy's iterative algorithm over
//! the reverse post-order), for the verifier's dominance rule and for
//! passes that must know which block runs before which.

use std::collections::HashMap;

use crate::ir::{BlockId, Module, RegionId};

/// Dominator tree of one region's blocks.
///
/// ```
/// use tessera_ir::{cfg::Dominance, parse_module};
/// let src = "func.func @f(%c: i1) {\n  cf.cond_br %c, ^bb1, ^bb2\n^bb1:\n  cf.br ^bb2\n^bb2:\n  return\n}\n";
/// let m = parse_module("t.mlir", src)?;
/// let region = m.ops[m.functions()[0]].regions[0];
/// let blocks = m.regions[region].blocks.clone();
/// let dom = Dominance::new(&m, region);
/// assert!(dom.dominates(blocks[0], blocks[2]));
/// assert!(!dom.dominates(blocks[1], blocks[2]));
/// # Ok::<(), tessera_ir::Diagnostic>(())
/// ```
#[derive(Clone, Debug)]
pub struct Dominance {
    /// Position of each block in the region.
    index: HashMap<BlockId, usize>,
    /// Immediate dominator of each block (by position); `None` for the
    /// entry block and for unreachable blocks.
    idom: Vec<Option<usize>>,
    /// Whether each block is reachable from the entry block.
    reachable: Vec<bool>,
    blocks: Vec<BlockId>,
}

impl Dominance {
    /// Computes dominance over the blocks of `region` (the first block is
    /// the entry; edges are the successors of each block's last op).
    pub fn new(m: &Module, region: RegionId) -> Dominance {
        let (blocks, index, succs) = graph(m, region);
        let n = blocks.len();
        let (post, seen) = post_order(&succs);
        let mut order = vec![usize::MAX; n];
        for (k, &b) in post.iter().enumerate() {
            order[b] = k;
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            for &s in ss {
                if seen[b] {
                    preds[s].push(b);
                }
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; n];
        if n > 0 {
            idom[0] = Some(0);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev().skip(1) {
                let mut new = None;
                for &p in &preds[b] {
                    if idom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(cur) => intersect(&idom, &order, p, cur),
                    });
                }
                if new.is_some() && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        if n > 0 {
            idom[0] = None;
        }
        Dominance {
            index,
            idom,
            reachable: seen,
            blocks,
        }
    }

    /// Is `b` reachable from the region's entry block?
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.index.get(&b).is_some_and(|&i| self.reachable[i])
    }

    /// Does `a` dominate `b` (every path from the entry to `b` passes
    /// through `a`; a block dominates itself)? An unreachable `b` is
    /// dominated by every block, as in MLIR.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (Some(&a), Some(&b)) = (self.index.get(&a), self.index.get(&b)) else {
            return false;
        };
        if !self.reachable[b] {
            return true;
        }
        let mut cur = Some(b);
        while let Some(c) = cur {
            if c == a {
                return true;
            }
            cur = self.idom[c];
        }
        false
    }

    /// The block immediately dominating `b` (`None` for the entry block
    /// and blocks no path reaches).
    pub fn immediate_dominator(&self, b: BlockId) -> Option<BlockId> {
        let i = *self.index.get(&b)?;
        self.idom[i].map(|d| self.blocks[d])
    }

    /// The blocks that strictly dominate `b`, nearest first.
    pub fn strict_dominators(&self, b: BlockId) -> Vec<BlockId> {
        let mut out = Vec::new();
        let Some(&i) = self.index.get(&b) else {
            return out;
        };
        let mut cur = self.idom[i];
        while let Some(c) = cur {
            out.push(self.blocks[c]);
            cur = self.idom[c];
        }
        out
    }
}

/// The blocks of `region` reachable from its entry, in reverse
/// post-order: each block after its dominators (the order in which a
/// translation that declares values where they are defined must emit
/// them).
pub fn reverse_post_order(m: &Module, region: RegionId) -> Vec<BlockId> {
    let (blocks, _, succs) = graph(m, region);
    let (post, _) = post_order(&succs);
    post.iter().rev().map(|&i| blocks[i]).collect()
}

/// The blocks of a region, their positions, and each block's successors
/// by position.
type Graph = (Vec<BlockId>, HashMap<BlockId, usize>, Vec<Vec<usize>>);

fn graph(m: &Module, region: RegionId) -> Graph {
    let blocks = m.regions[region].blocks.clone();
    let index: HashMap<BlockId, usize> = blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let succs = blocks
        .iter()
        .map(|&b| {
            m.block_successors(b)
                .iter()
                .filter_map(|s| index.get(s).copied())
                .collect()
        })
        .collect();
    (blocks, index, succs)
}

/// Depth-first post-order of the graph `succs` from node 0, and which
/// nodes it reached.
fn post_order(succs: &[Vec<usize>]) -> (Vec<usize>, Vec<bool>) {
    let n = succs.len();
    let mut post = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    if n == 0 {
        return (post, seen);
    }
    // Iterative depth-first search: (node, next successor to visit).
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    while let Some(top) = stack.last_mut() {
        let (b, next) = *top;
        if let Some(&s) = succs[b].get(next) {
            top.1 += 1;
            if !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            post.push(b);
            stack.pop();
        }
    }
    (post, seen)
}

/// The nearest common dominator of `a` and `b` (by post-order numbers).
fn intersect(idom: &[Option<usize>], order: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while order[a] < order[b] {
            a = idom[a].unwrap_or(b);
        }
        while order[b] < order[a] {
            b = idom[b].unwrap_or(a);
        }
    }
    a
}

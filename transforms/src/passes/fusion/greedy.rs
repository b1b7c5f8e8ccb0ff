//! The greedy driver of `--affine-loop-fusion` on one function body:
//! producer-consumer rounds and a sibling round over the block's
//! dependence graph, each fusion re-analysing the block.

use std::collections::{BTreeSet, HashMap, HashSet};

use tessera_ir::{BlockId, Module, OpId, Value};

use super::cost::best_depth;
use super::fuse;
use super::graph::{dead_outside, BlockGraph};
use super::legality::{decide, preconditions, Decision, FusionBlocked};
use super::model::{Footprint, FunctionModel};
use super::private_buffer::{privatize, Request};
use super::slice::{loc, plan_slice, NestPair, Strategy};
use super::{FusionMode, FusionOptions};
use crate::dependence::{carried_dependence, AccessDesc};
use crate::passes::permute::{perfectly_nested_loops, permute_band, why_not_permutable};
use crate::passes::PassRemark;

/// The entry block of a function.
fn body(module: &Module, func: OpId) -> Option<BlockId> {
    let r = *module.ops[func].regions.first()?;
    module.regions[r].blocks.first().copied()
}

/// Moves `op` right before `place` (nothing when they are the same op).
/// Legal for the place `BlockGraph::insertion_point` gives: `op` only
/// crosses ops it has no dependence with.
pub(crate) fn move_before(module: &mut Module, op: OpId, place: OpId) {
    if op == place || module.ops[place].parent.is_none() {
        return;
    }
    module.detach_op(op);
    crate::loops::insert_before(module, place, op);
}

/// Runs the rounds the options ask for on `func`.
pub(crate) fn run_function(
    module: &mut Module,
    func: OpId,
    options: &FusionOptions,
    remarks: &mut Vec<PassRemark>,
) {
    let Some(block) = body(module, func) else {
        return;
    };
    let nests = module.blocks[block]
        .ops
        .iter()
        .filter(|&&op| module.ops[op].name == "affine.for" && module.ops[op].results.is_empty())
        .count();
    if nests < 2 {
        // Nothing to fuse: no graph to build.
        erase_unused_allocs(module, block);
        return;
    }
    let mut driver = Driver {
        func,
        block,
        options,
        remarks,
        refused: HashSet::new(),
        tried: HashMap::new(),
        versions: HashMap::new(),
        kept: HashSet::new(),
    };
    match options.mode {
        FusionMode::Greedy => {
            driver.producer_consumer(module, 1);
            driver.siblings(module);
            driver.producer_consumer(module, usize::MAX);
        }
        FusionMode::ProducerConsumer => driver.producer_consumer(module, usize::MAX),
        FusionMode::Sibling => driver.siblings(module),
    }
    erase_unused_allocs(module, block);
}

/// `memref.alloc`s of the block nobody uses any more.
fn erase_unused_allocs(module: &mut Module, block: BlockId) {
    let mut all = Vec::new();
    let ops = module.blocks[block].ops.clone();
    for &o in &ops {
        module.walk_from(o, &mut all);
    }
    let used: HashSet<Value> = all
        .iter()
        .flat_map(|&o| module.ops[o].operands.iter().copied())
        .collect();
    for o in ops {
        if module.ops[o].name == "memref.alloc"
            && module.ops[o].results.iter().all(|r| !used.contains(r))
        {
            module.erase_op(o);
        }
    }
}

struct Driver<'a> {
    func: OpId,
    block: BlockId,
    options: &'a FusionOptions,
    remarks: &'a mut Vec<PassRemark>,
    /// Candidates already reported as refused.
    refused: HashSet<(OpId, OpId)>,
    /// Candidates tried, with the destination's version then: a pair is
    /// tried again only once the destination changed (a source kept after
    /// fusion is never fused into the same nest twice).
    tried: HashMap<(OpId, OpId), usize>,
    /// How many fusions each destination received.
    versions: HashMap<OpId, usize>,
    /// Pairs fused with the source kept: never fused again.
    kept: HashSet<(OpId, OpId)>,
}

/// The outcome of one candidate.
enum Outcome {
    Fused,
    NotTried,
    Refused(String),
}

impl Driver<'_> {
    /// Whether (`src`, `dst`) is worth trying now (not tried since the
    /// destination last changed), recording the attempt.
    fn should_try(&mut self, src: OpId, dst: OpId) -> bool {
        if self.kept.contains(&(src, dst)) {
            return false;
        }
        let version = self.versions.get(&dst).copied().unwrap_or(0);
        self.tried.insert((src, dst), version) != Some(version)
    }

    /// Records a fusion of `src` into `dst`.
    fn fused_into(&mut self, module: &Module, src: OpId, dst: OpId) {
        *self.versions.entry(dst).or_insert(0) += 1;
        if module.ops[src].parent.is_some() {
            self.kept.insert((src, dst));
        }
    }

    fn in_block(&self, module: &Module, op: OpId) -> bool {
        module.ops[op].parent == Some(self.block)
    }

    fn refuse(&mut self, src: OpId, dst: OpId, module: &Module, kind: &str, why: String) {
        if self.refused.insert((src, dst)) {
            self.remarks.push(PassRemark {
 mlir_remark: None,
                op: dst,
                message: format!(
                    "affine-loop-fusion: {kind} loop nest at {} not fused into the loop nest at {}: {why}",
                    loc(module, src),
                    loc(module, dst)
                ),
            });
        }
    }

    fn producer_consumer(&mut self, module: &mut Module, max_users: usize) {
        self.tried.clear();
        let model = FunctionModel::new(module, self.func);
        let graph = BlockGraph::build(module, &model, self.block);
        let mut worklist = graph.nests();
        while let Some(dst) = worklist.pop() {
            // As MLIR does, run the destination's parallel loops outermost
            // (when legal), which lets slices go deeper; undone when no
            // fusion into it follows.
            // A nest no producer feeds has nothing to fuse: no sinking
            // (whose parallelism questions cost a dependence query per
            // loop of the band).
            if !self.in_block(module, dst) {
                continue;
            }
            let model = FunctionModel::new(module, self.func);
            if BlockGraph::build(module, &model, self.block)
                .producers(dst)
                .is_empty()
            {
                continue;
            }
            let before = self.versions.get(&dst).copied().unwrap_or(0);
            let snapshot = module.clone();
            let sunk = sink_sequential_loops(module, self.func, dst);
            loop {
                if !self.in_block(module, dst) {
                    break;
                }
                let model = FunctionModel::new(module, self.func);
                let graph = BlockGraph::build(module, &model, self.block);
                let candidates = graph.producers(dst);
                let mut fused = false;
                for src in candidates {
                    if !self.should_try(src, dst) {
                        continue;
                    }
                    match self.try_producer_consumer(module, &model, &graph, src, dst, max_users) {
                        Outcome::Fused => {
                            self.fused_into(module, src, dst);
                            fused = true;
                            break;
                        }
                        Outcome::NotTried => {}
                        Outcome::Refused(why) => {
                            self.refuse(src, dst, module, "producer", why);
                        }
                    }
                }
                if !fused {
                    break;
                }
            }
            if sunk && self.versions.get(&dst).copied().unwrap_or(0) == before {
                *module = snapshot;
            }
        }
    }

    fn try_producer_consumer(
        &mut self,
        module: &mut Module,
        model: &FunctionModel,
        graph: &BlockGraph,
        src: OpId,
        dst: OpId,
        max_users: usize,
    ) -> Outcome {
        let (Some(src_fp), Some(dst_fp)) = (graph.footprint(src), graph.footprint(dst)) else {
            return Outcome::NotTried;
        };
        // Memrefs the source stores (exactly) and the destination reads.
        let stored: BTreeSet<Value> = model
            .accesses_in(module, src)
            .into_iter()
            .filter(|&i| model.is_write(i) && model.exact[i])
            .filter_map(|i| model.memrefs[i])
            .collect();
        let produced: Vec<Value> = stored
            .iter()
            .copied()
            .filter(|m| dst_fp.reads.contains(m))
            .collect();
        if produced.is_empty() {
            return Outcome::NotTried;
        }
        if produced
            .iter()
            .any(|&m| graph.out_edge_count(src, m) > max_users)
        {
            return Outcome::NotTried;
        }
        let place = match graph.insertion_point(src, dst) {
            Ok(p) => p,
            Err((op, why)) => {
                return Outcome::Refused(
                    FusionBlocked::BlockDependence {
                        op: loc(module, op),
                        why,
                    }
                    .to_string(),
                )
            }
        };
        let pair = NestPair::new(module, model, src, dst);
        if let Err(e) = preconditions(&pair, src_fp, dst_fp) {
            return Outcome::Refused(e.to_string());
        }
        let dead = src_fp
            .writes
            .iter()
            .all(|&m| dead_outside(module, self.func, m, &[src, dst]));
        let (legal, first_block) = legal_decisions(&pair, &Strategy::ProducerConsumer, dead);
        if legal.is_empty() {
            return Outcome::Refused(first_block.unwrap_or_else(|| "no legal depth".to_string()));
        }
        let region: Vec<usize> = pair
            .src_accesses
            .iter()
            .copied()
            .filter(|&i| {
                model.is_write(i) && model.memrefs[i].is_some_and(|m| produced.contains(&m))
            })
            .collect();
        let chosen = if self.options.maximal {
            legal.len() - 1
        } else {
            match best_depth(&pair, &legal, &region, self.options.compute_tolerance) {
                Ok(k) => k,
                // Like MLIR 19, a producer storing the fused memrefs more
                // than once is fused without the model's consent, at the
                // deepest legal depth.
                Err(_) if region.len() > 1 => legal.len() - 1,
                Err(why) => return Outcome::Refused(format!("not profitable: {why}")),
            }
        };
        let decision = &legal[chosen];
        let message = self.apply(module, model, src, dst, place, decision, &produced);
        self.remarks.push(PassRemark {
 mlir_remark: None,
            op: dst,
            message: format!(
                "affine-loop-fusion: fused the producer loop nest at {} into the loop nest at {} {message}",
                loc(module, src),
                loc(module, dst)
            ),
        });
        Outcome::Fused
    }

    /// Rewrites, moves and privatizes; returns the remark's tail.
    #[allow(clippy::too_many_arguments)]
    fn apply(
        &mut self,
        module: &mut Module,
        model: &FunctionModel,
        src: OpId,
        dst: OpId,
        place: OpId,
        decision: &Decision,
        produced: &[Value],
    ) -> String {
        let depth = decision.plan.depth - decision.plan.common;
        // The destination moves first: the place may be the source, which
        // the rewrite erases. The move alone keeps every dependence.
        move_before(module, dst, place);
        let Some(rewrite) = fuse::apply(module, src, decision, &model.accesses.symbols) else {
            return format!("(depth {depth}): the rewrite failed and was undone");
        };
        let how = match decision.regime {
            super::legality::Regime::SingleExecution => "each source iteration once",
            super::legality::Regime::Replay => "recomputing source iterations",
        };
        let mut message = format!(
            "at depth {depth} ({how}); the source {}",
            if decision.remove_src {
                "was removed"
            } else {
                "stays"
            }
        );
        for &m in produced {
            let request = Request {
                func: self.func,
                fused: dst,
                path_ops: &decision.plan.path_ops,
                memref: m,
                slice_ops: &rewrite.slice_ops,
                regime: decision.regime,
                fast_space: self.options.fast_mem_space,
                threshold_bytes: self.options.local_buf_threshold_kib.saturating_mul(1024),
            };
            if let Ok(buffer) = privatize(module, &request) {
                message.push_str(&format!(
                    "; an intermediate memref of shape {} became a private buffer of shape {}",
                    shape_text(&buffer.old_shape),
                    shape_text(&buffer.new_shape)
                ));
            }
        }
        message
    }

    fn siblings(&mut self, module: &mut Module) {
        self.tried.clear();
        let model = FunctionModel::new(module, self.func);
        let graph = BlockGraph::build(module, &model, self.block);
        let mut worklist = graph.nests();
        while let Some(dst) = worklist.pop() {
            let mut visited: HashSet<OpId> = HashSet::new();
            loop {
                if !self.in_block(module, dst) {
                    break;
                }
                let model = FunctionModel::new(module, self.func);
                let graph = BlockGraph::build(module, &model, self.block);
                let Some(dst_fp) = graph.footprint(dst).cloned() else {
                    break;
                };
                let mut found = false;
                for sib in graph.nests() {
                    if sib == dst || visited.contains(&sib) {
                        continue;
                    }
                    let Some(sib_fp) = graph.footprint(sib) else {
                        continue;
                    };
                    let shared: Vec<Value> = sib_fp
                        .reads
                        .iter()
                        .copied()
                        .filter(|m| dst_fp.reads.contains(m) && !sib_fp.opaque.contains(m))
                        .collect();
                    if shared.is_empty() || graph.has_path(sib, dst) || graph.has_path(dst, sib) {
                        continue;
                    }
                    visited.insert(sib);
                    if !self.should_try(sib, dst) {
                        continue;
                    }
                    for m in shared {
                        match self.try_sibling(module, &model, &graph, sib, dst, m, &dst_fp) {
                            Outcome::Fused => {
                                self.fused_into(module, sib, dst);
                                found = true;
                                break;
                            }
                            Outcome::NotTried => {}
                            Outcome::Refused(why) => {
                                self.refuse(sib, dst, module, "sibling", why);
                            }
                        }
                    }
                    if found {
                        break;
                    }
                }
                if !found {
                    break;
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn try_sibling(
        &mut self,
        module: &mut Module,
        model: &FunctionModel,
        graph: &BlockGraph,
        sib: OpId,
        dst: OpId,
        memref: Value,
        dst_fp: &Footprint,
    ) -> Outcome {
        let Some(sib_fp) = graph.footprint(sib) else {
            return Outcome::NotTried;
        };
        let pair = NestPair::new(module, model, sib, dst);
        let place = match if pair.src_first {
            graph.insertion_point(sib, dst)
        } else {
            graph.insertion_point(dst, sib)
        } {
            Ok(p) => p,
            Err((op, why)) => {
                return Outcome::Refused(
                    FusionBlocked::BlockDependence {
                        op: loc(module, op),
                        why,
                    }
                    .to_string(),
                )
            }
        };
        if let Err(e) = preconditions(&pair, sib_fp, dst_fp) {
            return Outcome::Refused(e.to_string());
        }
        let dead = sib_fp
            .writes
            .iter()
            .all(|&m| dead_outside(module, self.func, m, &[sib, dst]));
        let (legal, first_block) = legal_decisions(&pair, &Strategy::Sibling(memref), dead);
        let legal: Vec<Decision> = legal.into_iter().filter(|d| d.remove_src).collect();
        if legal.is_empty() {
            return Outcome::Refused(
                first_block.unwrap_or_else(|| "no depth removes the sibling".to_string()),
            );
        }
        let region: Vec<usize> = pair
            .src_accesses
            .iter()
            .copied()
            .filter(|&i| !model.is_write(i) && model.memrefs[i] == Some(memref))
            .collect();
        let chosen = if self.options.maximal {
            legal.len() - 1
        } else {
            match best_depth(&pair, &legal, &region, self.options.compute_tolerance) {
                Ok(k) => k,
                Err(why) => return Outcome::Refused(format!("not profitable: {why}")),
            }
        };
        let sib_loc = loc(module, sib);
        let message = self.apply(module, model, sib, dst, place, &legal[chosen], &[]);
        self.remarks.push(PassRemark {
 mlir_remark: None,
            op: dst,
            message: format!(
                "affine-loop-fusion: fused the sibling loop nest at {sib_loc} into the loop nest at {} {message}",
                loc(module, dst)
            ),
        });
        Outcome::Fused
    }
}

/// MLIR's `sinkSequentialLoops`: permutes the outer perfect band of
/// `nest` so that its parallel loops run outside its sequential ones
/// (each group in its order), when that is legal; whether it did.
fn sink_sequential_loops(module: &mut Module, func: OpId, nest: OpId) -> bool {
    let band = perfectly_nested_loops(module, nest);
    if band.len() < 2 {
        return false;
    }
    let model = FunctionModel::new(module, func);
    let descs: Option<Vec<AccessDesc>> = model
        .accesses_in(module, nest)
        .into_iter()
        .map(|i| model.desc(i).cloned())
        .collect();
    let Some(descs) = descs else {
        return false;
    };
    let parallel: Vec<bool> = band
        .iter()
        .map(|&l| {
            module.ops[l].results.is_empty() && carried_dependence(&descs, l.as_u32()).is_none()
        })
        .collect();
    let mut perm = vec![0; band.len()];
    let (mut next_parallel, mut next_sequential) = (0, parallel.iter().filter(|&&p| p).count());
    for (i, &p) in parallel.iter().enumerate() {
        if p {
            perm[i] = next_parallel;
            next_parallel += 1;
        } else {
            perm[i] = next_sequential;
            next_sequential += 1;
        }
    }
    if perm.iter().enumerate().all(|(i, &p)| i == p)
        || why_not_permutable(module, &band, &perm).is_some()
    {
        return false;
    }
    permute_band(module, &band, &perm);
    true
}

/// The legal decisions at every depth of the destination (shallowest
/// first) and the reason the shallowest depth was refused, if it was.
fn legal_decisions(
    pair: &NestPair,
    strategy: &Strategy,
    dead: bool,
) -> (Vec<Decision>, Option<String>) {
    let max_depth = pair
        .dst_accesses
        .iter()
        .filter_map(|&b| pair.model.desc(b))
        .map(|d| d.loops.len())
        .max()
        .unwrap_or(0);
    let mut legal = Vec::new();
    let mut first_block = None;
    for depth in pair.common + 1..=max_depth {
        let outcome = plan_slice(pair, depth, strategy)
            .map_err(|e| FusionBlocked::NoSlice {
                depth: depth - pair.common,
                why: e.to_string(),
            })
            .and_then(|plan| decide(pair, plan, dead));
        match outcome {
            Ok(d) => legal.push(d),
            Err(e) => {
                if first_block.is_none() {
                    first_block = Some(e.to_string());
                }
            }
        }
    }
    (legal, first_block)
}

fn shape_text(shape: &[i64]) -> String {
    if shape.is_empty() {
        return "()".to_string();
    }
    shape
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join("x")
}

//! `--test-loop-fusion`: mlir-opt's test of the fusion utilities, with its
//! remarks in mlir-opt's words and order so the two can be diffed.
//!
//! Loops are gathered per function by nesting depth (loops directly in a
//! function body or a loop body). For every depth and every ordered pair
//! `(j, k)` of loops at it, and every absolute fusion depth from that
//! depth + 1 to the deepest loop level:
//!
//! - `test-loop-fusion-dependence-check`: when an op between the two
//!   nests accesses a memref one of them accesses (one side writing) and
//!   the other nest depends on an op at or after it, the remark
//!   `block-level dependence preventing fusion of loop nest J into loop
//!   nest K at depth D` goes on nest `j` (MLIR's
//!   `getFusedLoopNestInsertionPoint` of `LoopFusionUtils`);
//! - `test-loop-fusion-slice-computation`: when the pair passes those
//!   checks, has no `affine.if`, and a slice exists (generic strategy),
//!   `slice ( src loop: J, dst loop: K, depth: D : BOUNDS )` goes on nest
//!   `k` — `Incorrect slice` when the slice leaves the source's domain;
//! - `test-loop-fusion-transformation`: fuses the first pair that can be
//!   fused, and again until none can. Unlike mlir-opt (whose test fuses
//!   whatever `canFuseLoops` accepts and always erases the source), only
//!   legal fusions that remove the source are done.

use std::collections::HashMap;

use tessera_ir::{BlockId, Module, OpId, Value};

use super::graph::{dead_outside, BlockGraph};
use super::legality::{decide, preconditions};
use super::model::{Footprint, FunctionModel};
use super::slice::{path_ivs, plan_slice, NestPair, SliceBounds, Strategy};
use super::{fuse, greedy};
use crate::passes::PassRemark;
use crate::pipeline::{PassInvocation, PipelineError};

/// The sub-options of `--test-loop-fusion`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TestFusionOptions {
    /// `test-loop-fusion-dependence-check`.
    pub dependence_check: bool,
    /// `test-loop-fusion-slice-computation`.
    pub slice_computation: bool,
    /// `test-loop-fusion-transformation`.
    pub transformation: bool,
}

impl TestFusionOptions {
    /// The sub-options of a `test-loop-fusion` invocation.
    ///
    /// ```
    /// use tessera_transforms::passes::TestFusionOptions;
    /// use tessera_transforms::pipeline::PassInvocation;
    /// let p = PassInvocation::with_options("test-loop-fusion", "test-loop-fusion-slice-computation").unwrap();
    /// let o = TestFusionOptions::from_invocation(&p).unwrap();
    /// assert!(o.slice_computation && !o.dependence_check && !o.transformation);
    /// ```
    pub fn from_invocation(pass: &PassInvocation) -> Result<Self, PipelineError> {
        pass.check_known(&[
            "test-loop-fusion-dependence-check",
            "test-loop-fusion-slice-computation",
            "test-loop-fusion-transformation",
        ])?;
        Ok(TestFusionOptions {
            dependence_check: pass.flag("test-loop-fusion-dependence-check")?,
            slice_computation: pass.flag("test-loop-fusion-slice-computation")?,
            transformation: pass.flag("test-loop-fusion-transformation")?,
        })
    }
}

/// Runs `--test-loop-fusion` on every function, returning its remarks in
/// mlir-opt's order (the transformation makes none).
///
/// ```
/// use tessera_ir::parse_and_verify;
/// use tessera_transforms::passes::{test_loop_fusion, TestFusionOptions};
/// let src = "func.func @f(%a: memref<10xf32>, %b: memref<10xf32>) {
///   %c = arith.constant 1.0 : f32
///   affine.for %i = 0 to 10 {
///     affine.store %c, %a[%i] : memref<10xf32>
///   }
///   affine.for %i = 0 to 5 {
///     %v = affine.load %a[%i] : memref<10xf32>
///     affine.store %v, %b[%i] : memref<10xf32>
///   }
///   return
/// }
/// ";
/// let mut m = parse_and_verify("f.mlir", src).unwrap();
/// let opts = TestFusionOptions { slice_computation: true, ..Default::default() };
/// let remarks: Vec<String> = test_loop_fusion(&mut m, &opts).into_iter().map(|r| r.message).collect();
/// assert_eq!(remarks, [
///     "slice ( src loop: 0, dst loop: 1, depth: 1 : insert point: (1, 0) loop bounds: [(d0) -> (d0), (d0) -> (d0 + 1)] )",
///     "Incorrect slice ( src loop: 1, dst loop: 0, depth: 1 : insert point: (1, 1) loop bounds: [(d0) -> (d0), (d0) -> (d0 + 1)] )",
/// ]);
/// ```
pub fn test_loop_fusion(module: &mut Module, options: &TestFusionOptions) -> Vec<PassRemark> {
    let mut remarks = Vec::new();
    for func in module.functions() {
        if options.transformation {
            while transform_once(module, func) {}
            continue;
        }
        let levels = gather_loops(module, func);
        let max = levels.len();
        if options.dependence_check {
            for_each_pair(&levels, |j, k, depth, a, b| {
                for _ in depth + 1..=max {
                    if same_block(module, a, b) && block_dependence(module, a, b) {
                        remarks.push(PassRemark {
 mlir_remark: None,
                            op: a,
                            message: format!(
                                "block-level dependence preventing fusion of loop nest {j} into loop nest {k} at depth {depth}"
                            ),
                        });
                    }
                }
            });
        }
        if options.slice_computation {
            let model = FunctionModel::new(module, func);
            for_each_pair(&levels, |j, k, depth, a, b| {
                for d in depth + 1..=max {
                    if let Some((valid, bounds)) = slice_remark(module, &model, a, b, d) {
                        remarks.push(PassRemark {
                            mlir_remark: None,
                            op: b,
                            message: format!(
                                "{}slice ( src loop: {j}, dst loop: {k}, depth: {d} : {bounds})",
                                if valid { "" } else { "Incorrect " }
                            ),
                        });
                    }
                }
            });
        }
    }
    remarks
}

/// Calls `f(j, k, depth, loops[j], loops[k])` for every ordered pair of
/// distinct loops at every depth.
fn for_each_pair(levels: &[Vec<OpId>], mut f: impl FnMut(usize, usize, usize, OpId, OpId)) {
    for (depth, loops) in levels.iter().enumerate() {
        for (j, &a) in loops.iter().enumerate() {
            for (k, &b) in loops.iter().enumerate() {
                if j != k {
                    f(j, k, depth, a, b);
                }
            }
        }
    }
}

/// The `affine.for` ops directly in a block of the function or of a loop,
/// by nesting depth (MLIR's `gatherLoops`).
fn gather_loops(module: &Module, func: OpId) -> Vec<Vec<OpId>> {
    fn visit(module: &Module, block: BlockId, depth: usize, out: &mut Vec<Vec<OpId>>) {
        if out.len() == depth {
            out.push(Vec::new());
        }
        for &op in &module.blocks[block].ops {
            if module.ops[op].name != "affine.for" {
                continue;
            }
            out[depth].push(op);
            for &r in &module.ops[op].regions {
                for &b in &module.regions[r].blocks {
                    visit(module, b, depth + 1, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    for &r in &module.ops[func].regions {
        for &b in &module.regions[r].blocks {
            visit(module, b, 0, &mut out);
        }
    }
    if out.last().is_some_and(Vec::is_empty) {
        out.pop();
    }
    out
}

fn same_block(module: &Module, a: OpId, b: OpId) -> bool {
    module.ops[a].parent.is_some() && module.ops[a].parent == module.ops[b].parent
}

/// Memrefs of the affine accesses in `op`: whether each is stored to.
fn access_memrefs(module: &Module, op: OpId) -> HashMap<Value, bool> {
    let mut out: HashMap<Value, bool> = HashMap::new();
    let mut ops = Vec::new();
    module.walk_from(op, &mut ops);
    for o in ops {
        let d = &module.ops[o];
        match d.name.as_str() {
            "affine.load" | "affine.vector_load" => {
                if let Some(&m) = d.operands.first() {
                    out.entry(m).or_insert(false);
                }
            }
            "affine.store" | "affine.vector_store" => {
                if let Some(&m) = d.operands.get(1) {
                    out.insert(m, true);
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether some affine access in `op` conflicts with `values` (a load of a
/// stored memref, a store to an accessed one).
fn conflicts(module: &Module, op: OpId, values: &HashMap<Value, bool>) -> bool {
    access_memrefs(module, op)
        .into_iter()
        .any(|(m, store)| values.get(&m).is_some_and(|&s| s || store))
}

/// MLIR's block-level check: no place between the nests keeps the
/// dependences of the ops between them.
fn block_dependence(module: &Module, a: OpId, b: OpId) -> bool {
    let Some(block) = module.ops[a].parent else {
        return true;
    };
    let ops = &module.blocks[block].ops;
    let (Some(i), Some(j)) = (
        ops.iter().position(|&o| o == a),
        ops.iter().position(|&o| o == b),
    ) else {
        return true;
    };
    let (first, second, lo, hi) = if i < j { (a, b, i, j) } else { (b, a, j, i) };
    let first_values = access_memrefs(module, first);
    let second_values = access_memrefs(module, second);
    let between = &ops[lo + 1..hi];
    let first_dep = between
        .iter()
        .position(|&x| conflicts(module, x, &first_values));
    let last_dep = between.iter().rposition(|&x| {
        if conflicts(module, x, &second_values) {
            return true;
        }
        let mut inner = Vec::new();
        module.walk_from(x, &mut inner);
        let results: Vec<Value> = inner
            .iter()
            .flat_map(|&o| module.ops[o].results.iter().copied())
            .collect();
        let mut uses = Vec::new();
        module.walk_from(second, &mut uses);
        uses.iter()
            .any(|&u| module.ops[u].operands.iter().any(|v| results.contains(v)))
    });
    matches!((first_dep, last_dep), (Some(f), Some(l)) if f <= l)
}

/// Whether `op` holds an `affine.if`.
fn has_if(module: &Module, op: OpId) -> bool {
    let mut ops = Vec::new();
    module.walk_from(op, &mut ops);
    ops.iter().any(|&o| module.ops[o].name == "affine.if")
}

/// The slice remark of (`src`, `dst`) at absolute depth `depth`: whether
/// it is valid, and its bounds.
fn slice_remark(
    module: &Module,
    model: &FunctionModel,
    src: OpId,
    dst: OpId,
    depth: usize,
) -> Option<(bool, SliceBounds)> {
    if !same_block(module, src, dst)
        || block_dependence(module, src, dst)
        || has_if(module, src)
        || has_if(module, dst)
    {
        return None;
    }
    let pair = NestPair::new(module, model, src, dst);
    let plan = plan_slice(&pair, depth, &Strategy::Generic).ok()?;
    let valid = plan.valid?;
    Some((
        valid,
        SliceBounds::from_plan(
            &plan,
            &path_ivs(module, &plan.path_ops),
            &model.accesses.symbols,
        ),
    ))
}

/// Fuses the first pair of loops that can be fused legally (removing the
/// source); whether it did.
fn transform_once(module: &mut Module, func: OpId) -> bool {
    let levels = gather_loops(module, func);
    let max = levels.len();
    for (depth, loops) in levels.iter().enumerate() {
        for &a in loops {
            for &b in loops {
                if a == b || !same_block(module, a, b) || block_dependence(module, a, b) {
                    continue;
                }
                for d in depth + 1..=max {
                    if fuse_removing_source(module, func, a, b, d) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Fuses `src` into `dst` at absolute depth `depth` when legal and when
/// the source goes away.
fn fuse_removing_source(
    module: &mut Module,
    func: OpId,
    src: OpId,
    dst: OpId,
    depth: usize,
) -> bool {
    let model = FunctionModel::new(module, func);
    let pair = NestPair::new(module, &model, src, dst);
    let (src_fp, dst_fp) = (
        Footprint::of(module, &model, src),
        Footprint::of(module, &model, dst),
    );
    if preconditions(&pair, &src_fp, &dst_fp).is_err() {
        return false;
    }
    let Some(block) = module.ops[src].parent else {
        return false;
    };
    let graph = BlockGraph::build(module, &model, block);
    let place = if pair.src_first {
        graph.insertion_point(src, dst)
    } else {
        graph.insertion_point(dst, src)
    };
    let Ok(place) = place else {
        return false;
    };
    let dead = src_fp
        .writes
        .iter()
        .all(|&m| dead_outside(module, func, m, &[src, dst]));
    let Ok(plan) = plan_slice(&pair, depth, &Strategy::Generic) else {
        return false;
    };
    let Ok(decision) = decide(&pair, plan, dead) else {
        return false;
    };
    if !decision.remove_src {
        return false;
    }
    let symbols = model.accesses.symbols.clone();
    greedy::move_before(module, dst, place);
    fuse::apply(module, src, &decision, &symbols).is_some()
}

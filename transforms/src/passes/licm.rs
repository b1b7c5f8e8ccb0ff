//! `--loop-invariant-code-motion`: MLIR's generic loop-invariant code
//! motion, on every loop (`affine.for`, `affine.parallel`, `scf.for`,
//! `scf.parallel`, `scf.while`).
//!
//! As MLIR 19's `moveLoopInvariantCode`: loops are visited inner first;
//! in each region of a loop, an op moves right before the loop when it
//! and every op nested in it leave memory alone, may be speculated, and
//! use only values defined outside the loop (or inside the op). A loop
//! of step 1, an `affine.if` or an `affine.parallel` of unit steps moves
//! whole when everything in it could.
//!
//! The one difference: ops MLIR 19 calls pure but tessera's executors may
//! stop on (a remainder by a value that may be zero, a view that may not
//! fit, a tensor index that may be out of bounds; see
//! [`tessera_ir::effects`]) leave only a loop that surely runs, where
//! they would have run anyway. The division MLIR speculates (by a
//! constant neither zero nor, signed, -1) moves as in mlir-opt.

use tessera_ir::effects::{is_memory_effect_free, speculation};
use tessera_ir::{Module, OpId, RegionId, Value};

use super::PassRemark;
use crate::loops::{insert_before, ForLoop};

/// The loops the pass visits (MLIR 19's `LoopLikeOpInterface` ops).
const LOOPS: &[&str] = &[
    "affine.for",
    "affine.parallel",
    "scf.for",
    "scf.parallel",
    "scf.while",
];

/// Terminators, which never move.
const TERMINATORS: &[&str] = &["affine.yield", "scf.yield", "scf.condition", "scf.reduce"];

/// Hoists loop-invariant ops out of every loop of `module`, inner loops
/// first; one remark per op moved.
///
/// ```
/// let mut m = tessera_ir::parse_module(
///     "f.mlir",
///     "func.func @f(%x: i32, %m: memref<4xi32>) {
///        affine.for %i = 0 to 4 {
///          %y = arith.muli %x, %x : i32
///          affine.store %y, %m[%i] : memref<4xi32>
///        }
///        return
///      }",
/// )
/// .unwrap();
/// let moved = tessera_transforms::passes::loop_invariant_code_motion(&mut m);
/// assert_eq!(moved.len(), 1);
/// ```
pub fn loop_invariant_code_motion(module: &mut Module) -> Vec<PassRemark> {
    let walk = module.walk();
    let loops: Vec<OpId> = module
        .post_order(&walk)
        .into_iter()
        .filter(|&op| LOOPS.contains(&module.ops[op].name.as_str()))
        .collect();
    let mut remarks = Vec::new();
    for l in loops {
        let regions = module.ops[l].regions.clone();
        for (k, region) in regions.into_iter().enumerate() {
            let runs = surely_runs(module, l, k);
            for op in top_level_ops(module, region) {
                if movable(module, l, op, runs) {
                    module.detach_op(op);
                    insert_before(module, l, op);
                    remarks.push(PassRemark {
                        mlir_remark: None,
                        op,
                        message: "loop-invariant-code-motion: hoisted out of its loop".into(),
                    });
                }
            }
        }
    }
    remarks
}

/// The ops of `region`'s blocks, in order.
fn top_level_ops(module: &Module, region: RegionId) -> Vec<OpId> {
    module.regions[region]
        .blocks
        .iter()
        .flat_map(|&b| module.blocks[b].ops.iter().copied())
        .collect()
}

/// Whether `op`, at the top of a region of loop `l`, may move before `l`
/// (`runs`: whether that region surely runs once `l` does). Ops are
/// visited in order, so the values `op` uses that were hoisted before it
/// are already outside `l`, as MLIR's worklist finds them.
fn movable(module: &Module, l: OpId, op: OpId, runs: bool) -> bool {
    if TERMINATORS.contains(&module.ops[op].name.as_str()) || !uses_only_outside(module, l, op) {
        return false;
    }
    is_memory_effect_free(module, op) && speculation(module, op).may_move(runs)
}

/// Whether every value `op` and the ops nested in it use is defined
/// outside loop `l`, or inside `op` itself (MLIR's `canBeHoisted`).
fn uses_only_outside(module: &Module, l: OpId, op: OpId) -> bool {
    let mut nested = Vec::new();
    module.walk_from(op, &mut nested);
    nested.iter().all(|&o| {
        module.ops[o]
            .operands
            .iter()
            .all(|&v| defined_in(module, op, v) || !defined_in(module, l, v))
    })
}

/// Whether `v` is defined in a region of `op` (at any depth).
fn defined_in(module: &Module, op: OpId, v: Value) -> bool {
    module
        .value_block(v)
        .and_then(|b| module.block_parent_op(b))
        .is_some_and(|p| p == op || module.encloses(op, p))
}

/// Whether region `k` of loop `l` surely runs once `l` runs: the body of
/// a loop with a known positive trip count, or a `scf.while`'s condition
/// region.
fn surely_runs(module: &Module, l: OpId, k: usize) -> bool {
    let d = &module.ops[l];
    match d.name.as_str() {
        "affine.for" => ForLoop::read(module, l)
            .and_then(|f| f.constant_trip_count(module))
            .is_some_and(|n| n > 0),
        "scf.for" => {
            let c = |i: usize| d.operands.get(i).and_then(|&v| module.constant_int(v));
            matches!((c(0), c(1), c(2)), (Some(lb), Some(ub), Some(step)) if lb < ub && step > 0)
        }
        "scf.while" => k == 0,
        _ => false,
    }
}

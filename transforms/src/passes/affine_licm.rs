//! `--affine-loop-invariant-code-motion`: MLIR 19's affine loop-invariant
//! code motion, made sound.
//!
//! As mlir-opt's pass, `affine.for` loops are visited innermost first, and
//! an op at the top of a loop body moves right before the loop when it,
//! and every op nested in it, is invariant: it uses neither the induction
//! variable, nor an iteration argument, nor a value computed in the loop by
//! an op that stays. Whole `affine.for`, `affine.if` and `affine.parallel`
//! ops move when all they hold is invariant. Affine loads, stores and
//! prefetches may move: a load of memory nothing else in the loop writes,
//! a store to memory nothing else in the loop reads or writes (storing the
//! same value at the same place on every iteration stores it once).
//!
//! Where mlir-opt 19 miscompiles, tessera keeps the program's meaning:
//!
//! - A load or store moves only out of a loop that surely runs (a
//!   constant trip count of at least one); mlir-opt also hoists them out
//!   of loops that may run zero times, where a store then happens that
//!   never happened and a load may read out of bounds.
//! - Accesses are compared by the memory they denote
//!   ([`Module::memref_root`]: through views and globals), and every op
//!   that may read or write that memory counts (`memref.load`,
//!   `memref.store`, `memref.copy`, calls, ops tessera does not know);
//!   mlir-opt compares memref values and looks at affine accesses only, so
//!   it hoists a load above a store through a subview of the same memory.
//!   Distinct roots (function arguments, allocations) are taken not to
//!   alias, as in the dependence analysis.
//! - Other ops move as [`tessera_ir::effects`] allows: a division that
//!   could stop the program moves only where it would have run anyway.

use std::collections::HashSet;

use tessera_ir::effects::{is_memory_effect_free, own_speculation, Speculation};
use tessera_ir::{Module, OpId, Type, Value};

use crate::loops::{insert_before, ForLoop};
use crate::passes::PassRemark;

/// The affine ops whose regions may move with them.
const STRUCTURED: &[&str] = &["affine.for", "affine.if", "affine.parallel"];

/// Ops that read the memory of a memref operand (and nothing else).
const READS: &[&str] = &[
    "affine.load",
    "affine.vector_load",
    "memref.load",
    "vector.load",
    "vector.maskedload",
    "vector.gather",
    "vector.expandload",
    "vector.transfer_read",
];

/// Ops that write the memory of a memref operand (and nothing else).
const WRITES: &[&str] = &[
    "affine.store",
    "affine.vector_store",
    "memref.store",
    "vector.store",
    "vector.maskedstore",
    "vector.scatter",
    "vector.compressstore",
    "vector.transfer_write",
];

/// MLIR's `ConstantLike` ops tessera knows.
const CONSTANTS: &[&str] = &["arith.constant", "func.constant"];

/// mlir-opt's `--affine-loop-invariant-code-motion` (see the module
/// documentation). Returns a remark per hoisted op.
///
/// ```
/// let mut m = tessera_ir::parse_module(
///     "f.mlir",
///     "func.func @f(%a: memref<4xf32>, %v: f32) {
///        affine.for %i = 0 to 4 {
///          affine.for %j = 0 to 4 {
///            affine.store %v, %a[%j] : memref<4xf32>
///          }
///        }
///        return
///      }",
/// )
/// .unwrap();
/// let moved = tessera_transforms::passes::affine_loop_invariant_code_motion(&mut m);
/// // The inner loop stores the same values on every iteration of the
/// // outer one: it runs once, before an outer loop left empty.
/// assert_eq!(moved.len(), 1);
/// ```
pub fn affine_loop_invariant_code_motion(module: &mut Module) -> Vec<PassRemark> {
    let walk = module.walk();
    let loops: Vec<OpId> = module
        .post_order(&walk)
        .into_iter()
        .filter(|&op| module.ops[op].name == "affine.for")
        .collect();
    let dma_roots = dma_transferred(module);
    let mut remarks = Vec::new();
    for l in loops {
        let Some(for_loop) = ForLoop::read(module, l) else {
            continue;
        };
        let runs = for_loop.constant_trip_count(module).is_some_and(|n| n >= 1);
        let mut variant: HashSet<Value> =
            module.blocks[for_loop.body].args.iter().copied().collect();
        let mut hoisted = Vec::new();
        for op in for_loop.body_ops(module) {
            let mut nested = Vec::new();
            module.walk_from(op, &mut nested);
            let uses_variant = nested
                .iter()
                .any(|&o| module.ops[o].operands.iter().any(|v| variant.contains(v)));
            if !uses_variant
                && nested
                    .iter()
                    .all(|&o| may_leave(module, l, o, runs, &dma_roots))
            {
                hoisted.push(op);
            } else {
                variant.extend(nested.iter().flat_map(|&o| module.ops[o].results.clone()));
            }
        }
        for op in hoisted {
            module.detach_op(op);
            insert_before(module, l, op);
            remarks.push(PassRemark {
                mlir_remark: None,
                op,
                message: "affine-loop-invariant-code-motion: hoisted out of its loop".into(),
            });
        }
    }
    remarks
}

/// Whether `op`, in the body of loop `l` (at any depth), may run before
/// `l` instead, its operands being available there; `runs`: whether `l`
/// surely runs.
fn may_leave(module: &Module, l: OpId, op: OpId, runs: bool, dma_roots: &HashSet<Value>) -> bool {
    let d = &module.ops[op];
    let name = d.name.as_str();
    if name == "affine.prefetch" {
        return true;
    }
    if matches!(
        name,
        "affine.load" | "affine.vector_load" | "affine.store" | "affine.vector_store"
    ) {
        let write = name.ends_with("store");
        let memref = d.operands[usize::from(write)];
        return runs
            && !dma_roots.contains(&module.memref_root(memref))
            && alone_in_loop(module, l, op, memref, write);
    }
    let own = own_speculation(module, op);
    if STRUCTURED.contains(&name) {
        // A loop that would have run anyway may move whatever its step.
        return own == Speculation::Always || runs;
    }
    // mlir-opt keeps a non-constant op without operands (say, a
    // `memref.get_global`) in its loop.
    let kept_by_mlir = d.operands.is_empty() && name != "affine.yield";
    (CONSTANTS.contains(&name) || !kept_by_mlir)
        && is_memory_effect_free(module, op)
        && own.may_move(runs)
}

/// Whether the access `access` to `memref` is the only op in loop `l`
/// that touches its memory in a way that would make moving it wrong: no
/// other op in `l` may write it, nor, for a store (`write`), read it.
fn alone_in_loop(module: &Module, l: OpId, access: OpId, memref: Value, write: bool) -> bool {
    let root = module.memref_root(memref);
    let mut in_loop = Vec::new();
    module.walk_from(l, &mut in_loop);
    let conflict = in_loop.into_iter().skip(1).any(|o| {
        let (reads, writes) = effects_on(module, o, root);
        o != access && (writes || (write && reads))
    });
    !conflict
}

/// Whether `op` itself (not the ops nested in it) may read or write the
/// memory of `root`: `(reads, writes)`.
fn effects_on(module: &Module, op: OpId, root: Value) -> (bool, bool) {
    let d = &module.ops[op];
    let name = d.name.as_str();
    let on_root = |v: &Value| {
        matches!(
            module.value_type(*v),
            Type::MemRef { .. } | Type::UnrankedMemRef { .. }
        ) && module.memref_root(*v) == root
    };
    let touches = d.operands.iter().any(on_root);
    if READS.contains(&name) {
        (touches, false)
    } else if WRITES.contains(&name) {
        (false, touches)
    } else if name == "memref.copy" {
        (
            d.operands.first().is_some_and(on_root),
            d.operands.get(1).is_some_and(on_root),
        )
    } else if name == "memref.dealloc" {
        (false, touches)
    } else if matches!(name, "func.call" | "func.call_indirect") {
        // A callee may reach any memory the function did not allocate.
        let reached = touches || !locally_allocated(module, root);
        (reached, reached)
    } else if matches!(
        name,
        "memref.alloc" | "memref.alloca" | "affine.prefetch" | "vector.print" | "cf.assert"
    ) || tessera_ir::effects::has_recursive_effects(name)
        || name == "scf.execute_region"
        || is_memory_effect_free(module, op)
    {
        // (a region op's effects are those of its nested ops, which the
        // caller visits)
        (false, false)
    } else {
        (true, true)
    }
}

/// Whether `root` is the result of an allocation in the function.
fn locally_allocated(module: &Module, root: Value) -> bool {
    module.defining_op(root).is_some_and(|d| {
        matches!(
            module.ops[d].name.as_str(),
            "memref.alloc" | "memref.alloca"
        )
    })
}

/// The memory (by [`Module::memref_root`]) that a DMA op anywhere in the
/// module transfers or waits on: mlir-opt leaves accesses to it in their
/// loops. (Moving ops does not change it, so it is found once.)
fn dma_transferred(module: &Module) -> HashSet<Value> {
    module
        .walk()
        .into_iter()
        .filter(|&o| module.ops[o].name.contains(".dma_"))
        .flat_map(|o| module.ops[o].operands.clone())
        .filter(|&v| matches!(module.value_type(v), Type::MemRef { .. }))
        .map(|v| module.memref_root(v))
        .collect()
}

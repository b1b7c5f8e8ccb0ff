//! `--affine-parallelize`: turns `affine.for` loops that carry no
//! dependence into `affine.parallel`.
//!
//! A loop is parallel when no dependence between two accesses inside it is
//! carried at its depth, decided exactly by the dependence analysis, and
//! nothing else inside it has a memory effect the analysis cannot see
//! (calls, non-affine loads and stores, unknown ops, accesses under
//! `scf` regions). Accesses to memrefs allocated inside the loop are
//! private to an iteration and ignored, as in MLIR. Loops with `iter_args`
//! are left alone (MLIR's `parallel-reductions` is not supported yet).
//!
//! As in mlir-opt, candidates are found on the original nest, outermost
//! first, and `max-nested` bounds how many `affine.parallel` may enclose a
//! converted loop.

use std::collections::HashSet;

use tessera_ir::{Attribute, Module, OpId, Type, Value};

use crate::dependence::{carried_dependence, collect_accesses, Modelled};

/// What `--affine-parallelize` did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParallelizeReport {
    /// The loops converted.
    pub parallelized: Vec<OpId>,
    /// Loops left alone, with the reason.
    pub skipped: Vec<(OpId, String)>,
}

/// Ops that neither read nor write memory visible outside them.
fn effect_free(name: &str) -> bool {
    name.starts_with("arith.")
        || matches!(
            name,
            "affine.apply"
                | "affine.min"
                | "affine.max"
                | "affine.yield"
                | "affine.if"
                | "affine.for"
                | "affine.parallel"
                | "affine.load"
                | "affine.store"
                | "affine.vector_load"
                | "affine.vector_store"
                | "memref.alloc"
                | "memref.alloca"
                | "memref.dim"
                | "memref.cast"
        )
}

/// Why the ops nested in `op` prevent parallelization, if they do.
fn hidden_effect(module: &Module, op: OpId) -> Option<String> {
    let mut nested = Vec::new();
    module.walk_from(op, &mut nested);
    nested
        .into_iter()
        .skip(1)
        .find(|&o| !effect_free(&module.ops[o].name))
        .map(|o| {
            format!(
                "'{}' at line {} has memory effects the analysis cannot see",
                module.ops[o].name, module.ops[o].loc.line
            )
        })
}

/// Memrefs allocated inside `op`.
fn local_allocations(module: &Module, op: OpId) -> HashSet<Value> {
    let mut nested = Vec::new();
    module.walk_from(op, &mut nested);
    nested
        .into_iter()
        .filter(|&o| {
            matches!(
                module.ops[o].name.as_str(),
                "memref.alloc" | "memref.alloca"
            )
        })
        .flat_map(|o| module.ops[o].results.clone())
        .collect()
}

/// Converts every parallel `affine.for` of `module` into `affine.parallel`,
/// with at most `max_nested` `affine.parallel` around any of them.
pub fn affine_parallelize(module: &mut Module, max_nested: usize) -> ParallelizeReport {
    let mut report = ParallelizeReport::default();
    let accesses = collect_accesses(module, module.top);
    let mut candidates = Vec::new();
    for op in module.walk() {
        if module.ops[op].name != "affine.for" {
            continue;
        }
        match why_not_parallel(module, op, &accesses.ops, &accesses.models) {
            None => candidates.push(op),
            Some(reason) => report.skipped.push((op, reason)),
        }
    }
    for op in candidates {
        let enclosing = enclosing_parallel_ops(module, op);
        if enclosing >= max_nested {
            report.skipped.push((
                op,
                format!("already inside {enclosing} affine.parallel (max-nested={max_nested})"),
            ));
            continue;
        }
        convert(module, op);
        report.parallelized.push(op);
    }
    report
}

fn why_not_parallel(
    module: &Module,
    op: OpId,
    ops: &[OpId],
    models: &[Modelled],
) -> Option<String> {
    if !module.ops[op].results.is_empty() {
        return Some("the loop has iter_args (reductions are not parallelized)".to_string());
    }
    if let Some(reason) = hidden_effect(module, op) {
        return Some(reason);
    }
    let local = local_allocations(module, op);
    let mut inside = Vec::new();
    let mut nested = HashSet::new();
    let mut walked = Vec::new();
    module.walk_from(op, &mut walked);
    nested.extend(walked);
    for (access_op, model) in ops.iter().zip(models) {
        if !nested.contains(access_op) {
            continue;
        }
        let data = &module.ops[*access_op];
        let memref = data.operands.get(usize::from(model.is_write())).copied();
        if memref.is_some_and(|m| local.contains(&m)) {
            continue;
        }
        match model {
            Modelled::Exact(a) => inside.push(a.clone()),
            Modelled::Unknown { reason, .. } => {
                return Some(format!("an access cannot be analysed: {reason}"))
            }
        }
    }
    let id = op.as_u32();
    carried_dependence(&inside, id).map(|b| match (&b.witness, &b.reason) {
        (Some(w), _) => format!(
            "dependence from access {} to access {} carried by the loop (iterations {:?} -> {:?})",
            b.source, b.sink, w.source, w.sink
        ),
        (None, reason) => format!(
            "a dependence from access {} to access {} cannot be ruled out: {}",
            b.source,
            b.sink,
            reason.clone().unwrap_or_default()
        ),
    })
}

fn enclosing_parallel_ops(module: &Module, op: OpId) -> usize {
    let mut count = 0;
    let mut current = module.parent_op(op);
    while let Some(p) = current {
        match module.ops[p].name.as_str() {
            "affine.parallel" => count += 1,
            "func.func" | "builtin.module" => break,
            _ => {}
        }
        current = module.parent_op(p);
    }
    count
}

/// Replaces the `affine.for` `op` by an `affine.parallel` with the same
/// bounds, step and body (the body region moves over unchanged: its block
/// argument is the induction variable of both).
fn convert(module: &mut Module, op: OpId) {
    let data = module.ops[op].clone();
    let lb = data.attr("lowerBoundMap").cloned();
    let ub = data.attr("upperBoundMap").cloned();
    let (Some(Attribute::AffineMap(lmap)), Some(Attribute::AffineMap(umap))) = (lb, ub) else {
        return;
    };
    let step = data.attr("step").and_then(Attribute::as_int).unwrap_or(1);
    let num_bound_operands = (lmap.num_inputs() + umap.num_inputs()) as usize;
    let operands = data
        .operands
        .get(..num_bound_operands)
        .unwrap_or(&data.operands)
        .to_vec();
    let par = module.create_op("affine.parallel", &operands, &[], data.loc);
    let group = |n: usize| Attribute::DenseInt {
        ty: Type::Tensor {
            shape: vec![1],
            elem: Box::new(Type::Integer(32)),
        },
        values: vec![n as i64],
    };
    let props = vec![
        ("lowerBoundsGroups".to_string(), group(lmap.results().len())),
        ("lowerBoundsMap".to_string(), Attribute::AffineMap(lmap)),
        ("reductions".to_string(), Attribute::Array(Vec::new())),
        (
            "steps".to_string(),
            Attribute::Array(vec![Attribute::Integer {
                value: step,
                ty: Type::Integer(64),
            }]),
        ),
        ("upperBoundsGroups".to_string(), group(umap.results().len())),
        ("upperBoundsMap".to_string(), Attribute::AffineMap(umap)),
    ];
    module.ops[par].props = props;
    module.ops[par].attrs = data.attrs.clone();
    for &r in &data.regions {
        module.regions[r].parent = Some(par);
        module.ops[par].regions.push(r);
    }
    module.ops[op].regions.clear();
    let Some(block) = data.parent else { return };
    let index = module.blocks[block]
        .ops
        .iter()
        .position(|&o| o == op)
        .unwrap_or(0);
    module.detach_op(op);
    module.insert_op(block, index, par);
}

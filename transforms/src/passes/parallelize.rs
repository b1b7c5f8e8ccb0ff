//! `--affine-parallelize`: turns `affine.for` loops that carry no
//! dependence into `affine.parallel`.
//!
//! A loop is parallel when no dependence between two accesses inside it is
//! carried at its depth, decided exactly by the dependence analysis, and
//! nothing else inside it has a memory effect the analysis cannot see
//! (calls, non-affine loads and stores, unknown ops, accesses under
//! `scf` regions). Accesses to memrefs allocated inside the loop are
//! private to an iteration and ignored, as in MLIR, and so are accesses
//! through views of them. Loops with `iter_args`
//! are converted only with `parallel-reductions`, and only when every
//! `iter_arg` is a reduction MLIR supports: used once, by one `arith`
//! combiner (`addf`, `mulf`, `addi`, `muli`, `andi`, `ori`, `minimumf`,
//! `maximumf`, `minsi`, `maxsi`, `minui`, `maxui`) whose result is only
//! yielded. The parallel op then reduces the other operand, and the initial
//! value is combined with the result after the loop, as mlir-opt does.
//!
//! As in mlir-opt, candidates are found on the original nest, outermost
//! first, and `max-nested` bounds how many `affine.parallel` may enclose a
//! converted loop.

use std::collections::HashSet;

use tessera_ir::ir::VIEW_OPS;
use tessera_ir::syntax::REDUCTION_KINDS;
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
pub(super) fn effect_free(name: &str) -> bool {
    name.starts_with("arith.")
        || name.starts_with("math.")
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
                | "memref.get_global"
                | "memref.dim"
                | "memref.cast"
                // (the vector ops MLIR marks `Pure`)
                | "vector.broadcast"
                | "vector.splat"
                | "vector.extract"
                | "vector.insert"
                | "vector.extractelement"
                | "vector.insertelement"
                | "vector.fma"
                | "vector.reduction"
                | "vector.create_mask"
                | "vector.constant_mask"
        )
}

/// Why the ops nested in `op` prevent parallelization, if they do.
pub(super) fn hidden_effect(module: &Module, op: OpId) -> Option<String> {
    hidden_effect_beyond(module, op, &[])
}

/// [`hidden_effect`], the ops `also_free` taken as effect free too.
fn hidden_effect_beyond(module: &Module, op: OpId, also_free: &[&str]) -> Option<String> {
    let mut nested = Vec::new();
    module.walk_from(op, &mut nested);
    nested
        .into_iter()
        .skip(1)
        .find(|&o| {
            let name = module.ops[o].name.as_str();
            !effect_free(name) && !also_free.contains(&name)
        })
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
pub fn affine_parallelize(
    module: &mut Module,
    max_nested: usize,
    parallel_reductions: bool,
) -> ParallelizeReport {
    let mut report = ParallelizeReport::default();
    let accesses = collect_accesses(module, module.top);
    let mut candidates = Vec::new();
    for op in module.walk() {
        if module.ops[op].name != "affine.for" {
            continue;
        }
        match why_not_parallel_among(
            module,
            op,
            &accesses.ops,
            &accesses.models,
            parallel_reductions.then_some(Reducer::AffineParallel),
        ) {
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

/// Why the `affine.for` `op` cannot become an `affine.parallel`, or `None`
/// when it can: the dependence it carries (named, with a witness pair of
/// iterations), an effect or access the analysis cannot see, or
/// `iter_args` that are not reductions `parallel_reductions` allows.
/// This is the question `--affine-parallelize` asks of every loop.
///
/// ```
/// use tessera_ir::parse_and_verify;
/// use tessera_transforms::passes::why_not_parallel;
/// let m = parse_and_verify("p.mlir", "func.func @f(%A: memref<10xf32>) {
///   affine.for %i = 1 to 10 {
///     %v = affine.load %A[%i - 1] : memref<10xf32>
///     affine.store %v, %A[%i] : memref<10xf32>
///   }
///   return
/// }
/// ").unwrap();
/// let l = m.walk().into_iter().find(|&o| m.ops[o].name == "affine.for").unwrap();
/// assert!(why_not_parallel(&m, l, false).unwrap().contains("carried by the loop"));
/// ```
pub fn why_not_parallel(module: &Module, op: OpId, parallel_reductions: bool) -> Option<String> {
    if module.ops[op].name != "affine.for" {
        return Some(format!("'{}' is not an affine.for", module.ops[op].name));
    }
    let accesses = collect_accesses(module, module.top);
    why_not_parallel_among(
        module,
        op,
        &accesses.ops,
        &accesses.models,
        parallel_reductions.then_some(Reducer::AffineParallel),
    )
}

/// [`why_not_parallel`] with the module's accesses already collected.
pub(crate) fn why_not_parallel_among(
    module: &Module,
    op: OpId,
    ops: &[OpId],
    models: &[Modelled],
    reducer: Option<Reducer>,
) -> Option<String> {
    if !module.ops[op].results.is_empty() {
        let Some(reducer) = reducer else {
            return Some("the loop has iter_args (use parallel-reductions)".to_string());
        };
        if let Err(why) = reductions(module, op, reducer) {
            return Some(why);
        }
    }
    // A view op only names memory; the accesses through it are modelled
    // below (as unknown unless the memory is the iteration's own).
    if let Some(reason) = hidden_effect_beyond(module, op, VIEW_OPS) {
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
        // (through views of it too: they denote the iteration's memory)
        if memref.is_some_and(|m| local.contains(&module.memref_root(m))) {
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
    let inits = data
        .operands
        .get(num_bound_operands..)
        .unwrap_or(&[])
        .to_vec();
    let Ok(found) = reductions(module, op, Reducer::AffineParallel) else {
        return;
    };
    let result_types: Vec<Type> = data
        .results
        .iter()
        .map(|&v| module.value_type(v).clone())
        .collect();
    let par = module.create_op("affine.parallel", &operands, &result_types, data.loc);
    let group = |n: usize| Attribute::DenseInt {
        ty: Type::Tensor {
            shape: vec![1],
            elem: Box::new(Type::Integer(32)),
            encoding: None,
        },
        values: vec![n as i64],
    };
    let props = vec![
        ("lowerBoundsGroups".to_string(), group(lmap.results().len())),
        ("lowerBoundsMap".to_string(), Attribute::AffineMap(lmap)),
        (
            "reductions".to_string(),
            Attribute::Array(
                found
                    .iter()
                    .map(|r| Attribute::Integer {
                        value: r.kind as i64,
                        ty: Type::Integer(64),
                    })
                    .collect(),
            ),
        ),
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
    // Reductions: the body yields the reduced operand instead of the
    // combined value and loses its iter_args; the initial value is
    // combined with the parallel result after the loop.
    for (k, r) in found.iter().enumerate() {
        if let Some(yield_op) = r.yield_op {
            module.ops[yield_op].operands[k] = r.reduced;
        }
        module.erase_op(r.combiner);
    }
    if let Some(body) = module.ops[par]
        .regions
        .first()
        .and_then(|&r| module.regions[r].blocks.first().copied())
    {
        module.blocks[body].args.truncate(1);
    }
    for (k, r) in found.iter().enumerate() {
        let (old, new) = (data.results[k], module.ops[par].results[k]);
        let ty = module.value_type(new).clone();
        let combine = module.create_op(&r.op_name, &[inits[k], new], &[ty], data.loc);
        module.ops[combine].props = module.ops[r.combiner].props.clone();
        module.insert_op(block, index + 1 + k, combine);
        let combined = module.ops[combine].results[0];
        module.replace_all_uses(old, combined);
    }
}

/// One recognised reduction of a loop's `iter_arg`.
pub(crate) struct Reduction {
    /// Index of the kind in [`REDUCTION_KINDS`].
    kind: usize,
    /// The combining op's name, e.g. `arith.addf`.
    pub(crate) op_name: String,
    /// The combining op inside the body.
    pub(crate) combiner: OpId,
    /// The operand that is not the `iter_arg`: what each iteration
    /// contributes.
    reduced: Value,
    /// The body's `affine.yield`.
    yield_op: Option<OpId>,
}

/// The reduction kind of an `arith` combiner, as MLIR names it.
fn reduction_kind(op_name: &str) -> Option<&'static str> {
    Some(match op_name {
        "arith.addf" => "addf",
        "arith.mulf" => "mulf",
        "arith.addi" => "addi",
        "arith.muli" => "muli",
        "arith.andi" => "andi",
        "arith.ori" => "ori",
        "arith.minimumf" => "minimumf",
        "arith.maximumf" => "maximumf",
        "arith.minsi" => "mins",
        "arith.maxsi" => "maxs",
        "arith.minui" => "minu",
        "arith.maxui" => "maxu",
        _ => return None,
    })
}

/// Every op nested in `op` (not `op` itself) that uses `v`.
fn users(module: &Module, op: OpId, v: Value) -> Vec<OpId> {
    let mut nested = Vec::new();
    module.walk_from(op, &mut nested);
    nested
        .into_iter()
        .skip(1)
        .filter(|&o| module.ops[o].operands.contains(&v))
        .collect()
}

/// The values computed in `op`'s body from its iteration arguments: the
/// arguments themselves, the results of every op using one, and the
/// results of every op holding such a use in its regions. One pre-order
/// walk suffices, since a value is used only after its definition.
fn carried_values(module: &Module, op: OpId, iter_args: &[Value]) -> HashSet<Value> {
    let mut carried: HashSet<Value> = iter_args.iter().copied().collect();
    let mut nested = Vec::new();
    module.walk_from(op, &mut nested);
    for o in nested.into_iter().skip(1) {
        if !module.ops[o].operands.iter().any(|v| carried.contains(v)) {
            continue;
        }
        let mut current = Some(o);
        while let Some(c) = current.filter(|&c| c != op) {
            carried.extend(module.ops[c].results.iter().copied());
            current = module.parent_op(c);
        }
    }
    carried
}

/// What the reductions are turned into, which decides the types they may
/// have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reducer {
    /// `affine.parallel`'s reductions: integers and floats, no `index`.
    AffineParallel,
    /// Vector lanes folded by `vector.reduction`: `index` too.
    Vector,
    /// Unroll-and-jam's accumulators, one per copy, combined after the
    /// loop: any integer, `index` or float type.
    UnrollJam,
}

/// The reductions of all `iter_args` of the `affine.for` `op`, or why one
/// is not a supported reduction.
pub(crate) fn reductions(
    module: &Module,
    op: OpId,
    reducer: Reducer,
) -> Result<Vec<Reduction>, String> {
    let data = &module.ops[op];
    let Some(body) = data
        .regions
        .first()
        .and_then(|&r| module.regions[r].blocks.first().copied())
    else {
        return Ok(Vec::new());
    };
    let yield_op = module.blocks[body]
        .ops
        .last()
        .copied()
        .filter(|&o| module.ops[o].name == "affine.yield");
    let iter_args = &module.blocks[body].args[1..];
    let carried = carried_values(module, op, iter_args);
    let mut found: Vec<Reduction> = Vec::new();
    for (k, &acc) in iter_args.iter().enumerate() {
        let not_supported = || format!("iter_arg #{k} is not a supported reduction");
        let [combiner] = users(module, op, acc)[..] else {
            return Err(not_supported());
        };
        let c = &module.ops[combiner];
        let kind_name = reduction_kind(&c.name).ok_or_else(not_supported)?;
        let kind = REDUCTION_KINDS
            .iter()
            .position(|&k| k == kind_name)
            .ok_or_else(not_supported)?;
        if c.parent != Some(body) || c.operands.len() != 2 || c.results.len() != 1 {
            return Err(not_supported());
        }
        // affine.parallel reduces scalars only: a float kind needs a float,
        // an integer kind an integer (not a vector, not an index).
        let fits = match module.value_type(acc) {
            Type::Integer(_) => c.name.ends_with('i'),
            Type::Index => reducer != Reducer::AffineParallel && c.name.ends_with('i'),
            t if t.is_float() => c.name.ends_with('f'),
            _ => false,
        };
        if !fits {
            return Err(format!(
                "iter_arg #{k} is a {} reduction, which affine.parallel cannot express",
                module.value_type(acc)
            ));
        }
        let reduced = if c.operands[0] == acc {
            c.operands[1]
        } else {
            c.operands[0]
        };
        // What each iteration contributes must not depend on any carried
        // value (`%it1 + %it2` is no reduction), and no combiner may serve
        // two iter_args.
        if carried.contains(&reduced) || found.iter().any(|r| r.combiner == combiner) {
            return Err(not_supported());
        }
        // The combined value is only yielded, once, at position k.
        let result = c.results[0];
        let [user] = users(module, op, result)[..] else {
            return Err(not_supported());
        };
        let yielded_at: Vec<usize> = module.ops[user]
            .operands
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v == result)
            .map(|(i, _)| i)
            .collect();
        if Some(user) != yield_op || yielded_at != [k] {
            return Err(not_supported());
        }
        found.push(Reduction {
            kind,
            op_name: c.name.clone(),
            combiner,
            reduced,
            yield_op,
        });
    }
    Ok(found)
}

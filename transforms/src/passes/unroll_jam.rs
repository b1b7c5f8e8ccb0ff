//! Unroll-and-jam, `--affine-loop-unroll-jam` (MLIR's
//! `loopUnrollJamByFactor`), legality-checked.
//!
//! Unroll-and-jam of a loop `L` by `F` multiplies its step by `F` and, in
//! every block of its body and of the loops nested in it, follows each
//! maximal run of ops that are not `affine.for` with `F - 1` copies, copy
//! `k` seeing `L`'s induction variable plus `k * step`. Nested loops are not
//! copied: their bodies are, so the copies are *jammed* into the inner
//! loops. A nested loop with `iter_args` gets one more set of iteration
//! arguments per copy. A remainder runs in a cleanup copy of `L`, as for
//! unrolling.
//!
//! The inner loops' bounds must not depend on `L`. The transformation
//! reorders instances of different iterations of `L` inside one group of
//! `F`: it is legal exactly when no dependence from an iteration `i` of
//! `L` to `i' ∈ (i, i + (F-1) step]` would then run backwards — that is,
//! when its distance over the loops common to both ends inside `L` is not
//! lexicographically negative, and, when that distance is zero, when the
//! sink's run does not come before the source's (unroll-and-jam of `L` is
//! legal iff moving `L` innermost would be). Both questions are decided
//! exactly on the dependence polyhedron. `iter_args` on `L` itself must
//! be reductions combined exactly (integer ones, float `maximumf` and
//! `minimumf`): each copy then accumulates on its own and the copies are
//! combined after the loop, as MLIR does — but each copy of a sum or
//! product starts from the identity, not from the initial value.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Attribute, BlockId, Module, OpId, Type, Value};

use crate::dependence::{
    access_classes, collect_accesses, AccessDesc, DependencePolyhedron, Modelled, Witness,
};
use crate::loops::{
    create_apply, insert_after, insert_all_after, insert_before, promote_if_single_iteration,
    set_bounds, set_step, ForLoop,
};
use crate::passes::parallelize::{reductions, Reducer, Reduction};
use crate::passes::unroll::{add_cleanup_loop, check_unrolled_size};
use crate::passes::PassRemark;

/// Why unroll-and-jam of `op` by `factor` is not possible or not legal;
/// `None` when it is.
pub fn why_not_unroll_jammable(module: &Module, op: OpId, factor: u64) -> Option<String> {
    let l = ForLoop::read(module, op)?;
    if let Err(why) = exact_reductions(module, op) {
        return Some(why);
    }
    let mut nested = Vec::new();
    module.walk_from(op, &mut nested);
    let inside: std::collections::HashSet<Value> = nested
        .iter()
        .flat_map(|&o| module.ops[o].results.iter().copied())
        .chain(std::iter::once(l.iv(module)))
        .collect();
    for &o in nested.iter().skip(1) {
        if let Some(inner) = ForLoop::read(module, o) {
            let bounds = inner.lower.operands.iter().chain(&inner.upper.operands);
            if bounds.clone().any(|v| inside.contains(v)) {
                return Some(format!(
                    "the bounds of the inner loop at line {} depend on the loop",
                    module.ops[o].loc.line
                ));
            }
        }
    }
    if let Some(reason) = super::parallelize::hidden_effect(module, op) {
        return Some(reason);
    }
    let accesses = collect_accesses(module, op);
    let mut exact: Vec<(&AccessDesc, OpId)> = Vec::new();
    for (m, &access_op) in accesses.models.iter().zip(&accesses.ops) {
        match m {
            Modelled::Exact(a) => exact.push((a, access_op)),
            Modelled::Unknown { reason, .. } => {
                return Some(format!("an access cannot be analysed: {reason}"))
            }
        }
    }
    let window = l
        .step
        .saturating_mul(i64::try_from(factor).unwrap_or(i64::MAX).saturating_sub(1));
    let descs: Vec<&AccessDesc> = exact.iter().map(|(a, _)| *a).collect();
    let classes = access_classes(&descs);
    let distinct = classes
        .iter()
        .collect::<std::collections::HashSet<_>>()
        .len();
    if distinct > crate::dependence::MAX_BAND_CLASSES {
        return Some(format!(
            "{distinct} distinct accesses, more than the exact check takes ({})",
            crate::dependence::MAX_BAND_CLASSES
        ));
    }
    let mut memo: HashMap<(usize, usize), Result<CarriedPair, String>> = HashMap::new();
    for (si, &(src, src_op)) in exact.iter().enumerate() {
        for (di, &(dst, dst_op)) in exact.iter().enumerate() {
            let Some(level) = src.loops.iter().position(|d| d.id == op.as_u32()) else {
                continue;
            };
            let answer = memo
                .entry((classes[si], classes[di]))
                .or_insert_with(|| carried_pair(src, dst, level, window))
                .clone();
            let why = match answer {
                Ok(CarriedPair { reversed: Some(w), .. }) => format!(
                    "the dependence from access {} to access {} would be reversed (iterations {:?} -> {:?})",
                    src.position, dst.position, w.source, w.sink
                ),
                Ok(CarriedPair { zero_inner: Some(w), .. })
                    if sink_run_first(module, src_op, dst_op, op) =>
                {
                    format!(
                        "the dependence from access {} to access {} would be reversed: the sink's copy would run first (iterations {:?} -> {:?})",
                        src.position, dst.position, w.source, w.sink
                    )
                }
                Ok(_) => continue,
                Err(e) => format!(
                    "a dependence from access {} to access {} cannot be ruled out: {e}",
                    src.position, dst.position
                ),
            };
            return Some(why);
        }
    }
    None
}

/// The reductions of the `iter_args` of `op` when jamming combines them
/// exactly: integer ones (wrapping sums and products are associative and
/// commutative) and float `maximumf`/`minimumf`; a float sum or product
/// is reassociated, so it needs the `reassoc` fast-math flag (as for
/// vectorization). An `iter_arg` that is no reduction cannot be split
/// over the copies at all (mlir-opt 19 keeps only the first copy's value
/// then, a miscompile).
fn exact_reductions(module: &Module, op: OpId) -> Result<Vec<Reduction>, String> {
    if module.ops[op].results.is_empty() {
        return Ok(Vec::new());
    }
    let found = reductions(module, op, Reducer::UnrollJam)?;
    for (k, r) in found.iter().enumerate() {
        let reassociates = matches!(r.op_name.as_str(), "arith.addf" | "arith.mulf");
        let flags = tessera_ir::syntax::fastmath_flags(&module.ops[r.combiner].props);
        if reassociates && !flags.contains(&"reassoc") {
            return Err(format!(
                "iter_arg #{k} is a float reduction ('{}') without the 'reassoc' fast-math flag: jamming would reassociate it (MLIR 19 jams it anyway)",
                r.op_name
            ));
        }
    }
    Ok(found)
}

/// The value each copy's accumulator of `reduction` starts from: the
/// loop's own initial value for an idempotent combiner (`max`, `min`,
/// `and`, `or`: combining it twice changes nothing), else the combiner's
/// identity — the initial value itself when it is that constant, as
/// mlir-opt (which always starts every copy from the initial value, wrong
/// for a sum that does not start at 0) then prints the same.
fn copy_init(module: &mut Module, loop_op: OpId, reduction: &Reduction, init: Value) -> Value {
    let ty = module.value_type(init).clone();
    let (value, float) = match reduction.op_name.as_str() {
        "arith.addi" => (0, 0.0),
        "arith.muli" => (1, 1.0),
        // -0 is the float sum's identity: -0 + 0 = 0.
        "arith.addf" => (0, -0.0),
        "arith.mulf" => (1, 1.0),
        _ => return init,
    };
    let attribute = match ty {
        Type::Integer(1) => Attribute::Bool(value == 1),
        Type::Integer(_) | Type::Index => Attribute::Integer {
            value,
            ty: ty.clone(),
        },
        _ => Attribute::Float {
            value: float,
            ty: ty.clone(),
        },
    };
    let written = module
        .defining_op(init)
        .filter(|&c| module.ops[c].name == "arith.constant")
        .and_then(|c| module.ops[c].attr("value"));
    let same = match (&attribute, written) {
        (Attribute::Float { value, .. }, Some(Attribute::Float { value: v, .. })) => {
            v.to_bits() == value.to_bits()
        }
        (Attribute::Float { .. }, _) => false,
        _ => module.constant_int(init) == Some(value),
    };
    if same {
        return init;
    }
    let loc = module.ops[loop_op].loc;
    let c = module.create_op("arith.constant", &[], &[ty], loc);
    module.set_prop(c, "value", attribute);
    insert_before(module, loop_op, c);
    module.ops[c].results[0]
}

/// What unroll-and-jam needs to know of the dependences from `src` to
/// `dst` carried by the loop at `level` within the jam window.
#[derive(Clone, Debug)]
struct CarriedPair {
    /// A pair whose distance over the common inner loops is
    /// lexicographically negative.
    reversed: Option<Witness>,
    /// A pair at equal iterations of the common inner loops.
    zero_inner: Option<Witness>,
}

fn carried_pair(
    src: &AccessDesc,
    dst: &AccessDesc,
    level: usize,
    window: i64,
) -> Result<CarriedPair, String> {
    let none = CarriedPair {
        reversed: None,
        zero_inner: None,
    };
    let Some(mut poly) =
        DependencePolyhedron::build(src, dst, level + 1).map_err(|e| e.to_string())?
    else {
        return Ok(none);
    };
    poly.bound_distance(level, window)
        .map_err(|e| e.to_string())?;
    let inner: Vec<usize> = (level + 1..src.common_loops(dst)).collect();
    Ok(CarriedPair {
        reversed: poly.reversed_by(&inner).map_err(|e| e.to_string())?,
        zero_inner: poly.zero_distance_on(&inner).map_err(|e| e.to_string())?,
    })
}

/// Whether, in the innermost `affine.for` common to both accesses inside
/// `l` (or `l` itself), the sink's run of ops lies before the source's:
/// after jamming, a later iteration's sink would then run first.
fn sink_run_first(module: &Module, src_op: OpId, dst_op: OpId, l: OpId) -> bool {
    let enclosing = |op: OpId| -> Vec<OpId> {
        let mut out = Vec::new();
        let mut current = module.parent_op(op);
        while let Some(p) = current {
            if module.ops[p].name == "affine.for" {
                out.push(p);
            }
            if p == l {
                break;
            }
            current = module.parent_op(p);
        }
        out
    };
    let dst_loops = enclosing(dst_op);
    let Some(scope) = enclosing(src_op)
        .into_iter()
        .find(|f| dst_loops.contains(f))
    else {
        return true;
    };
    let Some(body) = ForLoop::read(module, scope).map(|f| f.body) else {
        return true;
    };
    let ancestor = |mut op: OpId| -> Option<OpId> {
        loop {
            if module.ops[op].parent? == body {
                return Some(op);
            }
            op = module.parent_op(op)?;
        }
    };
    let (Some(a_src), Some(a_dst)) = (ancestor(src_op), ancestor(dst_op)) else {
        return true;
    };
    if a_src == a_dst {
        return false;
    }
    let ops = &module.blocks[body].ops;
    let (Some(p_src), Some(p_dst)) = (
        ops.iter().position(|&o| o == a_src),
        ops.iter().position(|&o| o == a_dst),
    ) else {
        return true;
    };
    let (lo, hi) = (p_src.min(p_dst), p_src.max(p_dst));
    let same_run = ops[lo..=hi]
        .iter()
        .all(|&o| module.ops[o].name != "affine.for");
    !same_run && p_dst < p_src
}

/// Unroll-and-jams `op` by `factor` when legal; `Err` says why not.
pub fn unroll_jam(module: &mut Module, op: OpId, factor: u64) -> Result<(), String> {
    let l = ForLoop::read(module, op).ok_or("not an affine.for")?;
    if factor < 2 {
        return if factor == 1 {
            promote_if_single_iteration(module, op);
            Ok(())
        } else {
            Err("unroll-jam factor 0".into())
        };
    }
    if l.body_ops(module).is_empty() {
        return Ok(());
    }
    let trip_count = l.constant_trip_count(module);
    if let Some(tc) = trip_count {
        if tc < factor {
            return Err(format!(
                "trip count {tc} is below the unroll-jam factor {factor}"
            ));
        }
    }
    check_unrolled_size(module, op, factor)?;
    if let Some(why) = why_not_unroll_jammable(module, op, factor) {
        return Err(why);
    }
    unroll_jam_unchecked(module, op, factor)
}

/// Unroll-and-jams `op` by `factor` (at least 2) *without* the dependence
/// check, as mlir-opt does: for experiments, and to show what
/// [`why_not_unroll_jammable`] prevents. `Err` only when the loop's shape
/// does not allow it.
pub fn unroll_jam_unchecked(module: &mut Module, op: OpId, factor: u64) -> Result<(), String> {
    let l = ForLoop::read(module, op).ok_or("not an affine.for")?;
    if factor < 2 {
        return Err(format!("unroll-jam factor {factor} is below 2"));
    }
    check_unrolled_size(module, op, factor)?;
    let found = reductions(module, op, Reducer::UnrollJam)?;
    let factor_i = i64::try_from(factor).map_err(|_| "factor too large")?;
    let new_step = l
        .step
        .checked_mul(factor_i)
        .ok_or("step times factor overflows")?;
    if l.largest_trip_count_divisor(module) % factor != 0 {
        if l.lower.map.results().len() != 1 || l.upper.map.results().len() != 1 {
            return Err(
                "a cleanup loop is needed but the bounds are a max/min of several expressions"
                    .into(),
            );
        }
        add_cleanup_loop(module, &l, factor_i, new_step)?;
    }
    set_step(module, op, new_step);
    let mut jam = Jam {
        iv: l.iv(module),
        iv_used: crate::loops::uses_value(module, op, l.iv(module)),
        step: l.step,
        loc: module.ops[op].loc,
        maps: vec![HashMap::new(); (factor_i - 1) as usize],
    };
    let copy_inits: Vec<Value> = found
        .iter()
        .zip(&l.inits)
        .map(|(r, &init)| copy_init(module, op, r, init))
        .collect();
    jam.jam_loop(module, op, Some(&copy_inits));
    combine_copies(module, op, &found, factor_i);
    promote_if_single_iteration(module, op);
    Ok(())
}

/// Combines the `factor` copies of each reduction's result of the jammed
/// loop `op` after it, in MLIR's order (`((r0 + r3) + r2) + r1` for a
/// factor of 4), and lets every later use see the combined value.
fn combine_copies(module: &mut Module, op: OpId, found: &[Reduction], factor: i64) {
    let results = module.ops[op].results.clone();
    let n = found.len();
    let mut after = op;
    for (k, r) in found.iter().enumerate() {
        let ty = module.value_type(results[k]).clone();
        let mut combined = results[k];
        let mut first = None;
        for copy in (1..factor as usize).rev() {
            let operands = [combined, results[copy * n + k]];
            let c = module.create_op(
                &r.op_name,
                &operands,
                std::slice::from_ref(&ty),
                module.ops[op].loc,
            );
            module.ops[c].props = module.ops[r.combiner].props.clone();
            insert_after(module, after, c);
            after = c;
            first.get_or_insert(c);
            combined = module.ops[c].results[0];
        }
        module.replace_all_uses(results[k], combined);
        if let Some(first) = first {
            module.ops[first].operands[0] = results[k];
        }
    }
}

/// The state of one unroll-and-jam: per copy `k` (from 1), the map from
/// original values to the copy's.
struct Jam {
    iv: Value,
    iv_used: bool,
    step: i64,
    loc: tessera_ir::Location,
    maps: Vec<HashMap<Value, Value>>,
}

impl Jam {
    /// Follows each run of non-loop ops in `block` by its copies, and
    /// recurses into nested loops.
    fn block(&mut self, module: &mut Module, block: BlockId) {
        let ops = module.blocks[block].ops.clone();
        let Some((_terminator, body)) = ops.split_last() else {
            return;
        };
        let mut run: Vec<OpId> = Vec::new();
        for &o in body {
            if module.ops[o].name == "affine.for" {
                self.copy_run(module, &run);
                run.clear();
                self.nested_loop(module, o);
            } else {
                run.push(o);
            }
        }
        self.copy_run(module, &run);
    }

    /// Places the copies of `run` after it, each preceded (as in MLIR) by
    /// the `affine.apply` giving its value of the induction variable.
    fn copy_run(&mut self, module: &mut Module, run: &[OpId]) {
        let Some(&last) = run.last() else {
            return;
        };
        let mut copies = Vec::new();
        for (k, map) in self.maps.iter_mut().enumerate() {
            if self.iv_used {
                let shift = (k as i64 + 1) * self.step;
                let Ok(m) = AffineMap::new(1, 0, vec![AffineExpr::dim(0) + shift]) else {
                    continue;
                };
                let apply = create_apply(module, m, &[self.iv], self.loc);
                copies.push(apply);
                map.insert(self.iv, module.ops[apply].results[0]);
            }
            for &o in run {
                copies.push(module.clone_op(o, map));
            }
        }
        insert_all_after(module, last, &copies);
    }

    /// Jams the copies into the nested loop `op`.
    fn nested_loop(&mut self, module: &mut Module, op: OpId) {
        self.jam_loop(module, op, None);
    }

    /// Jams the copies into the loop `op`: one more set of iteration
    /// arguments and results per copy, then its body. The copies'
    /// arguments start from `copy_inits` when given, else from the
    /// copies of the loop's own initial values.
    fn jam_loop(&mut self, module: &mut Module, op: OpId, copy_inits: Option<&[Value]>) {
        let Some(l) = ForLoop::read(module, op) else {
            return;
        };
        let iter_args = l.iter_args(module);
        let results = module.ops[op].results.clone();
        if !iter_args.is_empty() {
            for map in self.maps.iter_mut() {
                for (j, (&arg, &init)) in iter_args.iter().zip(&l.inits).enumerate() {
                    let new_init = match copy_inits {
                        Some(inits) => inits[j],
                        None => *map.get(&init).unwrap_or(&init),
                    };
                    module.ops[op].operands.push(new_init);
                    let ty = module.value_type(arg).clone();
                    let new_arg = module.add_block_arg(l.body, ty, self.loc);
                    map.insert(arg, new_arg);
                }
            }
            // Rewrites the operand segment sizes for the longer inits.
            set_bounds(module, op, &l.lower, &l.upper);
        }
        self.block(module, l.body);
        if iter_args.is_empty() {
            return;
        }
        let Some(terminator) = l.terminator(module) else {
            return;
        };
        let yielded = module.ops[terminator].operands.clone();
        for map in self.maps.iter_mut() {
            for (&y, &r) in yielded.iter().zip(&results) {
                let new_y = *map.get(&y).unwrap_or(&y);
                module.ops[terminator].operands.push(new_y);
                let ty = module.value_type(r).clone();
                let new_r = module.add_result(op, ty);
                map.insert(r, new_r);
            }
        }
    }
}

/// mlir-opt's `--affine-loop-unroll-jam`: mlir-opt unroll-and-jams the
/// first op of each function when it is a loop, without a legality check;
/// tessera does every outermost loop, when legal.
pub fn affine_loop_unroll_jam(module: &mut Module, factor: u64) -> Vec<PassRemark> {
    crate::loops::outermost_loops(module)
        .into_iter()
        .map(|op| PassRemark {
            mlir_remark: None,
            op,
            message: match unroll_jam(module, op, factor) {
                Ok(()) => format!("affine-loop-unroll-jam: loop unroll-jammed by {factor}"),
                Err(why) => format!("affine-loop-unroll-jam: loop not unroll-jammed: {why}"),
            },
        })
        .collect()
}

//! Loop unrolling, `--affine-loop-unroll` (MLIR's `loopUnrollByFactor`,
//! `loopUnrollFull`, `loopUnrollUpToFactor`).
//!
//! Unrolling by `F` multiplies the step by `F` and follows the body with
//! `F - 1` copies, copy `k` seeing the induction variable as
//! `affine.apply (d0) -> (d0 + k * step)` and the iteration arguments as
//! the values the previous copy yields; the terminator yields the last
//! copy's values. When the trip count may not be a multiple of `F`, a
//! cleanup loop — a copy of the original — runs the last
//! `trip count mod F` iterations from `lb + ((ub - lb) ceildiv step
//! floordiv F) * F * step`, taking the main loop's results as its initial
//! values. When the trip count is not constant it may be negative at run
//! time (`ub < lb`), where that split point lies below `lb`; the cleanup
//! loop then starts at the `max` of the split point and `lb` (mlir-opt 19
//! omits the `max` and runs iterations the original never runs). Loops left with a single iteration are replaced by their body.
//!
//! Unrolling keeps every instance in its original order, so it is always
//! legal; it is refused only where the loop cannot be expressed (a `max`
//! lower or `min` upper bound with a remainder, a trip count below the
//! factor, a full unroll of a loop whose trip count is not constant), and
//! the refusal is a remark.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Module, OpId, Value};

use crate::loops::{
    create_apply, innermost_loops, insert_after, insert_all_before, promote_if_single_iteration,
    replace_uses_in, set_bounds, set_step, uses_value, AlignedBounds, ForLoop,
};
use crate::passes::PassRemark;

/// The most ops one unrolling (or unroll-and-jam) may create: a larger one
/// is refused with a remark rather than exhausting time and memory
/// (mlir-opt accepts factors up to `u32::MAX` and tries).
pub const MAX_UNROLLED_OPS: u64 = 1 << 19;

/// Refuses to copy the loop `op` (with everything nested in it) `factor`
/// times when that would create more than [`MAX_UNROLLED_OPS`] ops.
pub(crate) fn check_unrolled_size(module: &Module, op: OpId, factor: u64) -> Result<(), String> {
    let mut nested = Vec::new();
    module.walk_from(op, &mut nested);
    if (nested.len() as u64).saturating_mul(factor) > MAX_UNROLLED_OPS {
        return Err(format!(
            "copying {} ops {factor} times exceeds the limit of {MAX_UNROLLED_OPS} ops",
            nested.len()
        ));
    }
    Ok(())
}

/// The options of `--affine-loop-unroll`, with mlir-opt's defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnrollOptions {
    /// `unroll-factor` (default 4).
    pub factor: u64,
    /// `unroll-full`: unroll innermost loops completely.
    pub full: bool,
    /// `unroll-full-threshold`: with `unroll-full`, unroll completely every
    /// loop (not only innermost ones) whose trip count is at most this.
    pub full_threshold: Option<u64>,
    /// `unroll-up-to-factor`: unroll by the trip count when it is smaller
    /// than the factor.
    pub up_to_factor: bool,
    /// `cleanup-unroll`: when a remainder would need a cleanup loop, unroll
    /// the loop completely instead.
    pub cleanup: bool,
    /// `unroll-num-reps`: how many times the innermost loops are unrolled.
    pub num_reps: u64,
}

impl Default for UnrollOptions {
    fn default() -> Self {
        UnrollOptions {
            factor: 4,
            full: false,
            full_threshold: None,
            up_to_factor: false,
            cleanup: false,
            num_reps: 1,
        }
    }
}

/// Unrolls the `affine.for` `op` by `factor` (see the module
/// documentation); `Err` says why the loop was left alone.
pub fn unroll_by_factor(
    module: &mut Module,
    op: OpId,
    factor: u64,
    cleanup_unroll: bool,
) -> Result<(), String> {
    let l = ForLoop::read(module, op).ok_or("not an affine.for")?;
    if factor == 0 {
        return Err("unroll factor 0".into());
    }
    let trip_count = l.constant_trip_count(module);
    if factor == 1 {
        promote_if_single_iteration(module, op);
        return Ok(());
    }
    if l.body_ops(module).is_empty() {
        return Ok(());
    }
    if trip_count.map_or(true, |tc| tc >= factor) {
        check_unrolled_size(module, op, factor)?;
    }
    if let Some(tc) = trip_count {
        if tc < factor {
            return if cleanup_unroll {
                unroll_full(module, op)
            } else {
                Err(format!(
                    "trip count {tc} is below the unroll factor {factor}"
                ))
            };
        }
    }
    let factor_i = i64::try_from(factor).map_err(|_| "unroll factor too large")?;
    let new_step = l
        .step
        .checked_mul(factor_i)
        .ok_or("step times unroll factor overflows")?;
    // As MLIR: no cleanup when the factor divides the trip count's largest
    // known divisor (a negative count runs neither loop).
    if l.largest_trip_count_divisor(module) % factor != 0 {
        if l.lower.map.results().len() != 1 || l.upper.map.results().len() != 1 {
            return Err(
                "a cleanup loop is needed but the bounds are a max/min of several expressions"
                    .into(),
            );
        }
        if cleanup_unroll {
            return unroll_full(module, op);
        }
        add_cleanup_loop(module, &l, factor_i, new_step)?;
    }
    set_step(module, op, new_step);
    let l = ForLoop::read(module, op).ok_or("not an affine.for")?;
    replicate_body(module, &l, factor_i);
    promote_if_single_iteration(module, op);
    Ok(())
}

/// Unrolls `op` completely; its trip count must be constant.
pub fn unroll_full(module: &mut Module, op: OpId) -> Result<(), String> {
    let l = ForLoop::read(module, op).ok_or("not an affine.for")?;
    match l.constant_trip_count(module) {
        None => Err("the trip count is not constant".into()),
        Some(0) => Ok(()),
        Some(1) => {
            promote_if_single_iteration(module, op);
            Ok(())
        }
        Some(tc) => unroll_by_factor(module, op, tc, false),
    }
}

/// Unrolls `op` by `factor`, or completely when its constant trip count is
/// smaller.
pub fn unroll_up_to_factor(module: &mut Module, op: OpId, factor: u64) -> Result<(), String> {
    let l = ForLoop::read(module, op).ok_or("not an affine.for")?;
    match l.constant_trip_count(module) {
        Some(tc) if tc < factor => unroll_by_factor(module, op, tc, false),
        _ => unroll_by_factor(module, op, factor, false),
    }
}

/// Splits off the last `trip count mod factor` iterations of `l` into a
/// copy placed after it, and shortens `l` to a multiple of `factor`.
pub(crate) fn add_cleanup_loop(
    module: &mut Module,
    l: &ForLoop,
    factor: i64,
    new_step: i64,
) -> Result<(), String> {
    if l.lower.map.results().len() != 1 || l.upper.map.results().len() != 1 {
        return Err(
            "a cleanup loop is needed but the bounds are a max/min of several expressions".into(),
        );
    }
    // As MLIR's `getCleanupLoopLowerBound`, over the bounds composed with
    // the `affine.apply`s producing their operands.
    let (lower, upper) = l.composed_bounds(module);
    let aligned = AlignedBounds::new(&lower, &upper).ok_or("bounds cannot be aligned")?;
    let (lb, ub) = (aligned.lower[0].clone(), aligned.upper[0].clone());
    let split = ((ub - lb.clone()).ceil_div(l.step).floor_div(factor) * new_step + lb.clone())
        .simplify(aligned.num_dims, aligned.num_symbols());
    let main_upper = aligned
        .bound(vec![split.clone()])
        .ok_or("the cleanup bound cannot be built")?;
    // When the trip count may be negative at run time, `split` lies below
    // `lb`: the cleanup loop must still not start before the original.
    let cleanup_lower = if l.constant_trip_count(module).is_some() {
        main_upper.clone()
    } else {
        aligned
            .bound(vec![split, lb])
            .ok_or("the cleanup bound cannot be built")?
    };
    let cleanup = module.clone_op(l.op, &mut HashMap::new());
    insert_after(module, l.op, cleanup);
    set_bounds(module, l.op, &l.lower, &main_upper);
    set_bounds(module, cleanup, &cleanup_lower, &l.upper);
    let results = module.ops[l.op].results.clone();
    if !results.is_empty() {
        let cleanup_results = module.ops[cleanup].results.clone();
        let replace: HashMap<Value, Value> = results.iter().copied().zip(cleanup_results).collect();
        // The results are used only after the loop, in its block.
        if let Some(block) = module.ops[l.op].parent {
            let ops = module.blocks[block].ops.clone();
            for o in ops.into_iter().filter(|&o| o != l.op && o != cleanup) {
                replace_uses_in(module, o, &replace);
            }
        }
        let c = ForLoop::read(module, cleanup).ok_or("not an affine.for")?;
        let nb = c.lower.operands.len() + c.upper.operands.len();
        module.ops[cleanup].operands.truncate(nb);
        module.ops[cleanup].operands.extend(results);
    }
    promote_if_single_iteration(module, cleanup);
    Ok(())
}

/// Appends `factor - 1` copies of the body of `l` (whose step has already
/// been multiplied), chaining iteration arguments through the copies.
fn replicate_body(module: &mut Module, l: &ForLoop, factor: i64) {
    let iv = l.iv(module);
    let iter_args = l.iter_args(module);
    let body_ops = l.body_ops(module);
    let Some(terminator) = l.terminator(module) else {
        return;
    };
    let original_step = l.step / factor;
    let loc = module.ops[l.op].loc;
    let iv_used = body_ops
        .iter()
        .any(|&o| module.ops[o].operands.contains(&iv) || uses_value(module, o, iv));
    let yielded = module.ops[terminator].operands.clone();
    let mut last = yielded.clone();
    let mut copies = Vec::new();
    for k in 1..factor {
        let mut map: HashMap<Value, Value> = HashMap::new();
        if iv_used {
            let shift = AffineMap::new(1, 0, vec![AffineExpr::dim(0) + k * original_step])
                .unwrap_or_else(|_| AffineMap::identity(1));
            let apply = create_apply(module, shift, &[iv], loc);
            copies.push(apply);
            map.insert(iv, module.ops[apply].results[0]);
        }
        for (&arg, &value) in iter_args.iter().zip(&last) {
            map.insert(arg, value);
        }
        for &op in &body_ops {
            copies.push(module.clone_op(op, &mut map));
        }
        last = yielded.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
    }
    insert_all_before(module, terminator, &copies);
    module.ops[terminator].operands = last;
}

/// mlir-opt's `--affine-loop-unroll`: with `unroll-full` and a threshold,
/// every loop whose constant trip count is at most the threshold is
/// unrolled completely; otherwise the innermost loops are unrolled
/// (`num_reps` times) by the factor, completely, or up to the factor.
pub fn affine_loop_unroll(module: &mut Module, options: &UnrollOptions) -> Vec<PassRemark> {
    /// Ops one run of the pass may create before it stops starting new
    /// unrollings (one unrolling may still reach [`MAX_UNROLLED_OPS`]).
    const PASS_BUDGET: u64 = MAX_UNROLLED_OPS / 8;
    let start = module.ops.len() as u64;
    let mut remarks = Vec::new();
    let mut note = |op: OpId, result: Result<(), String>, what: &str| {
        remarks.push(PassRemark {
            mlir_remark: None,
            op,
            message: match result {
                Ok(()) => format!("affine-loop-unroll: loop {what}"),
                Err(why) => format!("affine-loop-unroll: loop not unrolled: {why}"),
            },
        })
    };
    if options.full {
        if let Some(threshold) = options.full_threshold {
            // Inner loops first, so unrolling an outer one cannot copy a
            // loop still to be visited.
            let loops = crate::loops::loops_inner_first(module);
            for op in loops {
                let short = ForLoop::read(module, op)
                    .and_then(|l| l.constant_trip_count(module))
                    .is_some_and(|tc| tc <= threshold);
                if !short {
                    continue;
                }
                // Unrolling nested loops multiplies: the pass as a whole
                // stays within the budget of one unrolling.
                let r = if module.ops.len() as u64 - start > PASS_BUDGET {
                    Err(format!(
                        "the pass has already created over {PASS_BUDGET} ops"
                    ))
                } else {
                    unroll_full(module, op)
                };
                note(op, r, "unrolled completely");
            }
            return remarks;
        }
    }
    let mut previous = None;
    for _ in 0..options.num_reps {
        // Repetitions stop at the pass's budget (each can double the code).
        if module.ops.len() as u64 - start > PASS_BUDGET {
            break;
        }
        let top = module.top;
        let loops = innermost_loops(module, top);
        // A repetition that created no op and left the same loops
        // innermost changed nothing; neither would the next ones.
        let state = (module.ops.len(), loops.clone());
        if previous.as_ref() == Some(&state) {
            break;
        }
        previous = Some(state);
        for op in loops {
            let (result, what) = if options.full {
                (unroll_full(module, op), "unrolled completely".to_string())
            } else if options.up_to_factor {
                (
                    unroll_up_to_factor(module, op, options.factor),
                    format!("unrolled up to factor {}", options.factor),
                )
            } else {
                (
                    unroll_by_factor(module, op, options.factor, options.cleanup),
                    format!("unrolled by {}", options.factor),
                )
            };
            note(op, result, &what);
        }
    }
    remarks
}

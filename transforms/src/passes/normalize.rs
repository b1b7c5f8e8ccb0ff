//! `--affine-loop-normalize`: MLIR's `normalizeAffineFor` and
//! `normalizeAffineParallel`, the clean-up tiling and unrolling leave work
//! for.
//!
//! A loop with a single lower bound `lb` and step `s` is rewritten to run
//! from 0 with step 1 up to `(ub_k - lb) ceildiv s` for every upper result
//! `ub_k`; the body sees the original induction variable as
//! `affine.apply (iv * s + lb)`. Loops with a `max` lower bound are left
//! alone, as mlir-opt leaves them; with `promote-single-iter`, loops that
//! run once are replaced by their body. An `affine.parallel` is normalized
//! dimension by dimension the same way, unless a bound is a `max` or `min`.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Attribute, Module, OpId, Value};

use crate::canonical::compose_map;
use crate::loops::{
    create_apply, promote_if_single_iteration, replace_uses_in, set_bounds, set_step, Bound,
    ForLoop,
};
use crate::passes::PassRemark;

/// Normalizes the `affine.for` `op` (see the module documentation);
/// `Err` says why it was left alone.
pub fn normalize_loop(module: &mut Module, op: OpId) -> Result<bool, String> {
    let l = ForLoop::read(module, op).ok_or("not an affine.for")?;
    if l.lower.as_constant() == Some(0) && l.step == 1 {
        return Ok(false);
    }
    let [lb] = l.lower.map.results() else {
        return Err("the lower bound is a max of several expressions".into());
    };
    let lower_splat = Bound {
        map: AffineMap::new(
            l.lower.map.num_dims(),
            l.lower.map.num_symbols(),
            vec![lb.clone(); l.upper.map.results().len()],
        )
        .map_err(|e| e.to_string())?,
        operands: l.lower.operands.clone(),
    };
    // As MLIR, canonicalized once more after the difference (dropping the
    // operands it simplified away).
    let span = canonicalized(module, difference(module, &l.upper, &lower_splat)?);
    let upper = Bound {
        map: AffineMap::new(
            span.map.num_dims(),
            span.map.num_symbols(),
            span.map
                .results()
                .iter()
                .map(|e| e.ceil_div(l.step))
                .collect(),
        )
        .map_err(|e| e.to_string())?,
        operands: span.operands,
    };
    let iv = l.iv(module);
    // The original induction variable: lb - (-iv * step).
    let scaled_iv = Bound {
        map: AffineMap::new(1, 0, vec![AffineExpr::dim(0) * -l.step]).map_err(|e| e.to_string())?,
        operands: vec![iv],
    };
    let iv_bound = canonicalized(module, difference(module, &l.lower, &scaled_iv)?);
    set_bounds(module, op, &Bound::constant(0), &upper);
    set_step(module, op, 1);
    let loc = module.ops[op].loc;
    let apply = create_apply(module, iv_bound.map, &iv_bound.operands, loc);
    let value = module.ops[apply].results[0];
    let replace: HashMap<Value, Value> = [(iv, value)].into_iter().collect();
    for inner in l.body_ops(module) {
        replace_uses_in(module, inner, &replace);
    }
    if let Some(t) = l.terminator(module) {
        replace_uses_in(module, t, &replace);
    }
    module.insert_op(l.body, 0, apply);
    Ok(true)
}

/// `a - b` result by result, as MLIR's `AffineValueMap::difference`: over
/// `a`'s dims, `b`'s dims, `a`'s symbols, `b`'s symbols, composed with the
/// `affine.apply`s producing them and canonicalized.
fn difference(module: &Module, a: &Bound, b: &Bound) -> Result<Bound, String> {
    let (and, ans) = (a.map.num_dims(), a.map.num_symbols());
    let (bnd, bns) = (b.map.num_dims(), b.map.num_symbols());
    let results: Vec<AffineExpr> = a
        .map
        .results()
        .iter()
        .zip(b.map.results())
        .map(|(x, y)| x.clone() - y.shift_dims(bnd, and, 0).shift_symbols(bns, ans, 0))
        .collect();
    let map = AffineMap::new(and + bnd, ans + bns, results).map_err(|e| e.to_string())?;
    let mut operands: Vec<Value> = a.operands[..and as usize].to_vec();
    operands.extend(&b.operands[..bnd as usize]);
    operands.extend(&a.operands[and as usize..]);
    operands.extend(&b.operands[bnd as usize..]);
    Ok(canonicalized(module, Bound { map, operands }))
}

/// `b` composed and canonicalized (MLIR's `AffineValueMap::canonicalize`).
fn canonicalized(module: &Module, b: Bound) -> Bound {
    let (map, operands) = compose_map(module, &b.map, &b.operands);
    Bound { map, operands }
}

/// Normalizes the `affine.parallel` `op` as MLIR's
/// `normalizeAffineParallel`: every dimension runs from 0 with step 1 up
/// to `(ub - lb) ceildiv step`, and the body sees each original induction
/// variable as `affine.apply (lb + iv * step)`. Bounds that are a `max` or
/// `min` of several expressions are left alone.
pub fn normalize_parallel(module: &mut Module, op: OpId) -> Result<bool, String> {
    let d = &module.ops[op];
    let map = |name: &str| match d.attr(name) {
        Some(Attribute::AffineMap(m)) => Some(m.clone()),
        _ => None,
    };
    let (Some(lm), Some(um)) = (map("lowerBoundsMap"), map("upperBoundsMap")) else {
        return Err("malformed affine.parallel".into());
    };
    let steps: Vec<i64> = match d.attr("steps") {
        Some(Attribute::Array(a)) => a.iter().filter_map(Attribute::as_int).collect(),
        _ => Vec::new(),
    };
    let n = steps.len();
    if lm.results().len() != n || um.results().len() != n {
        return Err("a bound is a max or min of several expressions".into());
    }
    let normalized = steps
        .iter()
        .zip(lm.results())
        .all(|(&s, lb)| s == 1 && lb.as_constant() == Some(0));
    if normalized {
        return Ok(false);
    }
    let operands = d.operands.clone();
    let nl = (lm.num_inputs() as usize).min(operands.len());
    let (lops, uops) = operands.split_at(nl);
    let lower = Bound {
        map: lm.clone(),
        operands: lops.to_vec(),
    };
    let upper = Bound {
        map: um,
        operands: uops.to_vec(),
    };
    let ranges = difference(module, &upper, &lower)?;
    let upper_results: Vec<AffineExpr> = ranges
        .map
        .results()
        .iter()
        .zip(&steps)
        .map(|(r, &s)| r.ceil_div(s))
        .collect();
    let new_upper = AffineMap::new(
        ranges.map.num_dims(),
        ranges.map.num_symbols(),
        upper_results,
    )
    .map_err(|e| e.to_string())?;
    let body = module.ops[op]
        .regions
        .first()
        .and_then(|&r| module.regions[r].blocks.first().copied())
        .ok_or("affine.parallel without a body")?;
    let ivs = module.blocks[body].args.clone();
    let body_ops = module.blocks[body].ops.clone();
    let (nd, loc) = (lm.num_dims(), module.ops[op].loc);
    let mut applies = Vec::new();
    let mut replace = HashMap::new();
    for ((lb, &step), &iv) in lm.results().iter().zip(&steps).zip(&ivs) {
        // Not canonicalized: MLIR leaves that to later canonicalizations.
        let map = AffineMap::new(
            nd + 1,
            lm.num_symbols(),
            vec![lb.clone() + AffineExpr::dim(nd) * step],
        )
        .map_err(|e| e.to_string())?;
        let mut operands = lops[..nd as usize].to_vec();
        operands.push(iv);
        operands.extend(&lops[nd as usize..]);
        let apply = create_apply(module, map, &operands, loc);
        replace.insert(iv, module.ops[apply].results[0]);
        applies.push(apply);
    }
    for inner in body_ops {
        replace_uses_in(module, inner, &replace);
    }
    module.insert_ops(body, 0, &applies);
    let one = |_| Attribute::Integer {
        value: 1,
        ty: tessera_ir::Type::Integer(64),
    };
    module.set_prop(op, "steps", Attribute::Array((0..n).map(one).collect()));
    let zeros =
        AffineMap::new(0, 0, vec![AffineExpr::constant(0); n]).map_err(|e| e.to_string())?;
    module.set_prop(op, "lowerBoundsMap", Attribute::AffineMap(zeros));
    module.set_prop(op, "upperBoundsMap", Attribute::AffineMap(new_upper));
    module.ops[op].operands = ranges.operands;
    Ok(true)
}

/// mlir-opt's `--affine-loop-normalize`, innermost loops first.
pub fn affine_loop_normalize(
    module: &mut Module,
    promote_single_iteration: bool,
) -> Vec<PassRemark> {
    // Inner loops first, `affine.for` and `affine.parallel` alike.
    let mut loops: Vec<OpId> = module
        .walk()
        .into_iter()
        .filter(|&o| {
            matches!(
                module.ops[o].name.as_str(),
                "affine.for" | "affine.parallel"
            )
        })
        .collect();
    loops.reverse();
    let mut remarks = Vec::new();
    for op in loops {
        let normalized = if module.ops[op].name == "affine.parallel" {
            normalize_parallel(module, op)
        } else if promote_single_iteration && promote_if_single_iteration(module, op) {
            remarks.push(PassRemark {
                mlir_remark: None,
                op,
                message: "affine-loop-normalize: single-iteration loop promoted".into(),
            });
            continue;
        } else {
            normalize_loop(module, op)
        };
        match normalized {
            Ok(true) => remarks.push(PassRemark {
                mlir_remark: None,
                op,
                message: "affine-loop-normalize: loop normalized".into(),
            }),
            Ok(false) => {}
            Err(why) => remarks.push(PassRemark {
                mlir_remark: None,
                op,
                message: format!("affine-loop-normalize: loop not normalized: {why}"),
            }),
        }
    }
    remarks
}

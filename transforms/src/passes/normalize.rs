//! `--affine-loop-normalize` and `--affine-loop-invariant-code-motion`:
//! the clean-up passes tiling and unrolling leave work for.
//!
//! **Normalization** (MLIR's `normalizeAffineFor`) rewrites a loop with a
//! single lower bound `lb` and step `s` to run from 0 with step 1 up to
//! `(ub_k - lb) ceildiv s` for every upper result `ub_k`; the body sees
//! the original induction variable as `affine.apply (iv * s + lb)`. Loops
//! with a `max` lower bound are left alone, as mlir-opt leaves them; with
//! `promote-single-iter`, loops that run once are replaced by their body.
//!
//! **Loop-invariant code motion** hoists, innermost loops first, the ops
//! of a loop body that compute the same value on every iteration: side
//! effect free ops (`arith`, `affine.apply`/`min`/`max`) whose operands
//! are defined outside the loop — integer divisions only by a non-zero
//! constant, since hoisting a division out of a loop that never runs could
//! divide by zero — and `affine.load`s of a memref that nothing in the
//! loop may write, when the loop is known to run at least once (mlir-opt
//! also hoists loads out of loops that may run zero times, where the load
//! may then read out of bounds). Distinct memref values are assumed not to
//! alias, as in the dependence analysis.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::effects::{is_memory_effect_free, speculation};
use tessera_ir::{Module, OpId, Value};

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
    let (lnd, lns) = (l.lower.map.num_dims(), l.lower.map.num_symbols());
    let (und, uns) = (l.upper.map.num_dims(), l.upper.map.num_symbols());
    // Upper bound over [ub dims, lb dims, ub symbols, lb symbols].
    let lb_in_ub = lb.shift_dims(lnd, und, 0).shift_symbols(lns, uns, 0);
    let upper_results: Vec<AffineExpr> = l
        .upper
        .map
        .results()
        .iter()
        .map(|u| (u.clone() - lb_in_ub.clone()).ceil_div(l.step))
        .collect();
    let mut upper_operands: Vec<Value> = l.upper.operands[..und as usize].to_vec();
    upper_operands.extend(&l.lower.operands[..lnd as usize]);
    upper_operands.extend(&l.upper.operands[und as usize..]);
    upper_operands.extend(&l.lower.operands[lnd as usize..]);
    let upper = canonical_bound(
        AffineMap::new(und + lnd, uns + lns, upper_results).map_err(|e| e.to_string())?,
        upper_operands,
    );
    let iv = l.iv(module);
    // The original induction variable: iv * step + lb over [lb dims, iv,
    // lb symbols].
    let original = AffineExpr::dim(lnd) * l.step + lb.clone();
    let mut iv_operands: Vec<Value> = l.lower.operands[..lnd as usize].to_vec();
    iv_operands.push(iv);
    iv_operands.extend(&l.lower.operands[lnd as usize..]);
    let iv_bound = canonical_bound(
        AffineMap::new(lnd + 1, lns, vec![original]).map_err(|e| e.to_string())?,
        iv_operands,
    );
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

/// Drops unused operands and merges repeated ones (MLIR's
/// `canonicalizeMapAndOperands`, without constant folding).
pub fn canonical_bound(map: AffineMap, operands: Vec<Value>) -> Bound {
    let nd = map.num_dims() as usize;
    let used = |pos: usize| {
        map.results().iter().any(|e| {
            if pos < nd {
                e.is_function_of_dim(pos as u32)
            } else {
                e.is_function_of_symbol((pos - nd) as u32)
            }
        })
    };
    let mut dims: Vec<Value> = Vec::new();
    let mut syms: Vec<Value> = Vec::new();
    let mut dim_repl = Vec::new();
    let mut sym_repl = Vec::new();
    for (pos, &v) in operands.iter().enumerate() {
        let is_dim = pos < nd;
        let list = if is_dim { &mut dims } else { &mut syms };
        let index = if used(pos) {
            match list.iter().position(|&x| x == v) {
                Some(i) => i,
                None => {
                    list.push(v);
                    list.len() - 1
                }
            }
        } else {
            0
        };
        let e = if is_dim {
            AffineExpr::dim(index as u32)
        } else {
            AffineExpr::symbol(index as u32)
        };
        if is_dim {
            dim_repl.push(e);
        } else {
            sym_repl.push(e);
        }
    }
    let (nd2, ns2) = (dims.len() as u32, syms.len() as u32);
    let results: Option<Vec<AffineExpr>> = map
        .results()
        .iter()
        .map(|e| {
            e.replace_dims_and_symbols(&dim_repl, &sym_repl)
                .ok()
                .map(|r| r.simplify(nd2, ns2))
        })
        .collect();
    match results.and_then(|r| AffineMap::new(nd2, ns2, r).ok()) {
        Some(map) => Bound {
            map,
            operands: dims.into_iter().chain(syms).collect(),
        },
        None => Bound { map, operands },
    }
}

/// mlir-opt's `--affine-loop-normalize`, innermost loops first.
pub fn affine_loop_normalize(
    module: &mut Module,
    promote_single_iteration: bool,
) -> Vec<PassRemark> {
    let loops = crate::loops::loops_inner_first(module);
    let mut remarks = Vec::new();
    for op in loops {
        if promote_single_iteration && promote_if_single_iteration(module, op) {
            remarks.push(PassRemark {
                op,
                message: "affine-loop-normalize: single-iteration loop promoted".into(),
            });
            continue;
        }
        match normalize_loop(module, op) {
            Ok(true) => remarks.push(PassRemark {
                op,
                message: "affine-loop-normalize: loop normalized".into(),
            }),
            Ok(false) => {}
            Err(why) => remarks.push(PassRemark {
                op,
                message: format!("affine-loop-normalize: loop not normalized: {why}"),
            }),
        }
    }
    remarks
}

/// Whether `op`, a region-free op with results, may leave a loop: it
/// leaves memory alone and may run where it would not have run, or the
/// loop surely runs (`runs`) and it would have run anyway.
fn hoistable(module: &Module, op: OpId, runs: bool) -> bool {
    let data = &module.ops[op];
    data.regions.is_empty()
        && !data.results.is_empty()
        && is_memory_effect_free(module, op)
        && speculation(module, op).may_move(runs)
}

/// Whether anything in `scope` may write `memref` (or has effects the
/// analysis does not see). A call may write what it is passed, and any
/// memref the function did not allocate itself: a global it reaches by
/// `memref.get_global` may be that memory (mlir-opt 19 looks at the
/// call's operands only, and hoists a load of a global out of a loop
/// whose callee writes it).
fn may_write(module: &Module, scope: OpId, memref: Value) -> bool {
    let allocated_here = module.defining_op(memref).is_some_and(|d| {
        matches!(
            module.ops[d].name.as_str(),
            "memref.alloc" | "memref.alloca"
        )
    });
    let mut ops = Vec::new();
    module.walk_from(scope, &mut ops);
    ops.into_iter().skip(1).any(|o| {
        let data = &module.ops[o];
        match data.name.as_str() {
            "affine.store" | "memref.store" | "affine.vector_store" => {
                data.operands.get(1) == Some(&memref)
            }
            "func.call" | "func.call_indirect" => {
                data.operands.contains(&memref) || !allocated_here
            }
            "memref.copy" | "memref.dealloc" => data.operands.contains(&memref),
            name => {
                !(name.starts_with("affine.")
                    || name.starts_with("arith.")
                    || name.starts_with("math.")
                    || name.starts_with("scf.")
                    || name.starts_with("vector.")
                    || name == "memref.load"
                    || name == "memref.dim"
                    || name == "memref.alloc"
                    || name == "memref.alloca")
            }
        }
    })
}

/// mlir-opt's `--affine-loop-invariant-code-motion` (see the module
/// documentation). Returns a remark per hoisted op.
pub fn affine_loop_invariant_code_motion(module: &mut Module) -> Vec<PassRemark> {
    let loops = crate::loops::loops_inner_first(module);
    let mut remarks = Vec::new();
    for l_op in loops {
        let Some(l) = ForLoop::read(module, l_op) else {
            continue;
        };
        let runs_once_or_more = l.constant_trip_count().is_some_and(|tc| tc >= 1);
        let mut inside: std::collections::HashSet<Value> =
            module.blocks[l.body].args.iter().copied().collect();
        let mut hoisted = Vec::new();
        for op in l.body_ops(module) {
            let data = &module.ops[op];
            let operands_invariant = data.operands.iter().all(|v| !inside.contains(v));
            let invariant = operands_invariant
                && (hoistable(module, op, runs_once_or_more)
                    || (data.name == "affine.load"
                        && runs_once_or_more
                        && !may_write(module, l_op, data.operands[0])));
            if invariant {
                hoisted.push(op);
            } else {
                let mut nested = Vec::new();
                module.walk_from(op, &mut nested);
                for o in nested {
                    inside.extend(module.ops[o].results.iter().copied());
                }
            }
        }
        for op in hoisted {
            module.detach_op(op);
            crate::loops::insert_before(module, l_op, op);
            remarks.push(PassRemark {
                op,
                message: "affine-loop-invariant-code-motion: hoisted out of its loop".into(),
            });
        }
    }
    remarks
}

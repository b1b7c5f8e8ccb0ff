//! Loop permutation of a perfectly nested, rectangular band, and
//! `--test-loop-permutation=permutation-map=...` (mlir-opt's test pass),
//! refused with the blocking dependence when it would reverse one.
//!
//! `perm[i]` is the new position of the band's loop `i` (outermost is 0),
//! as in MLIR's `permuteLoops`. The band must be perfectly nested (each
//! body holds only the next loop and its terminator), free of `iter_args`,
//! and rectangular (no bound uses a band induction variable); the loops'
//! headers (bounds, operands, step) are then permuted and every use of an
//! induction variable in the body is renamed to the variable of the loop
//! now running it. Legality is decided exactly by
//! [`check_loop_order`](crate::dependence::check_loop_order).

use std::collections::HashMap;

use tessera_ir::{Module, OpId, Value};

use crate::dependence::{check_loop_order, collect_accesses, AccessDesc, Modelled};
use crate::passes::PassRemark;

/// The loops perfectly nested under `outer` (itself included), outermost
/// first, as MLIR's `getPerfectlyNestedLoops` finds them.
pub fn perfectly_nested_loops(module: &Module, outer: OpId) -> Vec<OpId> {
    let mut band = vec![outer];
    let mut current = outer;
    while let Some(body) = body_block(module, current) {
        let ops = &module.blocks[body].ops;
        let inner = match ops.as_slice() {
            [only] | [only, _] if module.ops[*only].name == "affine.for" => *only,
            _ => break,
        };
        if ops.len() == 2 && module.ops[ops[1]].name != "affine.yield" {
            break;
        }
        band.push(inner);
        current = inner;
    }
    band
}

fn body_block(module: &Module, op: OpId) -> Option<tessera_ir::BlockId> {
    let r = *module.ops[op].regions.first()?;
    module.regions[r].blocks.first().copied()
}

fn induction_variable(module: &Module, op: OpId) -> Option<Value> {
    body_block(module, op).and_then(|b| module.blocks[b].args.first().copied())
}

/// Why `perm` cannot be applied to `band`, or `None` when it is legal.
pub fn why_not_permutable(module: &Module, band: &[OpId], perm: &[usize]) -> Option<String> {
    if perm.len() != band.len() {
        return Some(format!(
            "permutation of {} loops for a band of {}",
            perm.len(),
            band.len()
        ));
    }
    let mut seen = vec![false; perm.len()];
    for &p in perm {
        match seen.get_mut(p) {
            Some(s) if !*s => *s = true,
            _ => return Some(format!("{perm:?} is not a permutation")),
        }
    }
    let ivs: Vec<Value> = band
        .iter()
        .filter_map(|&l| induction_variable(module, l))
        .collect();
    for &l in band {
        let data = &module.ops[l];
        if !data.results.is_empty() {
            return Some(format!("the loop at line {} has iter_args", data.loc.line));
        }
        if data.operands.iter().any(|v| ivs.contains(v)) {
            return Some(format!(
                "the bounds of the loop at line {} use an induction variable of the band (not rectangular)",
                data.loc.line
            ));
        }
    }
    let exact = match analysable_accesses(module, band[0]) {
        Ok(exact) => exact,
        Err(why) => return Some(why),
    };
    // order[j] = the band loop running at new position j.
    let mut order = vec![0; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        order[p] = i;
    }
    let ids: Vec<u32> = band.iter().map(|l| l.as_u32()).collect();
    check_loop_order(&exact, &ids, &order).err().map(|b| match b.witness {
        Some(w) => format!(
            "the dependence from access {} to access {} would be reversed (iterations {:?} -> {:?})",
            b.source, b.sink, w.source, w.sink
        ),
        None => format!(
            "a dependence from access {} to access {} cannot be ruled out: {}",
            b.source,
            b.sink,
            b.reason.unwrap_or_default()
        ),
    })
}

/// Permutes the headers of `band` (see the module documentation); the
/// caller has checked [`why_not_permutable`].
pub fn permute_band(module: &mut Module, band: &[OpId], perm: &[usize]) {
    let headers: Vec<_> = band
        .iter()
        .map(|&l| {
            (
                module.ops[l].operands.clone(),
                module.ops[l].props.clone(),
                module.ops[l].loc,
            )
        })
        .collect();
    let ivs: Vec<Value> = band
        .iter()
        .filter_map(|&l| induction_variable(module, l))
        .collect();
    if ivs.len() != band.len() {
        return;
    }
    let mut rename: HashMap<Value, Value> = HashMap::new();
    for (i, &p) in perm.iter().enumerate() {
        let (operands, props, _) = headers[i].clone();
        module.ops[band[p]].operands = operands;
        module.ops[band[p]].props = props;
        rename.insert(ivs[i], ivs[p]);
    }
    let Some(&innermost) = band.last() else {
        return;
    };
    let mut nested = Vec::new();
    module.walk_from(innermost, &mut nested);
    for op in nested.into_iter().skip(1) {
        for v in module.ops[op].operands.iter_mut() {
            if let Some(&to) = rename.get(v) {
                *v = to;
            }
        }
    }
}

/// mlir-opt's `--test-loop-permutation`: every `affine.for` whose maximal
/// perfect nest has exactly `perm.len()` (at least 2) loops has that band
/// permuted — when it is legal; mlir-opt does not check, tessera refuses an
/// illegal permutation with the dependence it would reverse. The remarks
/// say what happened to each band.
pub fn test_loop_permutation(module: &mut Module, perm: &[usize]) -> Vec<PassRemark> {
    let candidates: Vec<OpId> = module
        .walk()
        .into_iter()
        .filter(|&op| module.ops[op].name == "affine.for")
        .collect();
    let mut remarks = Vec::new();
    for outer in candidates {
        let band = perfectly_nested_loops(module, outer);
        if band.len() < 2 || band.len() != perm.len() {
            continue;
        }
        match why_not_permutable(module, &band, perm) {
            None => {
                permute_band(module, &band, perm);
                remarks.push(PassRemark {
                    mlir_remark: None,
                    op: outer,
                    message: format!("test-loop-permutation: band permuted by {perm:?}"),
                });
            }
            Some(why) => remarks.push(PassRemark {
                mlir_remark: None,
                op: outer,
                message: format!("test-loop-permutation: band not permuted: {why}"),
            }),
        }
    }
    remarks
}

/// The exact access models of everything under `root`, or why a
/// transformation of it cannot be checked: an op with effects the analysis
/// does not see, or an access it cannot model.
pub(crate) fn analysable_accesses(module: &Module, root: OpId) -> Result<Vec<AccessDesc>, String> {
    if let Some(reason) = super::parallelize::hidden_effect(module, root) {
        return Err(reason);
    }
    collect_accesses(module, root)
        .models
        .into_iter()
        .map(|m| match m {
            Modelled::Exact(a) => Ok(a),
            Modelled::Unknown { reason, .. } => {
                Err(format!("an access cannot be analysed: {reason}"))
            }
        })
        .collect()
}

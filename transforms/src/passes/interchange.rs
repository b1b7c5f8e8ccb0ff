//! `--affine-loop-interchange`: per perfect rectangular band, the legal
//! loop order with the best locality.
//!
//! Cost model (documented and deliberately simple):
//!
//! 1. For the loop that would run innermost, each access costs 0 when it is
//!    invariant in that loop, 1 when the loop moves it by ±1 along the
//!    memref's last (contiguous) dimension only, and 4 otherwise (a strided
//!    or cross-row walk). Lower total is better.
//! 2. Ties: an order whose outermost loop is parallel (carries no
//!    dependence) is better, so it can be parallelized with coarse grain.
//! 3. Ties: the order closest to the original (fewest loops moved).
//!
//! Only legal orders are considered ([`why_not_permutable`]); the band
//! keeps its order when the original is best. Bands deeper than
//! [`MAX_BAND`] loops are left alone (the search is over all orders).

use tessera_ir::{Module, OpId};

use super::permute::{perfectly_nested_loops, permute_band, why_not_permutable};
use super::PassRemark;
use crate::dependence::{carried_dependence, collect_accesses, AccessDesc, Modelled};

/// Deepest band whose orders are all searched.
pub const MAX_BAND: usize = 5;

/// All orders of `0..n` (`order[j]` = loop running at position `j`).
fn orders(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for o in orders(n - 1) {
        for at in 0..=o.len() {
            let mut p = o.clone();
            p.insert(at, n - 1);
            out.push(p);
        }
    }
    out
}

/// The locality cost of running band level `level` innermost.
fn innermost_cost(accesses: &[AccessDesc], level: usize) -> u32 {
    accesses
        .iter()
        .map(|a| {
            let results = a.subscripts.results();
            let uses = |e: &tessera_affine::AffineExpr| e.is_function_of_dim(level as u32);
            let Some((last, rest)) = results.split_last() else {
                return 0;
            };
            if !uses(last) && !rest.iter().any(uses) {
                return 0;
            }
            let unit = [-1, 1].iter().any(|&c| {
                let probe = last.clone() - tessera_affine::AffineExpr::dim(level as u32) * c;
                !probe
                    .simplify(a.loops.len() as u32, a.num_symbols)
                    .is_function_of_dim(level as u32)
            });
            if unit && !rest.iter().any(uses) {
                1
            } else {
                4
            }
        })
        .sum()
}

/// Runs the pass on every outermost perfect band of `module`.
pub fn affine_loop_interchange(module: &mut Module) -> Vec<PassRemark> {
    let outermost: Vec<OpId> = module
        .walk()
        .into_iter()
        .filter(|&op| {
            module.ops[op].name == "affine.for"
                && !module
                    .parent_op(op)
                    .is_some_and(|p| module.ops[p].name == "affine.for")
        })
        .collect();
    interchange_bands(module, &outermost)
}

/// [`affine_loop_interchange`] on the perfect bands headed by the loops
/// `outermost` only.
pub fn interchange_bands(module: &mut Module, outermost: &[OpId]) -> Vec<PassRemark> {
    let mut remarks = Vec::new();
    for &outer in outermost {
        let band = perfectly_nested_loops(module, outer);
        if band.len() < 2 || band.len() > MAX_BAND {
            continue;
        }
        // Levels are relative to the band: loops around it are invariant
        // here, so their induction variables are symbols.
        let accesses: Vec<AccessDesc> = collect_accesses(module, outer)
            .models
            .into_iter()
            .filter_map(|m| match m {
                Modelled::Exact(a) => Some(a),
                Modelled::Unknown { .. } => None,
            })
            .collect();
        let ids: Vec<u32> = band.iter().map(|l| l.as_u32()).collect();
        let parallel: Vec<bool> = ids
            .iter()
            .map(|&id| carried_dependence(&accesses, id).is_none())
            .collect();
        let mut best: Option<((u32, u32, usize), Vec<usize>)> = None;
        for order in orders(band.len()) {
            // perm[i] = new position of loop i.
            let mut perm = vec![0; order.len()];
            for (j, &i) in order.iter().enumerate() {
                perm[i] = j;
            }
            let moved = perm.iter().enumerate().filter(|(i, p)| i != *p).count();
            let Some(&inner) = order.last() else { continue };
            let key = (
                innermost_cost(&accesses, inner),
                u32::from(!parallel[order[0]]),
                moved,
            );
            if best.as_ref().is_some_and(|(k, _)| *k <= key) {
                continue;
            }
            if moved == 0 || why_not_permutable(module, &band, &perm).is_none() {
                best = Some((key, perm));
            }
        }
        let Some((_, perm)) = best else { continue };
        if perm.iter().enumerate().all(|(i, &p)| i == p) {
            remarks.push(PassRemark {
                op: outer,
                message: "affine-loop-interchange: the band's order is already best".into(),
            });
            continue;
        }
        permute_band(module, &band, &perm);
        remarks.push(PassRemark {
            op: outer,
            message: format!(
                "affine-loop-interchange: band permuted by {perm:?} (new position of each loop)"
            ),
        });
    }
    remarks
}

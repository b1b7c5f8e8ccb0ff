//! `--affine-loop-interchange`: per perfect rectangular band, the legal
//! loop order with the best locality.
//!
//! Cost model (documented and deliberately simple):
//!
//! 1. The loop that matters is the innermost one whose constant trip
//!    count is not below [`SHORT_TRIP`]: the C compiler unrolls the short
//!    loops inside it (a depthwise convolution's 3×3 filter loops) and
//!    vectorizes it, and a short loop left innermost alone gives it nothing
//!    to vectorize (a convolution's `s` under a 64-wide channel loop).
//!    For that loop, each access costs 0 when it is
//!    invariant in that loop, 1 when the loop moves it by ±1 along the
//!    memref's last (contiguous) dimension only, and 8 otherwise (a strided
//!    or cross-row walk: a new cache line every iteration where a unit
//!    stride needs one per line's worth, 8 `f64`s; with 4, `deriche`'s
//!    twelve accesses to its expanded recurrence scalars, invariant in the
//!    column loop, outweighed three row-strided ones). Lower total is
//!    better.
//! 2. Ties: an order whose outermost loop is parallel (carries no
//!    dependence) is better, so it can be parallelized with coarse grain.
//! 3. Ties: the order closest to the original (fewest loops moved).
//!
//! Only legal orders are considered ([`why_not_permutable`]); the band
//! keeps its order when the original is best. Bands of up to [`MAX_BAND`]
//! loops are searched over all orders; deeper ones (a 7-deep convolution)
//! up to [`MAX_SINK_BAND`] over the orders that sink one loop innermost and
//! keep the others in place; deeper bands keep their order.

use tessera_ir::{Module, OpId};

use super::permute::{perfectly_nested_loops, permute_band, why_not_permutable};
use super::PassRemark;
use crate::dependence::{carried_dependence, collect_accesses, AccessDesc, Modelled};
use crate::loops::ForLoop;

/// Deepest band whose orders are all searched.
pub const MAX_BAND: usize = 5;

/// Deepest band searched at all (each candidate order costs an exact
/// legality check).
pub const MAX_SINK_BAND: usize = 10;

/// Trip counts below which an innermost loop is too short to vectorize.
pub const SHORT_TRIP: u64 = 16;

/// The orders of a band of `n` loops deeper than [`MAX_BAND`]: the
/// original, and each loop sunk innermost with the others in place.
fn sinking_orders(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![(0..n).collect::<Vec<_>>()];
    for sunk in 0..n.saturating_sub(1) {
        let mut order: Vec<usize> = (0..n).filter(|&i| i != sunk).collect();
        order.push(sunk);
        out.push(order);
    }
    out
}

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
                8
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
        if band.len() < 2 || band.len() > MAX_SINK_BAND {
            continue;
        }
        let candidates = if band.len() > MAX_BAND {
            sinking_orders(band.len())
        } else {
            orders(band.len())
        };
        let short: Vec<bool> = band
            .iter()
            .map(|&l| {
                ForLoop::read(module, l)
                    .and_then(|f| f.constant_trip_count(module))
                    .is_some_and(|n| n < SHORT_TRIP)
            })
            .collect();
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
        for order in candidates {
            // perm[i] = new position of loop i.
            let mut perm = vec![0; order.len()];
            for (j, &i) in order.iter().enumerate() {
                perm[i] = j;
            }
            let moved = perm.iter().enumerate().filter(|(i, p)| i != *p).count();
            let Some(&inner) = order.iter().rev().find(|&&l| !short[l]).or(order.last()) else {
                continue;
            };
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
                mlir_remark: None,
                op: outer,
                message: "affine-loop-interchange: the band's order is already best".into(),
            });
            continue;
        }
        permute_band(module, &band, &perm);
        remarks.push(PassRemark {
            mlir_remark: None,
            op: outer,
            message: format!(
                "affine-loop-interchange: band permuted by {perm:?} (new position of each loop)"
            ),
        });
    }
    remarks
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_ir::{parse_and_verify, print_module, PrintOptions};

    /// A 7-deep convolution (deeper than [`MAX_BAND`]) with the filter
    /// loops innermost, or (`depthwise`) without the channel reduction.
    fn conv(depthwise: bool) -> String {
        let (c_loop, filter, close) = if depthwise {
            ("", "%f[%k, %r, %s] : memref<8x3x3xf32>", "")
        } else {
            (
                "affine.for %c = 0 to 32 {",
                "%f[%k, %c, %r, %s] : memref<8x32x3x3xf32>",
                "}",
            )
        };
        let input_c = if depthwise { "%k" } else { "%c" };
        let ftype = if depthwise {
            "memref<8x3x3xf32>"
        } else {
            "memref<8x32x3x3xf32>"
        };
        format!(
            "func.func @f(%in: memref<1x32x34x34xf32>, %f: {ftype}, %out: memref<1x8x32x32xf32>) {{
  affine.for %n = 0 to 1 {{ affine.for %k = 0 to 8 {{ affine.for %h = 0 to 32 {{
  affine.for %w = 0 to 32 {{ {c_loop} affine.for %r = 0 to 3 {{ affine.for %s = 0 to 3 {{
    %o = affine.load %out[%n, %k, %h, %w] : memref<1x8x32x32xf32>
    %x = affine.load %in[%n, {input_c}, %h + %r, %w + %s] : memref<1x32x34x34xf32>
    %y = affine.load {filter}
    %p = arith.mulf %x, %y : f32
    %q = arith.addf %o, %p : f32
    affine.store %q, %out[%n, %k, %h, %w] : memref<1x8x32x32xf32>
  }} }} {close} }} }} }} }}
  return
}}"
        )
    }

    fn interchanged(text: &str) -> String {
        let mut m = parse_and_verify("conv.mlir", text).unwrap();
        let remarks = affine_loop_interchange(&mut m);
        let printed = print_module(&m, &PrintOptions::default());
        let store = printed
            .lines()
            .find(|l| l.contains("affine.store"))
            .unwrap()
            .to_string();
        format!("{store} {remarks:?}")
    }

    #[test]
    fn a_convolution_gets_its_stride_one_loop_innermost() {
        // The 3-wide `s` innermost under the 32-wide channel loop gives the
        // C compiler nothing to vectorize; `w` (stride 1 in `out` and `in`,
        // invariant in the filter) goes innermost, the others in place.
        let text = conv(false);
        let after = interchanged(&text);
        assert!(
            after.contains("permuted by [0, 1, 2, 6, 3, 4, 5]"),
            "{after}"
        );
    }

    #[test]
    fn short_filter_loops_under_the_vector_loop_stay() {
        // Without the channel loop the compiler unrolls the 3x3 filter
        // loops inside `w` and vectorizes `w`: the order is already best.
        let after = interchanged(&conv(true));
        assert!(after.contains("already best"), "{after}");
    }
}

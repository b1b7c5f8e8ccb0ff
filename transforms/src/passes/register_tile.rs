//! Register tiles of `--tessera-optimize`: a block of the one memref `W` a
//! band writes kept in a local buffer (vector registers, once the C
//! compiler is done) across the band's reduction loops.
//!
//! - [`register_tile`], on a tiled band ending in a row loop `x`, a
//!   reduction loop `r` (in either order) and a vector loop `v` (the
//!   matmul's `C[i][j] += A[i][k] * B[k][j]`): `x` and `v` strip-mined
//!   into [`REGISTER_ROWS`] rows of [`REGISTER_ROW_BYTES`], `r` moved
//!   outside the strips.
//! - [`reduction_register_tile`], on a band that cannot be tiled because
//!   it reduces over several loops in an order that must stay (a
//!   convolution's `c, r, s`: rectangular tiles would reorder the sums):
//!   only the loops that index `W` are strip-mined — a row loop `x` and
//!   the innermost loop `v` — and the reduction loops move, in their
//!   order, inside every other loop and outside the strips. Each element
//!   of `W` still sums its terms in the original order: bit-exact.
//!
//! Both are legality-checked (strip-mining, then the permutation, decided
//! exactly on the dependences) and refuse what they cannot prove.

use tessera_ir::{Module, OpId, Type, Value};

use crate::loops::{promote_if_single_iteration, uses_value, ForLoop};
use crate::passes::fusion::element_bytes;
use crate::passes::optimize::{REGISTER_ROWS, REGISTER_ROW_BYTES};
use crate::passes::{
    permute_band, promote_to_local_buffer, tile_band, why_not_permutable, why_not_tileable,
};

/// The fewest terms per element a reduction register tile sums: the
/// block's load and store then cost at most 1/32 of its updates (a
/// depthwise 3×3 convolution's 9 terms ran 9 % slower tiled).
pub const MIN_REDUCTION_TERMS: u64 = 64;

/// The induction variable of the `affine.for` `l`.
fn loop_iv(module: &Module, l: OpId) -> Option<Value> {
    ForLoop::read(module, l).map(|f| f.iv(module))
}

/// The one memref the band under `outer` writes and its accesses.
struct Written {
    memref: Value,
    accesses: Vec<OpId>,
    /// Every op of the band.
    ops: Vec<OpId>,
}

impl Written {
    fn find(module: &Module, outer: OpId) -> Result<Written, String> {
        let mut ops = Vec::new();
        module.walk_from(outer, &mut ops);
        let written: Vec<Value> = ops
            .iter()
            .filter(|&&o| module.ops[o].name == "affine.store")
            .filter_map(|&o| module.ops[o].operands.get(1).copied())
            .collect();
        let Some(&memref) = written
            .first()
            .filter(|&&w| written.iter().all(|&o| o == w))
        else {
            return Err("the band does not write exactly one memref".into());
        };
        let accesses = ops
            .iter()
            .copied()
            .filter(|&o| {
                let d = &module.ops[o];
                (d.name == "affine.load" && d.operands[0] == memref)
                    || (d.name == "affine.store" && d.operands.get(1) == Some(&memref))
            })
            .collect();
        Ok(Written {
            memref,
            accesses,
            ops,
        })
    }

    /// Whether every access of `W` uses the loop `l`.
    fn indexed_by(&self, module: &Module, l: OpId) -> bool {
        loop_iv(module, l).is_some_and(|iv| {
            self.accesses
                .iter()
                .all(|&o| module.ops[o].operands.contains(&iv))
        })
    }

    /// Whether no access of `W` uses the loop `l`.
    fn invariant_in(&self, module: &Module, l: OpId) -> bool {
        loop_iv(module, l).is_some_and(|iv| {
            !self
                .accesses
                .iter()
                .any(|&o| module.ops[o].operands.contains(&iv))
        })
    }

    /// The bytes of one element of `W`.
    fn element_bytes(&self, module: &Module) -> Result<u64, String> {
        match module.value_type(self.memref) {
            Type::MemRef { elem, .. } => Ok(element_bytes(elem).unwrap_or(8)),
            _ => Err("the written value is not a memref".into()),
        }
    }
}

/// The trip count of the `affine.for` `l`, when constant.
fn trip(module: &Module, l: OpId) -> Option<u64> {
    ForLoop::read(module, l).and_then(|f| f.constant_trip_count(module))
}

/// The tile's rows (a divisor of `x`'s trip count) and width (elements of
/// `v`: the widest row of at most [`REGISTER_ROW_BYTES`] dividing its trip
/// count, in whole 32-byte vectors if possible).
fn tile_shape(tx: u64, tv: u64, elem_bytes: u64) -> Result<(u64, u64), String> {
    let rows = [REGISTER_ROWS, 2]
        .into_iter()
        .find(|u| tx % u == 0)
        .ok_or("the row loop's trip count is odd")?;
    let widest = REGISTER_ROW_BYTES / elem_bytes;
    let lanes = (32 / elem_bytes).max(1);
    let widths = || (2..=widest).rev().filter(|u| tv % u == 0);
    let width = widths()
        .find(|u| u % lanes == 0)
        .or_else(|| widths().next())
        .ok_or("the vector loop's trip count has no fitting divisor")?;
    Ok((rows, width))
}

/// `W`'s block promoted to a local buffer around `scope`, the outermost
/// loop the reductions run in; the remark.
fn promote(
    module: &mut Module,
    scope: OpId,
    w: &Written,
    (rows, width): (u64, u64),
) -> Result<String, String> {
    let iv = loop_iv(module, scope).ok_or("the reduction loop vanished")?;
    if !uses_value(module, scope, iv) {
        return Err("the reduction loop is unused".into());
    }
    let buffer =
        promote_to_local_buffer(module, scope, w.memref, REGISTER_ROWS * REGISTER_ROW_BYTES)
            .map_err(|why| format!("strip-mined by {rows}x{width}, but not promoted: {why}"))?;
    Ok(format!(
        "register tile of {rows}x{width} elements: the written block {:?} stays in a local buffer across the reduction loop",
        buffer.shape
    ))
}

/// The register tile on the intra-tile `band` of a tiled nest (see the
/// module documentation): what it did, or why not.
pub(crate) fn register_tile(module: &mut Module, band: &[OpId]) -> Result<String, String> {
    let n = band.len();
    if n < 3 {
        return Err("the band has fewer than three loops".into());
    }
    let (v, pair) = (band[n - 1], [band[n - 3], band[n - 2]]);
    let w = Written::find(module, band[0])?;
    if !w.indexed_by(module, v) {
        return Err("the innermost loop does not index the written memref".into());
    }
    let (x, r) = match pair {
        [a, b] if w.indexed_by(module, a) && w.invariant_in(module, b) => (a, b),
        [a, b] if w.invariant_in(module, a) && w.indexed_by(module, b) => (b, a),
        _ => return Err("no reduction loop next to a row loop of the written memref".into()),
    };
    let elem_bytes = w.element_bytes(module)?;
    let (Some(tx), Some(tr), Some(tv)) = (trip(module, x), trip(module, r), trip(module, v)) else {
        return Err("a loop of the tile has no constant trip count".into());
    };
    let (rows, width) = tile_shape(tx, tv, elem_bytes)?;
    let sub = &band[n - 3..];
    if let Some(why) = why_not_tileable(module, sub) {
        return Err(why);
    }
    let sizes: Vec<u64> = sub
        .iter()
        .map(|&l| match l {
            l if l == x => rows,
            l if l == v => width,
            _ => tr,
        })
        .collect();
    let strips = tile_band(module, sub, &sizes, false);
    for t in strips {
        if trip(module, t) == Some(1) {
            promote_if_single_iteration(module, t);
        }
    }
    // The reduction loop outside the strips.
    let order: Vec<usize> = sub
        .iter()
        .map(|&l| {
            if l == r {
                0
            } else if l == x {
                1
            } else {
                2
            }
        })
        .collect();
    if let Some(why) = why_not_permutable(module, sub, &order) {
        return Err(format!(
            "strip-mined, but the reduction loop stays inside: {why}"
        ));
    }
    permute_band(module, sub, &order);
    // After the permutation the first op of `sub` carries r's header.
    promote(module, sub[0], &w, (rows, width))
}

/// The register tile of a band that cannot be tiled because of its
/// reduction loops (see the module documentation), on a perfect band
/// whose loops each index every access of the one memref `W` it writes or
/// none: the vector loop `v` is the innermost loop indexing `W`, the row
/// loop `x`
/// is the loop indexing `W` whose variable the loads along `v` do not use
/// (so one vector load serves every row: a convolution's output channel
/// for NCHW) or else the innermost loop indexing `W` outside `v`. What it
/// did, or why not; on `Err` the band may be left strip-mined (legal, not
/// faster).
pub(crate) fn reduction_register_tile(
    module: &mut Module,
    band: &[OpId],
) -> Result<String, String> {
    let w = Written::find(module, *band.first().ok_or("an empty band")?)?;
    if band
        .iter()
        .any(|&l| !w.indexed_by(module, l) && !w.invariant_in(module, l))
    {
        return Err("a loop indexes some accesses of the written memref but not all".into());
    }
    let v = *band
        .iter()
        .rev()
        .find(|&&l| w.indexed_by(module, l))
        .ok_or("no loop indexes the written memref")?;
    let outer_loops: Vec<OpId> = band.iter().copied().filter(|&l| l != v).collect();
    let reductions: Vec<OpId> = outer_loops
        .iter()
        .copied()
        .filter(|&l| w.invariant_in(module, l))
        .collect();
    if reductions.is_empty() {
        return Err("no reduction loop".into());
    }
    let terms = reductions
        .iter()
        .try_fold(1u64, |acc, &l| {
            trip(module, l).map(|t| acc.saturating_mul(t))
        })
        .ok_or("a reduction loop has no constant trip count")?;
    if terms < MIN_REDUCTION_TERMS {
        return Err(format!(
            "the reduction sums {terms} terms per element, fewer than {MIN_REDUCTION_TERMS}: loading and storing the block would cost more than it saves"
        ));
    }
    let v_iv = loop_iv(module, v).ok_or("not a loop")?;
    let vector_loads: Vec<OpId> = w
        .ops
        .iter()
        .copied()
        .filter(|&o| {
            let d = &module.ops[o];
            d.name == "affine.load" && d.operands[0] != w.memref && d.operands.contains(&v_iv)
        })
        .collect();
    let shared_by_rows = |l: OpId| {
        loop_iv(module, l).is_some_and(|iv| {
            vector_loads
                .iter()
                .all(|&o| !module.ops[o].operands.contains(&iv))
        })
    };
    let candidates: Vec<OpId> = outer_loops
        .iter()
        .copied()
        .filter(|&l| w.indexed_by(module, l) && trip(module, l).is_some_and(|t| t % 2 == 0))
        .collect();
    let x = candidates
        .iter()
        .rev()
        .copied()
        .find(|&l| shared_by_rows(l))
        .or_else(|| candidates.last().copied())
        .ok_or("no row loop of even constant trip count indexes the written memref")?;
    let elem_bytes = w.element_bytes(module)?;
    let (Some(tx), Some(tv)) = (trip(module, x), trip(module, v)) else {
        return Err("a loop of the tile has no constant trip count".into());
    };
    let shape = tile_shape(tx, tv, elem_bytes)?;
    // First every loop but x, v and the reductions, then x and v, then
    // the reductions in their order (moving x and v outward, legal when
    // no dependence is carried by them) ...
    let rank = |l: OpId| -> u8 {
        if reductions.contains(&l) {
            2
        } else if l == x || l == v {
            1
        } else {
            0
        }
    };
    let order = positions(band, rank);
    if let Some(why) = why_not_permutable(module, band, &order) {
        return Err(format!(
            "the row and vector loops cannot move outside the reductions: {why}"
        ));
    }
    permute_band(module, band, &order);
    // Their ops now carry these headers (a permutation moves headers):
    // x before v, as v is the innermost loop indexing `W`.
    let kept = band.iter().filter(|&&l| rank(l) == 0).count();
    let pair = [band[kept], band[kept + 1]];
    let sizes = [shape.0, shape.1];
    // ... then x and v strip-mined (a band of parallel loops: tileable),
    // the strips staying outside ...
    if let Some(why) = why_not_tileable(module, &pair) {
        return Err(why);
    }
    for strip in tile_band(module, &pair, &sizes, false) {
        if trip(module, strip) == Some(1) {
            promote_if_single_iteration(module, strip);
        }
    }
    // ... and the reductions moved back outside the points.
    let inner = &band[kept..];
    let order: Vec<usize> = (0..inner.len())
        .map(|k| if k < 2 { inner.len() - 2 + k } else { k - 2 })
        .collect();
    if let Some(why) = why_not_permutable(module, inner, &order) {
        return Err(format!(
            "strip-mined, but the reduction loops cannot move outside the strips: {why}"
        ));
    }
    permute_band(module, inner, &order);
    promote(module, inner[0], &w, shape)
}

/// For each loop of `band`, its position once the band is sorted by
/// `rank` (stably).
fn positions(band: &[OpId], rank: impl Fn(OpId) -> u8) -> Vec<usize> {
    let mut target = band.to_vec();
    target.sort_by_key(|&l| rank(l));
    band.iter()
        .map(|l| target.iter().position(|t| t == l).unwrap_or(0))
        .collect()
}

//! Loop tiling of perfect bands, `--affine-loop-tile` (MLIR's
//! `tilePerfectlyNested` with hyper-rectangular tiles).
//!
//! A band `i_0 .. i_{n-1}` (perfectly nested, bounds free of the band's
//! induction variables, no `iter_args`) with tile sizes `t_k` becomes `n`
//! tile-space loops, each with the original bounds and step `s_k * t_k`,
//! around the original loops, which now run one tile:
//! `i_k = ii_k to min(ii_k + s_k * t_k, ub_k)` — or just
//! `ii_k + s_k * t_k` when `t_k` divides the trip count's largest known
//! divisor, and `ii_k + s_k * n` when the trip count `n` is a constant
//! below `t_k`, as in MLIR. With `separate`, an `affine.if` tests whether
//! the tile is full and runs a copy of the tile without the `min` bounds
//! when it is (as MLIR, only for point loops of step 1 with affine
//! bounds, and even when no loop has a `min`: the condition then always
//! holds).
//!
//! Tiling runs the band's iterations tile by tile, which is legal only
//! when the band is *fully permutable*: no dependence between iterations
//! of the band has a negative distance on any band loop, which
//! [`check_fully_permutable`] decides exactly on the dependence polyhedra.
//!
//! # Tile sizes
//! `tile-size` (every loop) overrides `tile-sizes` (per loop, missing ones
//! 4, mlir-opt's default); without either, sizes come from `cache-size`
//! (KiB, default 512): the largest equal size `t` (powers of two, at most
//! the largest trip count) for which one tile's footprint fits — the
//! footprint being, per memref, the product over its dimensions of the
//! extent of each subscript over a `t`-wide box (`sum |a_k| (t - 1) + 1`)
//! times the element size; when a whole band fits, it is not tiled.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap, Constraint, ConstraintKind, IntegerSet};
use tessera_ir::{Attribute, BlockId, Module, OpId, Type, Value};

use crate::dependence::{check_fully_permutable, collect_accesses, Modelled};
use crate::loops::{create_for, insert_before, set_bounds, AlignedBounds, Bound, ForLoop};
use crate::passes::permute::{analysable_accesses, perfectly_nested_loops};
use crate::passes::PassRemark;

/// The options of `--affine-loop-tile`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileOptions {
    /// `tile-size`: one size for every loop.
    pub tile_size: Option<u64>,
    /// `tile-sizes`: a size per band loop.
    pub tile_sizes: Vec<u64>,
    /// `cache-size` in KiB (default 512).
    pub cache_size_kib: u64,
    /// `separate`: full tiles apart from partial ones.
    pub separate: bool,
}

impl Default for TileOptions {
    fn default() -> Self {
        TileOptions {
            tile_size: None,
            tile_sizes: Vec::new(),
            cache_size_kib: 512,
            separate: false,
        }
    }
}

/// mlir-opt's default size for loops `tile-sizes` does not cover.
const DEFAULT_TILE_SIZE: u64 = 4;

/// Why `band` cannot be tiled, or `None` when it can: a dependence with a
/// negative distance on a band loop (named, with a witness pair), or an
/// access or effect the analysis cannot see.
pub fn why_not_tileable(module: &Module, band: &[OpId]) -> Option<String> {
    if let Some(why) = why_not_rectangular(module, band) {
        return Some(why);
    }
    if band.len() == 1 {
        // Strip-mining one loop keeps every instance in order.
        return None;
    }
    why_not_fully_permutable(module, band)
}

/// Why the loops of `band` (a perfect nest, outermost first) are not fully
/// permutable, or `None` when they are: some dependence between iterations
/// of the band (the loops outside it at equal iterations) has a negative
/// distance on a band loop — named, with a witness pair — or an access or
/// effect inside cannot be analysed. Fully permutable bands can be
/// interchanged in any order and tiled; unlike [`why_not_tileable`] this
/// does not ask for rectangular bounds.
///
/// ```
/// use tessera_ir::parse_and_verify;
/// use tessera_transforms::passes::{perfectly_nested_loops, why_not_fully_permutable};
/// // A[i][j] = A[i-1][j+1]: distance (1, -1).
/// let m = parse_and_verify("s.mlir", "func.func @f(%A: memref<9x9xf32>) {
///   affine.for %i = 1 to 9 {
///     affine.for %j = 0 to 8 {
///       %v = affine.load %A[%i - 1, %j + 1] : memref<9x9xf32>
///       affine.store %v, %A[%i, %j] : memref<9x9xf32>
///     }
///   }
///   return
/// }
/// ").unwrap();
/// let outer = m.walk().into_iter().find(|&o| m.ops[o].name == "affine.for").unwrap();
/// let band = perfectly_nested_loops(&m, outer);
/// assert!(why_not_fully_permutable(&m, &band).unwrap().contains("negative distance"));
/// assert_eq!(why_not_fully_permutable(&m, &band[1..]), None);
/// ```
pub fn why_not_fully_permutable(module: &Module, band: &[OpId]) -> Option<String> {
    let &outer = band.first()?;
    let exact = match analysable_accesses(module, outer) {
        Ok(exact) => exact,
        Err(why) => return Some(why),
    };
    let ids: Vec<u32> = band.iter().map(|l| l.as_u32()).collect();
    check_fully_permutable(&exact, &ids).err().map(|b| match b.witness {
        Some(w) => format!(
            "the band is not fully permutable: the dependence from access {} to access {} has a negative distance on a band loop and would be reversed (iterations {:?} -> {:?})",
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

/// One intra-tile loop after tiling: what full-tile separation needs.
struct IntraTile {
    /// Its lower bound: the tile loop's induction variable.
    lower: Bound,
    /// Its upper bound in a full tile: `tile_iv + width`.
    full_upper: Bound,
    /// Whether the tile size divides the trip count (no partial tile).
    divides: bool,
    /// The loop's original upper bound.
    original_upper: Bound,
    /// The tile loop's induction variable.
    tile_iv: Value,
    /// `step * tile size`.
    width: i64,
}

/// Tiles `band` with `sizes` (one per loop, each at least 1); the caller
/// has checked [`why_not_tileable`]. Returns the tile-space loops.
pub fn tile_band(module: &mut Module, band: &[OpId], sizes: &[u64], separate: bool) -> Vec<OpId> {
    let loops: Vec<ForLoop> = band
        .iter()
        .filter_map(|&l| ForLoop::read(module, l))
        .collect();
    let loc = module.ops[band[0]].loc;
    let mut tile_loops = Vec::new();
    let mut tile_ivs = Vec::new();
    let mut enclosing: Option<BlockId> = None;
    for (l, &t) in loops.iter().zip(sizes) {
        let step = l.step.saturating_mul(t as i64);
        let (tile, body) = create_for(module, &l.lower, &l.upper, step, &[], loc);
        match enclosing {
            None => insert_before(module, band[0], tile),
            Some(b) => module.insert_op(b, 0, tile),
        }
        tile_loops.push(tile);
        tile_ivs.push(module.blocks[body].args[0]);
        enclosing = Some(body);
    }
    let Some(innermost_body) = enclosing else {
        return tile_loops;
    };
    module.detach_op(band[0]);
    module.insert_op(innermost_body, 0, band[0]);
    let mut intra = Vec::new();
    for ((l, &t), &tile_iv) in loops.iter().zip(sizes).zip(&tile_ivs) {
        let width = l.step.saturating_mul(t as i64);
        let lower = Bound::value(tile_iv);
        let full_upper = Bound {
            map: AffineMap::new(1, 0, vec![AffineExpr::dim(0) + width])
                .unwrap_or_else(|_| AffineMap::identity(1)),
            operands: vec![tile_iv],
        };
        // MLIR's three cases (`constructTiledIndexSetHyperRect`): a trip
        // count below the tile size gives one exact tile; a tile size
        // dividing the trip count's largest known divisor, full tiles;
        // otherwise min(tile_iv + width, original upper bounds), the tile
        // iv placed after the bound's dims.
        let (upper, divides) = match l.constant_trip_count(module) {
            Some(tc) if tc < t => {
                let extent = l.step.saturating_mul(tc as i64);
                let map = AffineMap::new(1, 0, vec![AffineExpr::dim(0) + extent])
                    .unwrap_or_else(|_| AffineMap::identity(1));
                (
                    Bound {
                        map,
                        operands: vec![tile_iv],
                    },
                    true,
                )
            }
            _ if l.largest_trip_count_divisor(module) % t == 0 => (full_upper.clone(), true),
            _ => {
                let nd = l.upper.map.num_dims();
                let mut results = vec![AffineExpr::dim(nd) + width];
                results.extend(l.upper.map.results().iter().cloned());
                let map = AffineMap::new(nd + 1, l.upper.map.num_symbols(), results)
                    .unwrap_or_else(|_| AffineMap::identity(1));
                let (dims, syms) = l.upper.operands.split_at(nd as usize);
                let mut operands = dims.to_vec();
                operands.push(tile_iv);
                operands.extend(syms);
                (Bound { map, operands }, false)
            }
        };
        set_bounds(module, l.op, &lower, &upper);
        // MLIR builds every loop of the tiled nest, intra-tile ones
        // included, at the band's location.
        module.ops[l.op].loc = loc;
        let iv = module.ops[l.op].regions.first().and_then(|&r| {
            let body = *module.regions[r].blocks.first()?;
            module.blocks[body].args.first().copied()
        });
        if let Some(iv) = iv {
            module.values[iv].loc = loc;
        }
        intra.push(IntraTile {
            lower,
            full_upper,
            divides,
            original_upper: l.upper.clone(),
            tile_iv,
            width,
        });
    }
    // As MLIR's `createFullTiles`: only point loops of step 1 whose bounds
    // flatten (no semi-affine bound) are separated, whether or not a tile
    // can be partial.
    let separable = loops
        .iter()
        .all(|l| l.step == 1 && l.upper.map.results().iter().all(|e| e.is_pure_affine()));
    if separate && separable {
        separate_full_tiles(module, band[0], &intra);
    }
    tile_loops
}

/// Wraps the intra-tile nest rooted at `point` in `affine.if (full tile)
/// { copy without min bounds } else { original }`.
fn separate_full_tiles(module: &mut Module, point: OpId, intra: &[IntraTile]) {
    // The condition: for every partial loop and every result u of its
    // original upper bound, u - (tile_iv + width) >= 0.
    let mut aligned_all = Vec::new();
    let mut dims: Vec<Value> = Vec::new();
    let mut syms: Vec<Value> = Vec::new();
    for t in intra.iter().filter(|t| !t.divides) {
        let Some(aligned) = AlignedBounds::new(&Bound::value(t.tile_iv), &t.original_upper) else {
            return;
        };
        let nd = aligned.num_dims as usize;
        for (i, &v) in aligned.operands.iter().enumerate() {
            let list = if i < nd { &mut dims } else { &mut syms };
            if !list.contains(&v) {
                list.push(v);
            }
        }
        aligned_all.push((aligned, t.width));
    }
    syms.retain(|v| !dims.contains(v));
    let position = |v: &Value| -> AffineExpr {
        match dims.iter().position(|d| d == v) {
            Some(p) => AffineExpr::dim(p as u32),
            None => AffineExpr::symbol(syms.iter().position(|s| s == v).unwrap_or(0) as u32),
        }
    };
    let (nd, ns) = (dims.len() as u32, syms.len() as u32);
    let mut constraints = Vec::new();
    for (aligned, width) in &aligned_all {
        let k = aligned.num_dims as usize;
        let dim_repl: Vec<AffineExpr> = aligned.operands[..k].iter().map(position).collect();
        let sym_repl: Vec<AffineExpr> = aligned.operands[k..].iter().map(position).collect();
        let Ok(tile) = aligned.lower[0].replace_dims_and_symbols(&dim_repl, &sym_repl) else {
            return;
        };
        for u in &aligned.upper {
            let Ok(u) = u.replace_dims_and_symbols(&dim_repl, &sym_repl) else {
                return;
            };
            constraints.push(Constraint {
                expr: (u - tile.clone() - *width).simplify(nd, ns),
                kind: ConstraintKind::Ge,
            });
        }
    }
    let Ok(set) = IntegerSet::new(nd, ns, constraints) else {
        return;
    };
    let operands: Vec<Value> = dims.iter().chain(&syms).copied().collect();
    // As MLIR's `createSeparationCondition`: valid symbols become symbols.
    let (set, operands) = crate::canonical::canonicalize_set(module, &set, &operands);
    let loc = module.ops[point].loc;
    let guard = module.create_op("affine.if", &operands, &[], loc);
    module.set_attr(guard, "condition", Attribute::IntegerSet(set));
    insert_before(module, point, guard);
    let then_region = module.add_region(guard);
    let then_block = module.add_block(then_region, &[], loc);
    let else_region = module.add_region(guard);
    let else_block = module.add_block(else_region, &[], loc);
    let full = module.clone_op(point, &mut HashMap::new());
    module.append_op(then_block, full);
    module.detach_op(point);
    module.append_op(else_block, point);
    for block in [then_block, else_block] {
        let y = module.create_op("affine.yield", &[], &[], loc);
        module.append_op(block, y);
    }
    // In the full copy, the partial loops lose their min.
    let full_band = perfectly_nested_loops(module, full);
    for (t, &op) in intra.iter().zip(&full_band) {
        if !t.divides {
            set_bounds(module, op, &t.lower, &t.full_upper);
        }
    }
}

/// The tile sizes for `band` under `options` (see the module
/// documentation); `None` when the cache model finds the band fits.
pub fn tile_sizes(module: &Module, band: &[OpId], options: &TileOptions) -> Option<Vec<u64>> {
    if let Some(t) = options.tile_size {
        return Some(vec![t.max(1); band.len()]);
    }
    if !options.tile_sizes.is_empty() {
        let mut sizes: Vec<u64> = options.tile_sizes.iter().map(|&t| t.max(1)).collect();
        sizes.resize(band.len(), DEFAULT_TILE_SIZE);
        return Some(sizes);
    }
    let trip_counts: Vec<u64> = band
        .iter()
        .map(|&l| {
            ForLoop::read(module, l)
                .and_then(|f| f.constant_trip_count(module))
                .unwrap_or(1024)
        })
        .collect();
    let cache = options.cache_size_kib.saturating_mul(1024);
    let max_tc = trip_counts.iter().copied().max().unwrap_or(1);
    if footprint(module, band, &trip_counts) <= cache {
        return None;
    }
    let mut best = 1;
    let mut t = 2;
    while t <= max_tc {
        let sizes: Vec<u64> = trip_counts.iter().map(|&tc| t.min(tc)).collect();
        if footprint(module, band, &sizes) > cache {
            break;
        }
        best = t;
        t *= 2;
    }
    Some(vec![best; band.len()])
}

/// Bytes touched by one tile of `sizes` iterations per band loop: per
/// memref access, the product of the subscripts' extents, summed.
fn footprint(module: &Module, band: &[OpId], sizes: &[u64]) -> u64 {
    let accesses = collect_accesses(module, band[0]);
    let mut per_memref: HashMap<u32, u64> = HashMap::new();
    for (model, &op) in accesses.models.iter().zip(&accesses.ops) {
        let bytes = element_bytes(module, op);
        let Modelled::Exact(a) = model else {
            continue;
        };
        let depth0 = a.loops.iter().position(|l| l.id == band[0].as_u32());
        let Some(depth0) = depth0 else { continue };
        let mut elements: u64 = 1;
        for e in a.subscripts.results() {
            let mut extent: u64 = 1;
            for (k, &t) in sizes.iter().enumerate() {
                let Some(pos) = depth0.checked_add(k) else {
                    continue;
                };
                let c = coefficient(e, pos as u32);
                extent =
                    extent.saturating_add(c.unsigned_abs().saturating_mul(t.saturating_sub(1)));
            }
            elements = elements.saturating_mul(extent);
        }
        let entry = per_memref.entry(a.memref).or_insert(0);
        *entry = (*entry).max(elements.saturating_mul(bytes));
    }
    per_memref.values().fold(0u64, |s, &b| s.saturating_add(b))
}

/// The coefficient of `d<pos>` in the linear part of `e` (0 when `e` is
/// not linear in it).
fn coefficient(e: &AffineExpr, pos: u32) -> i64 {
    if !e.is_function_of_dim(pos) {
        return 0;
    }
    let n = e.dim_count().max(pos + 1);
    let mut dims = vec![0i64; n as usize];
    let base = e
        .evaluate(&dims, &vec![0; e.symbol_count() as usize])
        .unwrap_or(0);
    dims[pos as usize] = 1;
    e.evaluate(&dims, &vec![0; e.symbol_count() as usize])
        .map(|v| v - base)
        .unwrap_or(1)
}

fn element_bytes(module: &Module, op: OpId) -> u64 {
    let data = &module.ops[op];
    let memref = if data.name.ends_with("store") {
        data.operands.get(1)
    } else {
        data.operands.first()
    };
    match memref.map(|&v| module.value_type(v)) {
        Some(Type::MemRef { elem, .. }) => match elem.as_ref() {
            Type::F64 | Type::Integer(64) | Type::Index => 8,
            Type::F16 | Type::Integer(16) => 2,
            Type::Integer(8) => 1,
            _ => 4,
        },
        _ => 4,
    }
}

/// The most loops of one perfect band that tiling considers: a deeper
/// band is tiled on its outermost `MAX_TILED_BAND` loops (a prefix of a
/// band is itself a band, legal to tile when fully permutable). The
/// legality check asks a question per pair of band levels, so this keeps a
/// pathological 300-deep nest from taking minutes.
pub const MAX_TILED_BAND: usize = 32;

/// mlir-opt 19's remark on a band it leaves alone because tiling would
/// reverse a dependence.
pub const INVALID_TILING_REMARK: &str = "tiling nest is invalid due to dependences";

/// mlir-opt's `--affine-loop-tile`: the maximal perfect band under each
/// outermost `affine.for` is tiled when it is fully permutable; otherwise
/// a remark names the dependence that forbids it. As in mlir-opt 19, the
/// dependences are checked first, with its remark
/// ([`INVALID_TILING_REMARK`]), then the tile sizes are chosen, then the
/// bounds checked.
pub fn affine_loop_tile(module: &mut Module, options: &TileOptions) -> Vec<PassRemark> {
    let mut remarks = Vec::new();
    for outer in crate::loops::outermost_loops(module) {
        let mut band = perfectly_nested_loops(module, outer);
        band.truncate(MAX_TILED_BAND);
        let not_permutable = if band.len() > 1 {
            why_not_fully_permutable(module, &band)
        } else {
            None
        };
        if let Some(why) = not_permutable {
            remarks.push(PassRemark {
                op: outer,
                message: format!("affine-loop-tile: band not tiled: {why}"),
                mlir_remark: Some(INVALID_TILING_REMARK),
            });
            continue;
        }
        let mut remark = |message: String| {
            remarks.push(PassRemark {
                op: outer,
                message,
                mlir_remark: None,
            })
        };
        let Some(sizes) = tile_sizes(module, &band, options) else {
            remark("affine-loop-tile: band not tiled: its footprint fits in the cache".into());
            continue;
        };
        if let Some(why) = why_not_rectangular(module, &band) {
            remark(format!("affine-loop-tile: band not tiled: {why}"));
            continue;
        }
        tile_band(module, &band, &sizes, options.separate);
        remark(format!("affine-loop-tile: band tiled by {sizes:?}"));
    }
    remarks
}

/// Why the band's loops are not a rectangular, `iter_args`-free band.
fn why_not_rectangular(module: &Module, band: &[OpId]) -> Option<String> {
    let ivs: Vec<tessera_ir::Value> = band
        .iter()
        .filter_map(|&l| ForLoop::read(module, l).map(|f| f.iv(module)))
        .collect();
    for &l in band {
        let data = &module.ops[l];
        if !data.results.is_empty() {
            return Some(format!("the loop at line {} has iter_args", data.loc.line));
        }
        if data.operands.iter().any(|v| ivs.contains(v)) {
            return Some(format!(
                "the bounds of the loop at line {} use an induction variable of the band (not hyper-rectangular)",
                data.loc.line
            ));
        }
    }
    None
}

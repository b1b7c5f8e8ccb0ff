//! `--test-affine-parametric-tile`: MLIR 19's test pass around
//! `tilePerfectlyNestedParametric` — the maximal perfect band under each
//! `affine.for` at the top of a function is tiled with SSA tile sizes, the
//! function's first arguments (one per band loop, of type `index`).
//!
//! Tile loop `i` keeps the loop's lower bound and step and runs to
//! `lb + (ub − lb) ceildiv T_i` (one result per result of a `min` upper
//! bound); intra-tile loop `i` runs from `(t − lb)·T_i + lb` to
//! `min((t − lb)·T_i + T_i·step + lb, ub)` with the loop's step — the maps
//! mlir-opt builds, printed the same.
//!
//! As mlir-opt, the pass reports (as errors) a function with fewer
//! arguments than the band has loops, or whose first arguments are not
//! `index` values, and stops at that function; a band that is not
//! hyper-rectangular gets mlir-opt's "tiled code generation unimplemented
//! for the non-hyperrectangular case"; a band with `iter_args` is left
//! alone. Unlike mlir-opt, which tiles whatever it is given: a band whose
//! tiling would reorder dependent iterations is left alone with a remark
//! naming the dependence (mlir-opt miscompiles it), and so is a loop with
//! a non-constant lower bound (mlir-opt's release build reads a garbage
//! constant there and prints maps with it).

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{OpId, Type, Value};

use crate::loops::{create_for, insert_before, set_bounds, Bound, ForLoop};
use crate::passes::permute::perfectly_nested_loops;
use crate::passes::tile::why_not_fully_permutable;

/// A diagnostic of the pass: an error where mlir-opt reports one, else a
/// remark explaining why a band was left alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilingDiagnostic {
    /// The band's outermost loop.
    pub op: OpId,
    /// Whether mlir-opt reports it as an error.
    pub error: bool,
    /// The message.
    pub message: String,
}

/// mlir-opt's `--test-affine-parametric-tile` on `module`.
pub fn test_affine_parametric_tile(module: &mut tessera_ir::Module) -> Vec<TilingDiagnostic> {
    let mut out = Vec::new();
    let functions: Vec<OpId> = module
        .walk()
        .into_iter()
        .filter(|&o| module.ops[o].name == "func.func")
        .collect();
    for func in functions {
        let Some(&region) = module.ops[func].regions.first() else {
            continue;
        };
        let Some(&entry) = module.regions[region].blocks.first() else {
            continue;
        };
        let args = module.blocks[entry].args.clone();
        let bands: Vec<Vec<OpId>> = module.blocks[entry]
            .ops
            .iter()
            .filter(|&&o| module.ops[o].name == "affine.for")
            .map(|&o| perfectly_nested_loops(module, o))
            .collect();
        for band in bands {
            let error = |message: &str| TilingDiagnostic {
                op: band[0],
                error: true,
                message: message.into(),
            };
            if args.len() < band.len() {
                out.push(error(
                    "too few tile sizes provided in the argument list of the function which contains the current band",
                ));
                break;
            }
            let sizes = &args[..band.len()];
            if sizes.iter().any(|&v| *module.value_type(v) != Type::Index) {
                out.push(error("expected tiling parameters to be of index type"));
                break;
            }
            if let Some(diagnostic) = tile(module, &band, sizes) {
                out.push(diagnostic);
            }
        }
    }
    out
}

/// Tiles `band` with the tile sizes `sizes`, or says why not.
fn tile(
    module: &mut tessera_ir::Module,
    band: &[OpId],
    sizes: &[Value],
) -> Option<TilingDiagnostic> {
    let loops: Vec<ForLoop> = band
        .iter()
        .filter_map(|&l| ForLoop::read(module, l))
        .collect();
    let remark = |message: String| {
        Some(TilingDiagnostic {
            op: band[0],
            error: false,
            message,
        })
    };
    if loops.iter().any(|l| !l.inits.is_empty()) {
        return None;
    }
    let ivs: Vec<Value> = loops.iter().map(|l| l.iv(module)).collect();
    if band
        .iter()
        .any(|&l| module.ops[l].operands.iter().any(|v| ivs.contains(v)))
    {
        return Some(TilingDiagnostic {
            op: band[0],
            error: true,
            message: "tiled code generation unimplemented for the non-hyperrectangular case".into(),
        });
    }
    let mut lowers = Vec::new();
    for l in &loops {
        match l.lower.map.results() {
            [e] if l.lower.map.num_inputs() == 0 && e.as_constant().is_some() => {
                lowers.push(e.as_constant().unwrap_or(0));
            }
            _ => {
                return remark(
                    "test-affine-parametric-tile: band not tiled: a loop has a non-constant lower bound"
                        .into(),
                )
            }
        }
    }
    if band.len() > 1 {
        if let Some(why) = why_not_fully_permutable(module, band) {
            return remark(format!(
                "test-affine-parametric-tile: band not tiled: {why}"
            ));
        }
    }
    let loc = module.ops[band[0]].loc;
    let mut enclosing = None;
    let mut tile_ivs = Vec::new();
    for ((l, &lb), &size) in loops.iter().zip(&lowers).zip(sizes) {
        let upper = tile_space_upper(&l.upper, lb, size);
        let (tile_loop, body) = create_for(module, &l.lower, &upper, l.step, &[], loc);
        match enclosing {
            None => insert_before(module, band[0], tile_loop),
            Some(b) => module.insert_op(b, 0, tile_loop),
        }
        tile_ivs.push(module.blocks[body].args[0]);
        enclosing = Some(body);
    }
    let innermost = enclosing?;
    module.detach_op(band[0]);
    module.insert_op(innermost, 0, band[0]);
    for (((l, &lb), &size), &tile_iv) in loops.iter().zip(&lowers).zip(sizes).zip(&tile_ivs) {
        let (lower, upper) = intra_tile_bounds(l, lb, size, tile_iv);
        set_bounds(module, l.op, &lower, &upper);
    }
    None
}

/// The tile-space loop's upper bound: `lb + (u − lb) ceildiv T` for each
/// result `u` of the loop's upper bound, `T` a new last symbol.
fn tile_space_upper(upper: &Bound, lb: i64, size: Value) -> Bound {
    let map = &upper.map;
    let tile = AffineExpr::symbol(map.num_symbols());
    let lb = AffineExpr::constant(lb);
    let results: Vec<AffineExpr> = map
        .results()
        .iter()
        .map(|u| {
            let span = u.clone() - lb.clone();
            lb.clone() + span.try_ceil_div(&tile).unwrap_or(span)
        })
        .collect();
    let mut operands = upper.operands.clone();
    operands.push(size);
    Bound {
        map: AffineMap::new(map.num_dims(), map.num_symbols() + 1, results)
            .unwrap_or_else(|_| map.clone()),
        operands,
    }
}

/// The intra-tile loop's bounds: from `(t − lb)·T + lb` to `min((t −
/// lb)·T + T·step + lb, u..)`, `t` the tile loop's induction variable (a
/// new last dim) and `T` the tile size (a new last symbol).
fn intra_tile_bounds(l: &ForLoop, lb: i64, size: Value, tile_iv: Value) -> (Bound, Bound) {
    let lb = AffineExpr::constant(lb);
    let start = |num_dims: u32, num_symbols: u32| -> AffineExpr {
        let t = AffineExpr::dim(num_dims);
        let tile = AffineExpr::symbol(num_symbols);
        let offset = t - lb.clone();
        offset.try_mul(&tile).unwrap_or(offset) + lb.clone()
    };
    let lower = Bound {
        map: AffineMap::new(1, 1, vec![start(0, 0)]).unwrap_or_else(|_| AffineMap::identity(1)),
        operands: vec![tile_iv, size],
    };
    let map = &l.upper.map;
    let (nd, ns) = (map.num_dims(), map.num_symbols());
    let tile = AffineExpr::symbol(ns);
    let step = AffineExpr::constant(l.step);
    let first = {
        let t = AffineExpr::dim(nd);
        let offset = t - lb.clone();
        let scaled = offset.try_mul(&tile).unwrap_or(offset);
        scaled + tile.try_mul(&step).unwrap_or(tile.clone()) + lb.clone()
    };
    let mut results = vec![first];
    results.extend(map.results().iter().cloned());
    let mut operands = l.upper.operands[..nd as usize].to_vec();
    operands.push(tile_iv);
    operands.extend(&l.upper.operands[nd as usize..]);
    operands.push(size);
    let upper = Bound {
        map: AffineMap::new(nd + 1, ns + 1, results).unwrap_or_else(|_| map.clone()),
        operands,
    };
    (lower, upper)
}

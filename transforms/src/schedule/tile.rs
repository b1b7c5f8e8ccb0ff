//! Tiling in the scheduled space: every permutable band of at least two
//! hyperplanes `φ₁ … φ_k` becomes tile dimensions `⌊φᵢ / T⌋` followed by
//! the point dimensions `φᵢ` — rectangular tiles of the transformed space,
//! so parallelogram tiles of the original one (time tiles of a skewed
//! stencil). Inside a tile the point dimensions may run in any order (the
//! band is permutable): the one with the most stride-one or invariant
//! accesses goes innermost, for vectorization.

use tessera_affine::{AffineExpr, AffineMap};

use super::pluto::{RowKind, ScopSchedule};
use crate::scop::Scop;

/// The schedule maps of `schedule`, each band of at least two hyperplanes
/// with its best innermost loop last, and tiled by `tile_size` when one is
/// given.
pub fn tiled_maps(
    schedule: &ScopSchedule,
    scop: &Scop,
    num_symbols: u32,
    tile_size: Option<i64>,
) -> Result<Vec<AffineMap>, String> {
    let n = schedule.depths.len();
    let mut order: Vec<(usize, bool)> = Vec::new(); // (row, is tile row)
    let bands = schedule.bands();
    let mut r = 0;
    while r < schedule.rows.len() {
        match bands.iter().find(|b| b.start == r && b.len() >= 2) {
            Some(band) => {
                if tile_size.is_some() {
                    for row in band.clone() {
                        order.push((row, true));
                    }
                }
                let mut points: Vec<usize> = band.clone().collect();
                if let Some(best) = innermost_choice(schedule, scop, &points) {
                    let row = points.remove(best);
                    points.push(row);
                }
                order.extend(points.into_iter().map(|row| (row, false)));
                r = band.end;
            }
            None => {
                order.push((r, false));
                r += 1;
            }
        }
    }
    (0..n)
        .map(|s| {
            let results = order
                .iter()
                .map(|&(row, tile)| {
                    let e = schedule.row_expr(row, s);
                    match tile_size {
                        Some(t) if tile => e.floor_div(t),
                        _ => e,
                    }
                })
                .collect();
            AffineMap::new(schedule.depths[s] as u32, num_symbols, results)
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// The index in `rows` of the row to run innermost: the one whose
/// accesses are most often stride-one (the last subscript alone uses the
/// loop) or invariant; `None` when the last row is already as good.
fn innermost_choice(schedule: &ScopSchedule, scop: &Scop, rows: &[usize]) -> Option<usize> {
    let scores: Vec<i64> = rows
        .iter()
        .map(|&r| {
            (0..schedule.depths.len())
                .map(|s| locality_score(schedule, scop, r, s))
                .sum()
        })
        .collect();
    let last = scores.len().checked_sub(1)?;
    let (best, &score) = scores.iter().enumerate().max_by_key(|&(i, &sc)| (sc, i))?;
    (score > scores[last]).then_some(best)
}

/// How well statement `s`'s accesses suit row `r` as the innermost loop:
/// 2 per access whose last subscript alone varies along it, 1 per access
/// it leaves invariant; 0 unless the row is one of the statement's own
/// loops.
fn locality_score(schedule: &ScopSchedule, scop: &Scop, r: usize, s: usize) -> i64 {
    if !matches!(schedule.rows[r].kind, RowKind::Loop { .. }) {
        return 0;
    }
    let n = schedule.depths[s];
    let c = &schedule.rows[r].coefficients[s][..n];
    let mut nonzero = c.iter().enumerate().filter(|(_, &a)| a != 0);
    let (Some((j, &1)), None) = (nonzero.next(), nonzero.next()) else {
        return 0;
    };
    let stmt = &scop.statements[s];
    std::iter::once(&stmt.write)
        .chain(&stmt.reads)
        .map(|a| {
            let results = a.subscripts.results();
            let uses = |e: &AffineExpr| e.is_function_of_dim(j as u32);
            match results.split_last() {
                Some((last, rest)) if !rest.iter().any(uses) => {
                    if uses(last) {
                        2
                    } else {
                        1
                    }
                }
                None => 1,
                _ => 0,
            }
        })
        .sum()
}

//! Tiling in the scheduled space: every permutable band of at least two
//! hyperplanes `φ₁ … φ_k` becomes tile dimensions `⌊φᵢ / T⌋` followed by
//! the point dimensions `φᵢ` — rectangular tiles of the transformed space,
//! so parallelogram tiles of the original one (time tiles of a skewed
//! stencil). Inside a tile the point dimensions may run in any order (the
//! band is permutable): the one with the most stride-one or invariant
//! accesses goes innermost, for vectorization.

use tessera_affine::AffineMap;

use super::linalg::null_space;
use super::pluto::{RowKind, ScopSchedule};
use crate::dependence::{AccessDesc, LoopDesc};
use crate::scop::{Scop, Statement};

/// The schedule maps of `schedule`, each band of at least two hyperplanes
/// with its best innermost loop last, and tiled by `tile_size` when one is
/// given — except an innermost row shorter than two tiles, left whole
/// (each such row is named in `notes`).
pub fn tiled_maps(
    schedule: &ScopSchedule,
    scop: &Scop,
    num_symbols: u32,
    tile_size: Option<i64>,
    notes: &mut Vec<String>,
) -> Result<Vec<AffineMap>, String> {
    let n = schedule.depths.len();
    let mut order: Vec<(usize, bool)> = Vec::new(); // (row, is tile row)
    let bands = schedule.bands();
    let mut r = 0;
    while r < schedule.rows.len() {
        match bands.iter().find(|b| b.start == r && b.len() >= 2) {
            Some(band) => {
                let points = point_order(schedule, scop, band.clone());
                if let Some(t) = tile_size {
                    let innermost = points.last().copied();
                    for row in band.clone() {
                        let whole =
                            Some(row) == innermost && shorter_than(schedule, scop, row, 2 * t);
                        if whole {
                            notes.push(format!(
                                "hyperplane {} left untiled (fewer than {} points)",
                                schedule.describe_row(row),
                                2 * t
                            ));
                        } else {
                            order.push((row, true));
                        }
                    }
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

/// The point rows of `band` in the order [`tiled_maps`] runs them: the
/// best innermost row last.
fn point_order(schedule: &ScopSchedule, scop: &Scop, band: std::ops::Range<usize>) -> Vec<usize> {
    let mut points: Vec<usize> = band.collect();
    if let Some(best) = innermost_choice(schedule, scop, &points) {
        let row = points.remove(best);
        points.push(row);
    }
    points
}

/// `schedule` with the innermost point row of its last band of two or
/// more rows skewed by the point row outside it (`φ_k + φ_{k-1}`, shifts
/// included): a dependence the innermost loop carried stays in it, but
/// iterations of the outer loop that meet at one value of the new row
/// are independent — each dependence between them now has a positive
/// distance on the innermost row — so unrolling the outer loop and
/// jamming it runs that many independent chains side by side.
/// `seidel_2d`'s `(t, t + i, 2t + i + j)` becomes `(t, t + i, 3t + 2i + j)`.
/// The band stays permutable (every distance on `φ_k` grows by a
/// non-negative one). `None` when no band has two rows.
pub fn serial_skew(schedule: &ScopSchedule, scop: &Scop) -> Option<ScopSchedule> {
    let band = schedule.bands().into_iter().rev().find(|b| b.len() >= 2)?;
    let points = point_order(schedule, scop, band);
    let (&last, rest) = points.split_last()?;
    let &outer = rest.last()?;
    let mut skewed = schedule.clone();
    for (s, row) in skewed.rows[last].coefficients.iter_mut().enumerate() {
        for (a, b) in row.iter_mut().zip(&schedule.rows[outer].coefficients[s]) {
            *a = a.checked_add(*b)?;
        }
    }
    (point_order(&skewed, scop, band_of(&skewed, last)?).last() == Some(&last)).then_some(skewed)
}

/// The band holding row `r`.
fn band_of(schedule: &ScopSchedule, r: usize) -> Option<std::ops::Range<usize>> {
    schedule.bands().into_iter().find(|b| b.contains(&r))
}

/// Whether row `r` of a band runs fewer than `limit` iterations in every
/// statement it moves, each step of it moving one loop of constant bounds
/// (the innermost point row of `heat_3d`'s time tiles: 118 points, which
/// tiles of 64 would cut into two short loops in every tile, each too
/// short to vectorize well — left whole, it streams through the row:
/// 1.7× over the naive nest instead of 1.3×). Rows of unknown extent are
/// tiled.
fn shorter_than(schedule: &ScopSchedule, scop: &Scop, r: usize, limit: i64) -> bool {
    (0..schedule.depths.len()).all(|s| {
        let Some(d) = direction(schedule, r, s) else {
            return !schedule.rows[r].coefficients[s][..schedule.depths[s]]
                .iter()
                .any(|&a| a != 0);
        };
        let mut moved = d.iter().enumerate().filter(|&(_, &a)| a != 0);
        match (moved.next(), moved.next()) {
            (Some((j, _)), None) => constant_extent(&scop.statements[s].write.loops[j])
                .is_some_and(|extent| extent < limit),
            _ => false,
        }
    })
}

/// The trip count of a loop whose bounds are constants.
fn constant_extent(l: &LoopDesc) -> Option<i64> {
    let constant = |m: &AffineMap| match m.results() {
        [e] => e.as_constant(),
        _ => None,
    };
    let (lo, hi) = (constant(&l.lower)?, constant(&l.upper)?);
    let (span, step) = (hi.checked_sub(lo)?.max(0), l.step.max(1));
    Some(span / step + i64::from(span % step != 0))
}

/// The index in `rows` of the row to run innermost: the one whose
/// accesses are most often stride-one (the last subscript alone uses the
/// loop) or invariant in the statements the most rows move — the deepest,
/// which run most often (`covariance`'s `i, j, k` product, not its
/// two-dimensional neighbours in the band, whose second row is the
/// product's `k`) — then in all; `None` when the last row is already as
/// good.
fn innermost_choice(schedule: &ScopSchedule, scop: &Scop, rows: &[usize]) -> Option<usize> {
    let n = schedule.depths.len();
    let moved = |s: usize| {
        rows.iter()
            .filter(|&&r| {
                schedule.rows[r].coefficients[s][..schedule.depths[s]]
                    .iter()
                    .any(|&a| a != 0)
            })
            .count()
    };
    let deepest = (0..n).map(moved).max().unwrap_or(0);
    let scores: Vec<(i64, i64)> = rows
        .iter()
        .map(|&r| {
            let score = |s: usize| locality_score(schedule, scop, r, s);
            (
                (0..n).filter(|&s| moved(s) == deepest).map(score).sum(),
                (0..n).map(score).sum(),
            )
        })
        .collect();
    let last = scores.len().checked_sub(1)?;
    let (best, &score) = scores.iter().enumerate().max_by_key(|&(i, &sc)| (sc, i))?;
    (score > scores[last]).then_some(best)
}

/// How well statement `s`'s accesses suit row `r` as the innermost loop
/// ([`direction_score`] of the step the row makes); 0 when the row does
/// not move the statement.
fn locality_score(schedule: &ScopSchedule, scop: &Scop, r: usize, s: usize) -> i64 {
    direction(schedule, r, s).map_or(0, |d| direction_score(&scop.statements[s], &d))
}

/// How well a loop stepping `stmt`'s iteration vector by `direction` suits
/// the innermost position: 2 per access it moves by one element of the
/// last subscript alone (stride one), 1 per access it leaves invariant —
/// and 0 when it leaves the write invariant: a reduction loop, which does
/// not vectorize without reassociating the sum (`syrk`'s `k`, whose
/// stride-one reads would otherwise win).
pub(super) fn direction_score(stmt: &Statement, direction: &[i64]) -> i64 {
    let origin = vec![0i64; direction.len()];
    let symbols = vec![0i64; stmt.write.subscripts.num_symbols() as usize];
    let step = |a: &AccessDesc| -> Option<Vec<i64>> {
        let from = a.subscripts.evaluate(&origin, &symbols).ok()?;
        let to = a.subscripts.evaluate(direction, &symbols).ok()?;
        Some(to.iter().zip(&from).map(|(t, f)| t - f).collect())
    };
    if step(&stmt.write).is_some_and(|d| d.iter().all(|&x| x == 0)) {
        return 0;
    }
    std::iter::once(&stmt.write)
        .chain(&stmt.reads)
        .map(|a| match step(a) {
            None => 0,
            Some(d) => match d.split_last() {
                None => 1,
                Some((last, rest)) if rest.iter().all(|&x| x == 0) => match last.abs() {
                    0 => 1,
                    1 => 2,
                    _ => 0,
                },
                _ => 0,
            },
        })
        .sum()
}

/// The step in statement `s`'s iteration space when the loop of row `r`
/// advances and its other loop rows stay fixed: the integer generator of
/// their null space, when they determine it.
fn direction(schedule: &ScopSchedule, r: usize, s: usize) -> Option<Vec<i64>> {
    let n = schedule.depths[s];
    let coefficients = |row: usize| schedule.rows[row].coefficients[s][..n].to_vec();
    let moves = |row: &Vec<i64>| row.iter().any(|&a| a != 0);
    let own = coefficients(r);
    if !matches!(schedule.rows[r].kind, RowKind::Loop { .. }) || !moves(&own) {
        return None;
    }
    let others: Vec<Vec<i64>> = (0..schedule.rows.len())
        .filter(|&o| o != r && matches!(schedule.rows[o].kind, RowKind::Loop { .. }))
        .map(coefficients)
        .filter(moves)
        .collect();
    let basis = null_space(&others, n)?;
    match basis.as_slice() {
        [v] => Some(v.clone()),
        _ => None,
    }
}

//! `--tessera-optimize`: the named optimizing pipeline the benchmark
//! suite measures, built only from the legality-checked passes.
//!
//! For each function:
//! S. unless `schedule=false`, one-element buffers that only carry a
//!    value to a store at the end of a loop body accumulate in that cell
//!    ([`accumulate_in_place`]: `ludcmp`'s `w` serialised its whole nest),
//!    and those private to each iteration of a loop that should run
//!    innermost become arrays over it ([`expand_scalars`]: `deriche`'s
//!    column sweeps), then the polyhedral scheduler
//!    ([`crate::schedule`], Pluto's algorithm with smart fusion and
//!    tiling) on every SCoP whose arrays do not fit in half the L2 cache,
//!    except those the band steps below would register-tile (the matmul
//!    family, tried on a copy: [`band_steps_register_tile`]) and those of
//!    perfect nests the band steps all tile (`mvt`, `gemver`: measured
//!    1.6× and 1.5× there, 1.5× and 1.2× rescheduled) — triangular
//!    and imperfect nests (`syrk`, `cholesky`, `trmm`, `gramschmidt`,
//!    `doitgen`, `covariance`), fusion across nests (`bicg`, `gesummv`);
//!    the loops it generates are left alone by the later steps. Before
//!    that, a SCoP the band steps tile that holds an imperfect nest is
//!    rescheduled *without* tiles when that turns every nest into a perfect
//!    band the band steps tile ([`distribute_and_permute`]): `2mm` and
//!    `3mm`'s products, written `i, j, k` below an initialisation, become
//!    `i, k, j` bands that get the register tile below. Skewing schedules
//!    are kept only for SCoPs the band steps cannot change at all, and
//!    only skews by the outermost loop (time tiles of stencils): the
//!    scheduler's full tiles are separated from the partial ones and its
//!    fused statements distributed at the innermost loop, so each tile's
//!    innermost loops vectorize (`jacobi_2d` 2.4×, `fdtd_2d` 1.9× over the
//!    naive nest on the suite's LARGE sizes). Where a tile's innermost
//!    loop still carries a dependence (`seidel_2d`'s in-place sweep: each
//!    point reads its left neighbour's new value), its row is skewed by
//!    the point row outside it ([`crate::schedule::serial_skew`]) and
//!    that outer loop unroll-and-jammed by `unroll-jam-factor` in the full
//!    tiles ([`jam_chains`]): the copies run independent chains side by
//!    side (`seidel_2d` 1.1× → 2.4×); when no loop can be jammed the skew
//!    is dropped. A SCoP the scheduler keeps as it is, which the band
//!    steps cannot change either, gets the same jam around its innermost
//!    loops that carry a dependence, where legal ([`jam_serial_chains`]:
//!    `adi`'s rows, each a chain of divisions, 1.0× → 2.9×); so does the
//!    code the scheduler generates without skewing (`atax`'s rows: four
//!    sums side by side, 1.00× → 1.14× with step 6). A
//!    convolution the scheduler would skew among its inner loops goes to
//!    the band steps instead;
//! 0. distribution of each outermost loop whose body is a sequence of
//!    loop nests, when no dependence it carries runs backwards
//!    ([`why_not_distributable`]) and some nest would then head a band the
//!    tiling step can tile: gemm's `C *= beta` and `C += A*B` nests become
//!    separate, the second a perfect band (syrk's stay together: their
//!    triangular bands cannot be tiled, so splitting would only add a pass
//!    over `C`);
//! 1. `affine-loop-interchange`: each perfect band in its legal order with
//!    the best locality (stride-1 or invariant accesses innermost), which
//!    also leaves the innermost loop vectorizable by the C compiler;
//! 2. per outermost perfect band of at least two loops that is fully
//!    permutable, tiling with equal sizes from the cache model
//!    ([`tile_sizes`] with half the L2 cache), each size then lowered to a
//!    divisor of the loop's constant trip count when one lies within a
//!    factor of two — full tiles keep the intra-tile loops free of `min`
//!    bounds, which unroll-and-jam needs;
//! 3. a register tile, where the intra-tile band ends in a row loop `x`, a
//!    reduction loop `r` (in either order) and a vector loop `v`, with one
//!    memref `W` written, whose accesses use `x` and `v` but not `r` (the
//!    matmul's `C[i][j] += A[i][k] * B[k][j]`): `x` and `v` are
//!    strip-mined into [`REGISTER_ROWS`] rows of [`REGISTER_ROW_BYTES`]
//!    (tiling, legality-checked), `r` moves outside the strips
//!    (permutation, legality-checked), and `W`'s block is promoted to a
//!    local buffer around `r` ([`crate::passes::promote_to_local_buffer`]). The C compiler
//!    then keeps the block in vector registers across the reduction, each
//!    step loading one row of `B` and broadcasting four of `A`. A band
//!    the tiling step refuses because of its reduction loops (a
//!    convolution's `c, r, s`, whose order each output's sum must keep)
//!    gets the register tile across all of them instead
//!    ([`crate::passes::register_tile`]): `conv2d_nhwc` 36 → 187 GFLOP/s,
//!    `conv2d_nchw` 27 → 89, bit-exact;
//! 4. otherwise, unroll-and-jam of the outermost intra-tile loop by
//!    `unroll-jam-factor` (register reuse: the copies share the loads that
//!    do not depend on it), when legal;
//! 5. with `parallel`, `affine-parallelize` of the outermost parallel loop
//!    of each nest (one level of `affine.parallel`);
//! 6. in every innermost loop that carries a dependence, each element its
//!    stores keep fixed moves to a one-element local buffer
//!    ([`keep_chains_in_registers`]): the C compiler keeps it in a
//!    register, which it cannot prove safe itself (`nussinov` 1.01× →
//!    1.23× over the naive nest, `mvt` 1.36× → 1.95×, `gemver` 1.21× →
//!    1.58×).
//!
//! Every step refuses what its own check cannot prove legal, and the
//! remarks say which.

use std::collections::HashSet;

use tessera_ir::{Module, OpId, Value};

use tessera_ir::printer::print_ops_local;
use tessera_ir::Type;

use crate::loops::{defined_inside, innermost_loops, outermost_loops, ForLoop};
use crate::passes::fusion::element_bytes;
use crate::passes::permute::perfectly_nested_loops;
use crate::passes::register_tile::{reduction_register_tile, register_tile};
use crate::passes::{
    accumulate_in_place, affine_parallelize, distribute_loop, expand_scalars, interchange_bands,
    promote_fixed_element, tile_band, tile_sizes, unroll_jam, why_not_distributable,
    why_not_parallel, why_not_tileable, PassRemark, TileOptions, MAX_TILED_BAND,
};
use crate::schedule::{reschedule_scop, FusePolicy, ScheduleOptions};
use crate::scop::{find_scops, FunctionModel, Scop};

/// Rows of the register tile.
pub const REGISTER_ROWS: u64 = 4;

/// Bytes per row of the register tile: with [`REGISTER_ROWS`] rows, 1 KiB,
/// the 32 vector registers of 32 bytes an AVX-512 machine has (half of
/// them at 64 bytes), leaving the compiler registers for the row of `B`
/// and the broadcasts.
pub const REGISTER_ROW_BYTES: u64 = 256;

/// The options of `--tessera-optimize`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimizeOptions {
    /// L2 cache size in KiB (`l2-cache`); tiles are sized to half of it.
    pub l2_kib: u64,
    /// The unroll-and-jam factor of the outermost intra-tile loop
    /// (`unroll-jam-factor`; 1 disables it).
    pub unroll_jam: u64,
    /// Whether to turn the outermost parallel loops into `affine.parallel`
    /// (`parallel`).
    pub parallel: bool,
    /// Whether to run the polyhedral scheduler on the SCoPs the band steps
    /// would not tile (`schedule`, on by default; `schedule=false` skips
    /// it).
    pub schedule: bool,
    /// The tile size of the scheduler's tiles (`schedule-tile-size`, 64 by
    /// default: on the suite's LARGE kernels 64 beat 32 on 11 of the 14
    /// the scheduler tiles — lu 2.7x -> 4.4x, correlation 6.9x -> 13.5x —
    /// and 128 on fewer).
    pub schedule_tile: u64,
    /// Whether the scheduler's full tiles get code of their own, apart
    /// from the partial ones (`separate-tiles`, on by default; see
    /// [`crate::scop::CodegenOptions::separate_full_tiles`]).
    pub separate_tiles: bool,
}

impl Default for OptimizeOptions {
    fn default() -> Self {
        OptimizeOptions {
            l2_kib: 1024,
            unroll_jam: 4,
            parallel: false,
            schedule: true,
            schedule_tile: 64,
            separate_tiles: true,
        }
    }
}

/// The machine's L2 cache size in KiB, read from Linux's sysfs
/// (`/sys/devices/system/cpu/cpu0/cache/index*/`), if it can be.
pub fn machine_l2_kib() -> Option<u64> {
    let dir = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    for entry in dir.flatten() {
        let read = |f: &str| std::fs::read_to_string(entry.path().join(f)).ok();
        if read("level").as_deref().map(str::trim) == Some("2") {
            let size = read("size")?;
            let size = size.trim();
            return match size.strip_suffix('K') {
                Some(k) => k.parse().ok(),
                None => size
                    .strip_suffix('M')
                    .and_then(|m| m.parse::<u64>().ok())
                    .map(|m| m * 1024),
            };
        }
    }
    None
}

/// The largest divisor of `n` in `[max(t / 2, t − 4096), t]` — a multiple of
/// [`REGISTER_ROWS`] if one is there, so that the register tile's rows
/// divide the tile — or `t` when there is none.
fn divisor_near(n: u64, t: u64) -> u64 {
    // At most `MAX_DIVISOR_SEARCH` candidates: a cache of gigabytes gives
    // tile sizes of billions.
    let lowest = t
        .div_ceil(2)
        .max(1)
        .max(t.saturating_sub(MAX_DIVISOR_SEARCH));
    let divisors = || (lowest..=t).rev().filter(|d| n % d == 0);
    divisors()
        .find(|d| d % REGISTER_ROWS == 0)
        .or_else(|| divisors().next())
        .unwrap_or(t)
}

/// The most tile sizes [`divisor_near`] tries.
const MAX_DIVISOR_SEARCH: u64 = 4096;

/// Tile sizes for `band`: the cache model's, adjusted to divide the trip
/// counts where that costs at most a factor of two.
pub fn optimized_tile_sizes(module: &Module, band: &[OpId], l2_kib: u64) -> Option<Vec<u64>> {
    let options = TileOptions {
        cache_size_kib: (l2_kib / 2).max(1),
        ..TileOptions::default()
    };
    let sizes = tile_sizes(module, band, &options)?;
    Some(
        band.iter()
            .zip(sizes)
            .map(|(&l, t)| {
                match ForLoop::read(module, l).and_then(|f| f.constant_trip_count(module)) {
                    Some(tc) if tc > 0 => divisor_near(tc, t.min(tc)),
                    _ => t,
                }
            })
            .collect(),
    )
}

/// Runs the pipeline (see the module documentation).
pub fn tessera_optimize(module: &mut Module, options: &OptimizeOptions) -> Vec<PassRemark> {
    let mut remarks = Vec::new();
    let size = module.walk().len();
    if size > MAX_OPTIMIZED_OPS {
        remarks.push(PassRemark {
 mlir_remark: None,
            op: module.top,
            message: format!(
                "tessera-optimize: module left as it is: {size} ops, more than the pipeline's exact analyses take ({MAX_OPTIMIZED_OPS}; a fully unrolled nest)"
            ),
        });
        return remarks;
    }
    let scheduled = if options.schedule {
        remarks.extend(accumulate_in_place(module));
        remarks.extend(expand_scalars(module));
        schedule_untiled_scops(module, options, &mut remarks)
    } else {
        HashSet::new()
    };
    let outermost: Vec<OpId> = outermost_loops(module)
        .into_iter()
        .filter(|l| !scheduled.contains(l))
        .collect();
    band_steps(module, &outermost, options, &mut remarks);
    if options.parallel {
        let report = affine_parallelize(module, 1, false);
        remarks.extend(report.parallelized.into_iter().map(|op| PassRemark {
            mlir_remark: None,
            op,
            message: "tessera-optimize: loop parallelized".into(),
        }));
    }
    // After parallelization: a buffer goes inside the parallel loop.
    keep_chains_in_registers(module, &mut remarks);
    remarks
}

/// Steps 0–4 on the outermost loops `nests` (and the nests distribution
/// makes of them).
fn band_steps(
    module: &mut Module,
    nests: &[OpId],
    options: &OptimizeOptions,
    remarks: &mut Vec<PassRemark>,
) {
    let before: HashSet<OpId> = outermost_loops(module).into_iter().collect();
    for &outer in nests {
        if perfectly_nested_loops(module, outer).len() > 1 {
            continue;
        }
        if !distribution_opens_a_band(module, outer) {
            continue;
        }
        match why_not_distributable(module, outer) {
            None => {
                let loops = distribute_loop(module, outer);
                remarks.push(PassRemark {
                    mlir_remark: None,
                    op: outer,
                    message: format!(
                        "tessera-optimize: loop distributed into {} nests",
                        loops.len()
                    ),
                });
            }
            Some(why) => remarks.push(PassRemark {
                mlir_remark: None,
                op: outer,
                message: format!("tessera-optimize: loop not distributed: {why}"),
            }),
        }
    }
    let outermost: Vec<OpId> = outermost_loops(module)
        .into_iter()
        .filter(|l| nests.contains(l) || !before.contains(l))
        .collect();
    remarks.extend(interchange_bands(module, &outermost));
    for outer in outermost {
        let mut band = perfectly_nested_loops(module, outer);
        band.truncate(MAX_TILED_BAND);
        let mut note = |message: String| {
            remarks.push(PassRemark {
                mlir_remark: None,
                op: outer,
                message,
            })
        };
        if band.len() < 2 {
            continue;
        }
        let Some(sizes) = optimized_tile_sizes(module, &band, options.l2_kib) else {
            note("tessera-optimize: band not tiled: its footprint fits in the cache".into());
            continue;
        };
        if let Some(why) = why_not_tileable(module, &band) {
            note(format!("tessera-optimize: band not tiled: {why}"));
            let mut trial = module.clone();
            match reduction_register_tile(&mut trial, &band) {
                Ok(what) => {
                    *module = trial;
                    note(format!("tessera-optimize: {what}"));
                }
                Err(why) => note(format!("tessera-optimize: no register tile: {why}")),
            }
            continue;
        }
        tile_band(module, &band, &sizes, false);
        note(format!("tessera-optimize: band tiled by {sizes:?}"));
        match register_tile(module, &band) {
            Ok(what) => {
                note(format!("tessera-optimize: {what}"));
                continue;
            }
            Err(why) => note(format!("tessera-optimize: no register tile: {why}")),
        }
        if options.unroll_jam >= 2 {
            match unroll_jam(module, band[0], options.unroll_jam) {
                Ok(()) => note(format!(
                    "tessera-optimize: intra-tile loop unroll-jammed by {}",
                    options.unroll_jam
                )),
                Err(why) => note(format!("tessera-optimize: not unroll-jammed: {why}")),
            }
        }
    }
}

/// Whether the band steps would register-tile some nest of `nests` (run
/// on a copy of the module).
fn band_steps_register_tile(module: &Module, nests: &[OpId], options: &OptimizeOptions) -> bool {
    let mut trial = module.clone();
    let mut remarks = Vec::new();
    band_steps(&mut trial, nests, options, &mut remarks);
    remarks
        .iter()
        .any(|r| r.message.starts_with("tessera-optimize: register tile"))
}

/// Whether the band steps would change any nest of `nests` (run on a
/// copy of the module).
fn band_steps_change(module: &Module, nests: &[OpId], options: &OptimizeOptions) -> bool {
    let mut trial = module.clone();
    band_steps(&mut trial, nests, options, &mut Vec::new());
    print_ops_local(&trial, &outermost_loops(&trial), true)
        != print_ops_local(module, &outermost_loops(module), true)
}

/// Step S: reschedules (with tiling) each SCoP whose nests the band steps
/// would all leave untiled; returns the outermost loops it generated.
fn schedule_untiled_scops(
    module: &mut Module,
    options: &OptimizeOptions,
    remarks: &mut Vec<PassRemark>,
) -> HashSet<OpId> {
    let before: HashSet<OpId> = outermost_loops(module).into_iter().collect();
    let mut for_band_steps = HashSet::new();
    let schedule_options = ScheduleOptions {
        fuse: FusePolicy::Smart,
        tile: true,
        tile_size: options.schedule_tile,
        skew: false,
        skew_inner: true,
        separate: options.separate_tiles,
        serial_skew: options.unroll_jam >= 2,
        wavefront: options.parallel,
    };
    for model in find_scops(module) {
        for scop in &model.scops {
            let nests: Vec<OpId> = scop
                .ops
                .iter()
                .copied()
                .filter(|&o| module.ops[o].name == "affine.for")
                .collect();
            let Some(&anchor) = nests.first() else {
                continue;
            };
            let tiled: Vec<bool> = nests
                .iter()
                .map(|&n| band_steps_tile(module, n, options))
                .collect();
            if tiled.contains(&true) {
                if let Some((what, loops)) =
                    distribute_and_permute(module, &model, scop, &nests, options)
                {
                    for_band_steps.extend(loops);
                    remarks.push(PassRemark {
                        mlir_remark: None,
                        op: anchor,
                        message: format!(
                            "tessera-optimize: rescheduled for the band steps: {what}"
                        ),
                    });
                    continue;
                }
                // Single loops have nothing to tile either way.
                let all_perfect_bands = nests.iter().zip(&tiled).all(|(&n, &tiled)| {
                    is_perfect(module, n) && (tiled || perfectly_nested_loops(module, n).len() == 1)
                });
                if all_perfect_bands || band_steps_register_tile(module, &nests, options) {
                    continue;
                }
            }
            if data_bytes(module, &nests) <= options.l2_kib.saturating_mul(512) {
                remarks.push(PassRemark {
                    mlir_remark: None,
                    op: anchor,
                    message:
                        "tessera-optimize: not rescheduled: its arrays fit in half the L2 cache"
                            .into(),
                });
                continue;
            }
            // Skewing (time tiles) only where the band steps cannot
            // improve the nests at all: a convolution the scheduler would
            // skew is better interchanged, a stencil has nothing else.
            let options_here = ScheduleOptions {
                skew: !band_steps_change(module, &nests, options),
                skew_inner: false,
                ..schedule_options.clone()
            };
            let snapshot = module.clone();
            let outer_before: HashSet<OpId> = outermost_loops(module).into_iter().collect();
            // Chains skewed apart need full tiles to jam, which a
            // wavefront's tiles may not leave: then the jam without it
            // (measured faster on two threads than the wavefront alone).
            let mut attempts = vec![options_here.clone()];
            if options_here.wavefront {
                attempts.push(ScheduleOptions {
                    wavefront: false,
                    ..options_here.clone()
                });
            }
            let mut result = Err(String::new());
            let mut jammed = None;
            for attempt in &attempts {
                *module = snapshot.clone();
                result = reschedule_scop(module, &model, scop, attempt);
                if !result
                    .as_ref()
                    .is_ok_and(|what| what.contains("(chains skewed apart)"))
                {
                    break;
                }
                let generated: Vec<OpId> = outermost_loops(module)
                    .into_iter()
                    .filter(|l| !outer_before.contains(l))
                    .collect();
                jammed =
                    Some(jam_chains(module, &generated, options.unroll_jam)).filter(|&n| n > 0);
                if jammed.is_some() {
                    break;
                }
            }
            if result
                .as_ref()
                .is_ok_and(|what| what.contains("(chains skewed apart)"))
                && jammed.is_none()
            {
                // No loop to jam: the skew alone gains nothing.
                *module = snapshot;
                let unskewed = ScheduleOptions {
                    serial_skew: false,
                    ..options_here.clone()
                };
                result = reschedule_scop(module, &model, scop, &unskewed);
            }
            if result.is_err() && options_here.skew && options.unroll_jam >= 2 {
                jammed =
                    Some(jam_serial_chains(module, &nests, options.unroll_jam)).filter(|&n| n > 0);
            } else if result.is_ok() && jammed.is_none() && options.unroll_jam >= 2 {
                let generated: Vec<OpId> = outermost_loops(module)
                    .into_iter()
                    .filter(|l| !outer_before.contains(l))
                    .collect();
                jammed = Some(jam_serial_chains(module, &generated, options.unroll_jam))
                    .filter(|&n| n > 0);
            }
            let message = match result {
                Ok(what) => format!("tessera-optimize: rescheduled: {what}"),
                Err(why) => format!("tessera-optimize: not rescheduled: {why}"),
            };
            remarks.push(PassRemark {
                mlir_remark: None,
                op: anchor,
                message,
            });
            if let Some(n) = jammed {
                remarks.push(PassRemark {
 mlir_remark: None,
                    op: anchor,
                    message: format!(
                        "tessera-optimize: {n} loops around a serial innermost loop unroll-jammed by {} (independent chains side by side)",
                        options.unroll_jam
                    ),
                });
            }
        }
    }
    outermost_loops(module)
        .into_iter()
        .filter(|l| !before.contains(l) && !for_band_steps.contains(l))
        .collect()
}

/// Unroll-and-jam by `factor` of the loop around each innermost loop of
/// `nests` (the scheduler's code after [`crate::schedule::serial_skew`]:
/// the copies' chains are independent) wherever it is legal — in full
/// tiles, whose inner bounds do not depend on it; the number jammed.
fn jam_chains(module: &mut Module, nests: &[OpId], factor: u64) -> usize {
    let parents = loops_around(module, nests, |_, _| true);
    parents
        .into_iter()
        .filter(|&p| unroll_jam(module, p, factor).is_ok())
        .count()
}

/// Unroll-and-jam by `factor` of the loop around each innermost loop of
/// `nests` that carries a dependence, wherever it is legal: in a SCoP the
/// scheduler left as it was, the copies' recurrences run side by side
/// (`adi`'s sweeps: each row's chain of divisions waits on the last, the
/// rows do not wait on each other). The number jammed.
fn jam_serial_chains(module: &mut Module, nests: &[OpId], factor: u64) -> usize {
    let parents = loops_around(module, nests, |m, l| {
        why_not_parallel(m, l, false).is_some()
    });
    parents
        .into_iter()
        .filter(|&p| unroll_jam(module, p, factor).is_ok())
        .count()
}

/// The most ops of a module [`tessera_optimize`] works on: its analyses
/// compare accesses pairwise, per loop, and a module of hundreds of
/// thousands of ops (a convolution unrolled in full) would take hours.
const MAX_OPTIMIZED_OPS: usize = 100_000;

/// Step 6: in every innermost loop that carries a dependence, each element
/// a store directly in its body keeps fixed while it runs (a chain
/// through memory: `nussinov`'s `table[i][j] = max(table[i][j], ...)` over
/// `k`, `atax`'s jammed `tmp[i]` to `tmp[i + 3]` over `j`) moves to a
/// one-element local buffer around the loop where that is exact
/// ([`promote_fixed_element`]): the C compiler keeps it in a register,
/// which it cannot prove safe itself when another memref might alias it.
/// One remark per loop changed.
fn keep_chains_in_registers(module: &mut Module, remarks: &mut Vec<PassRemark>) {
    let serial: Vec<OpId> = outermost_loops(module)
        .into_iter()
        .flat_map(|outer| innermost_loops(module, outer))
        .filter(|&l| why_not_parallel(module, l, false).is_some())
        .collect();
    for l in serial {
        let Some(body) = ForLoop::read(module, l).map(|f| f.body) else {
            continue;
        };
        // Only stores whose element is plainly fixed (memref and
        // subscripts from outside the loop, or applies of those): the
        // exact check builds the function's access model each time.
        let stores: Vec<OpId> = module.blocks[body]
            .ops
            .iter()
            .copied()
            .filter(|&o| module.ops[o].name == "affine.store")
            .filter(|&o| {
                module.ops[o].operands[1..]
                    .iter()
                    .all(|&v| fixed_while_running(module, v, l))
            })
            .collect();
        // A refusal leaves the loop as it was.
        let promoted = stores
            .into_iter()
            .filter(|&store| promote_fixed_element(module, l, store).is_ok())
            .count();
        if promoted > 0 {
            remarks.push(PassRemark {
 mlir_remark: None,
                op: l,
                message: format!(
                    "tessera-optimize: {promoted} element(s) the loop carries kept in a local buffer (a register) across it"
                ),
            });
        }
    }
}

/// Whether `v` is defined outside `l`, or by an `affine.apply` directly in
/// its body of values defined outside it.
fn fixed_while_running(module: &Module, v: Value, l: OpId) -> bool {
    if !defined_inside(module, v, l) {
        return true;
    }
    module.defining_op(v).is_some_and(|d| {
        module.ops[d].name == "affine.apply"
            && module.parent_op(d) == Some(l)
            && module.ops[d]
                .operands
                .iter()
                .all(|&o| !defined_inside(module, o, l))
    })
}

/// The `affine.for` loops directly around the innermost loops of `nests`
/// that satisfy `keep`, each once.
fn loops_around(
    module: &Module,
    nests: &[OpId],
    keep: impl Fn(&Module, OpId) -> bool,
) -> Vec<OpId> {
    let mut parents: Vec<OpId> = nests
        .iter()
        .flat_map(|&n| innermost_loops(module, n))
        .filter(|&l| keep(module, l))
        .filter_map(|l| module.parent_op(l))
        .filter(|&p| module.ops[p].name == "affine.for")
        .collect();
    parents.dedup();
    parents
}

/// The scheduler without its tiles on a SCoP the band steps tile, some of
/// whose nests are imperfect: kept only when it changes the code and every
/// nest it generates is a perfect band the band steps tile, so that it
/// distributes and permutes imperfect nests into perfect bands, which the
/// band steps then tile (and register-tile) — a SCoP of perfect nests
/// keeps the band steps' order for each nest (rescheduling `mvt`'s two
/// nests would fuse them into one order that suits only one) —
/// `2mm`'s `tmp[i][j] += A[i][k] * B[k][j]` below `tmp[i][j] = 0` becomes
/// a perfect `i, k, j` band with stride-1 accesses innermost. What it
/// did and the loops it generated, or `None` when the SCoP is left as it
/// was.
fn distribute_and_permute(
    module: &mut Module,
    model: &FunctionModel,
    scop: &Scop,
    nests: &[OpId],
    options: &OptimizeOptions,
) -> Option<(String, Vec<OpId>)> {
    let schedule_options = ScheduleOptions {
        fuse: FusePolicy::Smart,
        tile: false,
        tile_size: options.schedule_tile,
        skew: false,
        skew_inner: true,
        separate: false,
        serial_skew: false,
        wavefront: false,
    };
    let before: HashSet<OpId> = outermost_loops(module).into_iter().collect();
    let mut trial = module.clone();
    let what = reschedule_scop(&mut trial, model, scop, &schedule_options).ok()?;
    let generated: Vec<OpId> = outermost_loops(&trial)
        .into_iter()
        .filter(|l| !before.contains(l))
        .collect();
    let opens_bands = nests.iter().any(|&n| !is_perfect(module, n))
        && !generated.is_empty()
        && generated
            .iter()
            .all(|&l| is_perfect(&trial, l) && band_steps_tile(&trial, l, options));
    if !opens_bands
        || print_ops_local(&trial, &generated, true) == print_ops_local(module, nests, true)
    {
        return None;
    }
    *module = trial;
    Some((what, generated))
}

/// Whether every loop of the nest `outer` is in its outermost perfect band
/// (the body of the band's innermost loop holds no loop).
fn is_perfect(module: &Module, outer: OpId) -> bool {
    let band = perfectly_nested_loops(module, outer);
    let mut ops = Vec::new();
    module.walk_from(outer, &mut ops);
    let loops = ops
        .iter()
        .filter(|&&o| {
            matches!(
                module.ops[o].name.as_str(),
                "affine.for" | "affine.parallel"
            )
        })
        .count();
    loops == band.len()
}

/// The bytes of the distinct memrefs the nests access (a dynamic size
/// counts as 1024 elements).
fn data_bytes(module: &Module, nests: &[OpId]) -> u64 {
    let mut memrefs = HashSet::new();
    for &nest in nests {
        let mut ops = Vec::new();
        module.walk_from(nest, &mut ops);
        for op in ops {
            let data = &module.ops[op];
            let memref = match data.name.as_str() {
                "affine.load" => data.operands.first(),
                "affine.store" => data.operands.get(1),
                _ => None,
            };
            memrefs.extend(memref.copied());
        }
    }
    memrefs
        .into_iter()
        .map(|v| match module.value_type(v) {
            Type::MemRef { shape, elem, .. } => {
                let elements = shape.iter().fold(1u64, |n, &d| {
                    n.saturating_mul(u64::try_from(d).unwrap_or(1024))
                });
                elements.saturating_mul(element_bytes(elem).unwrap_or(8))
            }
            _ => 0,
        })
        .fold(0u64, u64::saturating_add)
}

/// Whether the band steps would tile the nest `outer` (directly, or after
/// distributing it).
fn band_steps_tile(module: &Module, outer: OpId, options: &OptimizeOptions) -> bool {
    let mut band = perfectly_nested_loops(module, outer);
    if band.len() < 2 {
        return distribution_opens_a_band(module, outer)
            && why_not_distributable(module, outer).is_none();
    }
    band.truncate(MAX_TILED_BAND);
    optimized_tile_sizes(module, &band, options.l2_kib).is_some()
        && why_not_tileable(module, &band).is_none()
}

/// Whether some nest in the body of `outer`, alone in a copy of it, would
/// head a band of at least two loops that tiling accepts.
fn distribution_opens_a_band(module: &Module, outer: OpId) -> bool {
    let Some(l) = ForLoop::read(module, outer) else {
        return false;
    };
    l.body_ops(module)
        .into_iter()
        .filter(|&o| module.ops[o].name == "affine.for")
        .any(|nest| {
            let mut band = vec![outer];
            band.extend(perfectly_nested_loops(module, nest));
            band.truncate(MAX_TILED_BAND);
            why_not_tileable(module, &band).is_none()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_near_huge_tile_sizes_are_found_at_once() {
        // A 4 GiB cache and a trip count near 2^62 (a mutated input): the
        // search is bounded, not a billion candidates.
        let t = 1 << 31;
        let d = divisor_near(4_611_686_018_427_387_898, t);
        assert!(d <= t && d + MAX_DIVISOR_SEARCH >= t);
        assert_eq!(divisor_near(1000, 64), 40);
    }
}

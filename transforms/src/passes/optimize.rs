//! `--tessera-optimize`: the named optimizing pipeline the benchmark
//! suite measures, built only from the legality-checked passes.
//!
//! For each function:
//! 1. `affine-loop-interchange`: each perfect band in its legal order with
//!    the best locality (stride-1 or invariant accesses innermost), which
//!    also leaves the innermost loop vectorizable by the C compiler;
//! 2. per outermost perfect band of at least two loops that is fully
//!    permutable, tiling with equal sizes from the cache model
//!    ([`tile_sizes`] with half the L2 cache), each size then lowered to a
//!    divisor of the loop's constant trip count when one lies within a
//!    factor of two — full tiles keep the intra-tile loops free of `min`
//!    bounds, which unroll-and-jam needs;
//! 3. unroll-and-jam of the outermost intra-tile loop by
//!    `unroll-jam-factor` (register reuse: the copies share the loads that
//!    do not depend on it), when legal;
//! 4. with `parallel`, `affine-parallelize` of the outermost parallel loop
//!    of each nest (one level of `affine.parallel`).
//!
//! Every step refuses what its own check cannot prove legal, and the
//! remarks say which.

use tessera_ir::{Module, OpId};

use crate::loops::{outermost_loops, ForLoop};
use crate::passes::permute::perfectly_nested_loops;
use crate::passes::{
    affine_loop_interchange, affine_parallelize, tile_band, tile_sizes, unroll_jam,
    why_not_tileable, PassRemark, TileOptions,
};

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
}

impl Default for OptimizeOptions {
    fn default() -> Self {
        OptimizeOptions {
            l2_kib: 1024,
            unroll_jam: 4,
            parallel: false,
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

/// The largest divisor of `n` in `[t / 2, t]`, or `t` when there is none.
fn divisor_near(n: u64, t: u64) -> u64 {
    (t.div_ceil(2).max(1)..=t)
        .rev()
        .find(|d| n % d == 0)
        .unwrap_or(t)
}

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
            .map(
                |(&l, t)| match ForLoop::read(module, l).and_then(|f| f.constant_trip_count()) {
                    Some(tc) if tc > 0 => divisor_near(tc, t.min(tc)),
                    _ => t,
                },
            )
            .collect(),
    )
}

/// Runs the pipeline (see the module documentation).
pub fn tessera_optimize(module: &mut Module, options: &OptimizeOptions) -> Vec<PassRemark> {
    let mut remarks = affine_loop_interchange(module);
    for outer in outermost_loops(module) {
        let band = perfectly_nested_loops(module, outer);
        let mut note = |message: String| remarks.push(PassRemark { op: outer, message });
        if band.len() < 2 {
            continue;
        }
        if let Some(why) = why_not_tileable(module, &band) {
            note(format!("tessera-optimize: band not tiled: {why}"));
            continue;
        }
        let Some(sizes) = optimized_tile_sizes(module, &band, options.l2_kib) else {
            note("tessera-optimize: band not tiled: its footprint fits in the cache".into());
            continue;
        };
        tile_band(module, &band, &sizes, false);
        note(format!("tessera-optimize: band tiled by {sizes:?}"));
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
    if options.parallel {
        let report = affine_parallelize(module, 1, false);
        remarks.extend(report.parallelized.into_iter().map(|op| PassRemark {
            op,
            message: "tessera-optimize: loop parallelized".into(),
        }));
    }
    remarks
}

//! The loop passes, each legality-checked by the dependence analysis, and
//! the registry that runs them by their `mlir-opt` names.

mod accumulate;
mod affine_licm;
mod buffers;
mod canonicalize;
mod coalesce;
mod cse;
mod data_copy;
mod decompose;
mod distribute;
mod expand;
mod expand_index;
mod fusion;
pub(crate) use fusion::memref_root;
mod interchange;
mod licm;
mod local_buffer;
mod lower_affine;
mod normalize;
mod optimize;
mod parallelize;
mod parametric_tile;
mod permute;
mod pipeline_dma;
mod register_tile;
mod scalrep;
mod simplify_structures;
mod tile;
mod unroll;
mod unroll_jam;
mod unswitch;
mod uplift_fma;
mod vectorize;

pub use accumulate::accumulate_in_place;
pub use affine_licm::affine_loop_invariant_code_motion;
pub use canonicalize::{
    canonicalize, canonicalize_with, CanonicalizeOptions, PatternFilter, RegionSimplify,
};
pub use coalesce::affine_loop_coalescing;
pub use cse::cse;
pub use data_copy::{
    affine_data_copy_generate, test_affine_data_copy, DataCopyOptions, DataCopyReport,
    TestDataCopy, CAPACITY_WARNING,
};
pub use decompose::test_decompose_affine_ops;
pub use distribute::{distribute_loop, why_not_distributable};
pub use expand::{expand_scalars, MAX_EXPANDED};
pub use expand_index::affine_expand_index_ops;
pub use fusion::{
    affine_loop_fusion, compute_slice, fuse_loops, test_loop_fusion, FusionBlocked, FusionMode,
    FusionOptions, Placement, Reversal, SliceBounds, SliceError, TestFusionOptions, Tolerance,
};
pub use interchange::{affine_loop_interchange, interchange_bands};
pub use licm::loop_invariant_code_motion;
pub use local_buffer::{promote_fixed_element, promote_to_local_buffer, LocalBuffer};
pub use lower_affine::lower_affine;
pub use normalize::{affine_loop_normalize, normalize_loop, normalize_parallel};
pub use optimize::{machine_l2_kib, optimized_tile_sizes, tessera_optimize, OptimizeOptions};
pub use parallelize::{affine_parallelize, why_not_parallel, ParallelizeReport};
pub use parametric_tile::{test_affine_parametric_tile, TilingDiagnostic};
pub use permute::{
    perfectly_nested_loops, permute_band, test_loop_permutation, why_not_permutable,
};
pub use pipeline_dma::affine_pipeline_data_transfer;
pub use scalrep::affine_scalrep;
pub use simplify_structures::{affine_simplify_structures, simplify_set};
pub use tile::{
    affine_loop_tile, tile_band, tile_sizes, why_not_fully_permutable, why_not_tileable,
    TileOptions, INVALID_TILING_REMARK, MAX_TILED_BAND,
};
pub use unroll::{
    affine_loop_unroll, unroll_by_factor, unroll_full, unroll_up_to_factor, UnrollOptions,
};
pub use unroll_jam::{
    affine_loop_unroll_jam, unroll_jam, unroll_jam_unchecked, why_not_unroll_jammable,
};
pub use unswitch::test_affine_loop_unswitch;
pub use uplift_fma::{contract_multiply_adds, math_uplift_to_fma};
pub use vectorize::{affine_super_vectorize, VectorizeOptions, MAX_VECTOR_SIZE};

use tessera_ir::{Module, OpId};

use crate::pipeline::{PassInvocation, PipelineError};

/// The passes `tessera-opt` knows, by their mlir-opt flag names, with a
/// one-line description each.
pub const PASSES: &[(&str, &str)] = &[
    (
        "affine-parallelize",
        "Convert affine.for ops carrying no dependence into affine.parallel (options: max-nested=N, parallel-reductions)",
    ),
    (
        "affine-loop-interchange",
        "Reorder each perfect band for locality (stride-1 or invariant accesses innermost, parallel loops outermost), when legal",
    ),
    (
        "affine-loop-tile",
        "Tile fully permutable perfect bands (options: tile-size=N, tile-sizes=a,b,.., cache-size=KiB, separate)",
    ),
    (
        "affine-loop-unroll",
        "Unroll innermost loops (options: unroll-factor=N, unroll-full, unroll-full-threshold=N, unroll-up-to-factor, cleanup-unroll, unroll-num-reps=N)",
    ),
    (
        "affine-loop-unroll-jam",
        "Unroll outermost loops and jam the copies into the inner loops, when legal (option: unroll-jam-factor=N)",
    ),
    (
        "affine-loop-normalize",
        "Rewrite loops to start at 0 with step 1 (option: promote-single-iter)",
    ),
    (
        "affine-loop-invariant-code-motion",
        "Hoist loop-invariant side-effect-free ops, and loads of memrefs the loop does not write, out of affine loops",
    ),
    (
        "loop-invariant-code-motion",
        "Hoist loop-invariant ops that leave memory alone and may be speculated (whole loops of step 1 and affine.if ops among them) out of every affine and scf loop, as mlir-opt 19 does",
    ),
    (
        "tessera-optimize",
        "Interchange for locality, tile from the cache model, register-tile or unroll-and-jam the intra-tile loop, optionally parallelize (options: l2-cache=KiB (default: the machine's), unroll-jam-factor=N, parallel, schedule=false (skip the polyhedral scheduler's step), schedule-tile-size=N, separate-tiles=false (keep full and partial tiles together))",
    ),
    (
        "affine-loop-fusion",
        "Fuse producer-consumer and sibling loop nests when legal, shrinking private buffers (options: mode=greedy|producer|sibling, fusion-maximal, fusion-compute-tolerance=F, fusion-local-buf-threshold=KiB, fusion-fast-mem-space=N)",
    ),
    (
        "test-loop-fusion",
        "mlir-opt's fusion test pass: dependence-check and slice-computation remarks, or legal fusions (options: test-loop-fusion-dependence-check, test-loop-fusion-slice-computation, test-loop-fusion-transformation)",
    ),
    (
        "test-loop-permutation",
        "Permute the outermost perfect band of each nest when legal (option: permutation-map=p0,p1,..)",
    ),
    (
        "affine-simplify-structures",
        "Simplify every affine map and integer set (sets decided exactly on integer points: empty sets, implied constraints, sets that always hold), then fold the affine.for, affine.if and affine.apply ops and apply their canonicalization patterns",
    ),
    (
        "test-decompose-affine-ops",
        "Order each affine.apply's operands by the loops they are invariant in and split a top-level sum or product into one apply per term, as mlir-opt 19's test pass does",
    ),
    (
        "canonicalize",
        "Fold ops and apply MLIR 19's canonicalization patterns to a fixpoint, as mlir-opt's greedy driver does (constants uniqued at the top of each function, dead ops erased, affine maps composed and folded, arith constant chains folded; options: top-down, max-iterations=N, max-num-rewrites=N, region-simplify=disabled|normal|aggressive, test-convergence, disable-patterns=A,B, enable-patterns=A,B with MLIR's pattern names)",
    ),
    (
        "cse",
        "Eliminate common subexpressions as mlir-opt 19's CSE does (equal effect-free ops, equal loads with no write in between) and erase dead effect-free ops",
    ),
    (
        "affine-super-vectorize",
        "Vectorize the innermost vectorizable loop of each nest into vector.transfer_read/transfer_write and vector arithmetic, as mlir-opt 19 does, with exact legality: unit-stride accesses only, and a scalar remainder loop where the trip count is not a multiple of the vector size (options: virtual-vector-size=N, test-fastest-varying=D, vectorize-reductions)",
    ),
    (
        "affine-scalrep",
        "Replace affine loads by the value stored or loaded before them, erase stores overwritten before any read, as mlir-opt 19 does, with exact dependences",
    ),
    (
        "affine-loop-coalescing",
        "Coalesce perfectly nested normalized loops whose bounds are known before the band into one loop, as mlir-opt 19 does (floordiv/mod affine.apply recover the induction variables)",
    ),
    (
        "test-affine-loop-unswitch",
        "Hoist the first affine.if whose condition is invariant in the loops around it above them, as mlir-opt 19's test pass does (the loop nest versioned into then and else copies)",
    ),
    (
        "test-affine-parametric-tile",
        "Tile the perfect band under each affine.for at the top of a function with SSA tile sizes, the function's first arguments, as mlir-opt 19's test pass does (bands whose tiling would reorder dependent iterations, or with a non-constant lower bound, are left alone with a remark)",
    ),
    (
        "affine-data-copy-generate",
        "Copy the regions the loop nests access into buffers in a fast memory space (point-wise copy loops or DMA), as mlir-opt 19 does (options: fast-mem-capacity=KiB, fast-mem-space=N, generate-dma, min-dma-transfer=N, skip-non-unit-stride-loops, slow-mem-space=N, tag-mem-space=N); memrefs whose copy would change the program are left alone",
    ),
    (
        "affine-pipeline-data-transfer",
        "Double-buffer the DMA transfers into a faster memory space of each loop and start each iteration's transfer one iteration early, as mlir-opt 19 does, only where that provably computes the same",
    ),
    (
        "test-affine-data-copy",
        "Copy the memref of the innermost loop's first load, in the outermost loop's body (memref-filter) or around it (for-memref-region), as mlir-opt 19's test pass does",
    ),
    (
        "math-uplift-to-fma",
        "Fuse each arith.addf of an arith.mulf, both with the contract fast-math flag, into math.fma (one rounding), as mlir-opt 19 does, by its greedy driver",
    ),
    (
        "lower-affine",
        "Lower affine ops to scf, arith and memref as mlir-opt 19 does (affine.for -> scf.for, affine.if -> scf.if, affine.parallel -> scf.parallel, maps expanded into arith)",
    ),
    (
        "tessera-accumulate-in-place",
        "Accumulate in the memory cell a one-element buffer's value is stored to at the end of its loop body, when no op in between touches that cell (the buffer's false dependences no longer serialise the nest)",
    ),
    (
        "affine-expand-index-ops",
        "Expand affine.delinearize_index into affine.apply ops, as mlir-opt 19 does",
    ),
    (
        "tessera-expand-scalars",
        "Give each iteration of a loop its own cell of a one-element buffer private to the iteration, when the loop walks the arrays it touches along their last subscript (the buffer no longer keeps the loop outside)",
    ),
    (
        "tessera-schedule",
        "Reschedule every SCoP with Pluto's algorithm on the exact dependences (fusion, skewing, permutation, distribution), optionally tiled, checked and generated by scanning polyhedra (options: fuse=none|smart|max, tile, tile-size=N, separate (full tiles apart from partial ones), parallel (a wavefront when the outermost loop carries a dependence, then the outermost parallel loop of each nest as affine.parallel))",
    ),
    (
        "apply-schedule",
        "Apply a schedule file (as --print-schedule writes it) when it keeps every dependence, generating the loops by scanning polyhedra (option: file=PATH)",
    ),
];

/// A remark a pass makes about an op: why it left it alone, or what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassRemark {
    /// The op concerned.
    pub op: OpId,
    /// The message.
    pub message: String,
    /// mlir-opt 19's own remark about the op, where it makes one (tiling:
    /// "tiling nest is invalid due to dependences"). A driver shows it
    /// whether or not it shows the pass's remarks, with `message`, tessera's
    /// explanation, as a note after it.
    pub mlir_remark: Option<&'static str>,
}

/// The options of `--affine-data-copy-generate`, read as mlir-opt reads
/// them (`min-dma-transfer` is accepted and, as in mlir-opt, unused).
pub fn data_copy_options(pass: &PassInvocation) -> Result<DataCopyOptions, PipelineError> {
    pass.check_known(&[
        "fast-mem-capacity",
        "fast-mem-space",
        "generate-dma",
        "min-dma-transfer",
        "skip-non-unit-stride-loops",
        "slow-mem-space",
        "tag-mem-space",
    ])?;
    pass.int_option("min-dma-transfer")?;
    let defaults = DataCopyOptions::default();
    Ok(DataCopyOptions {
        fast_mem_capacity_kib: pass
            .ulong_option("fast-mem-capacity")?
            .unwrap_or(defaults.fast_mem_capacity_kib),
        fast_mem_space: pass
            .uint_option("fast-mem-space")?
            .unwrap_or(defaults.fast_mem_space),
        generate_dma: pass.flag_or("generate-dma", defaults.generate_dma)?,
        slow_mem_space: pass
            .uint_option("slow-mem-space")?
            .unwrap_or(defaults.slow_mem_space),
        skip_non_unit_stride_loops: pass.flag("skip-non-unit-stride-loops")?,
        tag_mem_space: pass
            .uint_option("tag-mem-space")?
            .unwrap_or(defaults.tag_mem_space),
    })
}

/// The mode of `--test-affine-data-copy` (`memref-filter` wins when both
/// are given, as in mlir-opt); `None` when neither is.
pub fn test_data_copy_mode(pass: &PassInvocation) -> Result<Option<TestDataCopy>, PipelineError> {
    pass.check_known(&["memref-filter", "for-memref-region"])?;
    Ok(if pass.flag("memref-filter")? {
        Some(TestDataCopy::MemRefFilter)
    } else if pass.flag("for-memref-region")? {
        Some(TestDataCopy::ForMemRefRegion)
    } else {
        None
    })
}

/// Runs one pass on the module, returning its remarks, then verifies the
/// result (as mlir-opt's `--verify-each` does by default): a pass that
/// left IR that does not verify is an internal error naming the pass, and
/// the module must not be printed.
pub fn run_pass(
    module: &mut Module,
    pass: &PassInvocation,
) -> Result<Vec<PassRemark>, PipelineError> {
    let remarks = with_work_limit(|| apply_pass(module, pass))?;
    tessera_ir::verify::verify(module, "").map_err(|d| PipelineError {
        offset: 0,
        message: format!(
            "internal error: pass '{}' produced IR that does not verify: {}",
            pass.name,
            d.to_string().lines().next().unwrap_or_default()
        ),
    })?;
    Ok(remarks)
}

/// The integer-search work one pass or analysis may do in all (units of
/// [`tessera_polyhedral::work`]): about a second. The passes on the kernel
/// suite and the large bench inputs use at most 50 million (scheduling
/// `fdtd_2d`); printing the dependences of a tiled `heat_3d` uses 800
/// million (and answers some "may depend" under the limit). Soak inputs
/// it bounds: a three-deep nest with a step near `i64::MAX` and `mod`
/// subscripts (1158 integer questions, 1.3 billion units, 28 s in
/// `--print-dependences`, now 1 s) and a mutated 20-nest fusion input
/// with huge constants (19 s in `--test-loop-fusion`, now 3 s). Past the
/// limit each question ends undecided: "may depend".
pub const PASS_WORK_LIMIT: u64 = 100_000_000;

/// Runs `f` (a pass or an analysis) within [`PASS_WORK_LIMIT`].
pub fn with_work_limit<T>(f: impl FnOnce() -> T) -> T {
    tessera_polyhedral::work::with_limit(PASS_WORK_LIMIT, f)
}

/// Runs one pass without verifying its result.
fn apply_pass(
    module: &mut Module,
    pass: &PassInvocation,
) -> Result<Vec<PassRemark>, PipelineError> {
    match pass.name.as_str() {
        "affine-parallelize" => {
            let parallel_reductions = pass.flag("parallel-reductions")?;
            let max_nested = pass
                .uint_option("max-nested")?
                .map_or(usize::MAX, |n| n as usize);
            let report = affine_parallelize(module, max_nested, parallel_reductions);
            let mut remarks: Vec<PassRemark> = report
                .parallelized
                .iter()
                .map(|&op| PassRemark {
                    mlir_remark: None,
                    op,
                    message: "affine-parallelize: loop parallelized".to_string(),
                })
                .collect();
            remarks.extend(report.skipped.into_iter().map(|(op, why)| PassRemark {
                mlir_remark: None,
                op,
                message: format!("affine-parallelize: loop not parallelized: {why}"),
            }));
            Ok(remarks)
        }
        "affine-loop-interchange" => Ok(affine_loop_interchange(module)),
        "affine-loop-tile" => {
            pass.check_known(&["tile-size", "tile-sizes", "cache-size", "separate"])?;
            let options = TileOptions {
                tile_size: pass.uint_option("tile-size")?.map(u64::from),
                tile_sizes: pass
                    .uint_list_option("tile-sizes")?
                    .unwrap_or_default()
                    .into_iter()
                    .map(u64::from)
                    .collect(),
                cache_size_kib: pass.ulong_option("cache-size")?.unwrap_or(512),
                separate: pass.flag("separate")?,
            };
            Ok(affine_loop_tile(module, &options))
        }
        "affine-loop-unroll-jam" => {
            pass.check_known(&["unroll-jam-factor"])?;
            let factor = pass.uint_option("unroll-jam-factor")?.map_or(4, u64::from);
            Ok(affine_loop_unroll_jam(module, factor))
        }
        "affine-loop-normalize" => {
            pass.check_known(&["promote-single-iter"])?;
            Ok(affine_loop_normalize(
                module,
                pass.flag("promote-single-iter")?,
            ))
        }
        "affine-loop-invariant-code-motion" => {
            pass.check_known(&[])?;
            Ok(affine_loop_invariant_code_motion(module))
        }
        "loop-invariant-code-motion" => {
            pass.check_known(&[])?;
            Ok(loop_invariant_code_motion(module))
        }
        "tessera-optimize" => {
            pass.check_known(&[
                "l2-cache",
                "unroll-jam-factor",
                "parallel",
                "schedule",
                "schedule-tile-size",
                "separate-tiles",
            ])?;
            let defaults = OptimizeOptions::default();
            let options = OptimizeOptions {
                l2_kib: match pass.ulong_option("l2-cache")? {
                    Some(k) => k,
                    None => machine_l2_kib().unwrap_or(defaults.l2_kib),
                },
                unroll_jam: pass
                    .uint_option("unroll-jam-factor")?
                    .map_or(defaults.unroll_jam, u64::from),
                parallel: pass.flag("parallel")?,
                schedule: pass.flag_or("schedule", defaults.schedule)?,
                schedule_tile: pass
                    .uint_option("schedule-tile-size")?
                    .map_or(defaults.schedule_tile, u64::from),
                separate_tiles: pass.flag_or("separate-tiles", defaults.separate_tiles)?,
            };
            if options.schedule_tile < 2 {
                return Err(PipelineError {
                    offset: 0,
                    message: "tessera-optimize: schedule-tile-size must be at least 2".to_string(),
                });
            }
            Ok(tessera_optimize(module, &options))
        }
        "affine-loop-fusion" => Ok(affine_loop_fusion(
            module,
            &FusionOptions::from_invocation(pass)?,
        )),
        "test-loop-fusion" => Ok(test_loop_fusion(
            module,
            &TestFusionOptions::from_invocation(pass)?,
        )),
        "affine-loop-unroll" => {
            pass.check_known(&[
                "unroll-factor",
                "unroll-full",
                "unroll-full-threshold",
                "unroll-up-to-factor",
                "cleanup-unroll",
                "unroll-num-reps",
            ])?;
            let defaults = UnrollOptions::default();
            let options = UnrollOptions {
                factor: pass
                    .uint_option("unroll-factor")?
                    .map_or(defaults.factor, u64::from),
                full: pass.flag("unroll-full")?,
                full_threshold: pass.uint_option("unroll-full-threshold")?.map(u64::from),
                up_to_factor: pass.flag("unroll-up-to-factor")?,
                cleanup: pass.flag("cleanup-unroll")?,
                num_reps: pass
                    .uint_option("unroll-num-reps")?
                    .map_or(defaults.num_reps, u64::from),
            };
            Ok(affine_loop_unroll(module, &options))
        }
        "test-loop-permutation" => {
            // Without a permutation mlir-opt's test pass does nothing.
            let map = pass
                .uint_list_option("permutation-map")?
                .unwrap_or_default();
            if map.is_empty() {
                return Ok(Vec::new());
            }
            let perm: Vec<usize> = map.into_iter().map(|p| p as usize).collect();
            Ok(test_loop_permutation(module, &perm))
        }
        "affine-simplify-structures" => {
            pass.check_known(&[])?;
            Ok(affine_simplify_structures(module))
        }
        "test-decompose-affine-ops" => {
            pass.check_known(&[])?;
            Ok(test_decompose_affine_ops(module))
        }
        "canonicalize" => {
            pass.check_known(&[
                "top-down",
                "max-iterations",
                "max-num-rewrites",
                "region-simplify",
                "test-convergence",
                "disable-patterns",
                "enable-patterns",
            ])?;
            // (MLIR's `int64_t` limits: -1 is none, other negative values
            // allow nothing)
            let limit = |key: &str, default: Option<u64>| -> Result<Option<u64>, PipelineError> {
                Ok(match pass.long_option(key)? {
                    None => default,
                    Some(-1) => None,
                    Some(n) => Some(u64::try_from(n).unwrap_or(0)),
                })
            };
            let region_simplify = match pass.option("region-simplify").unwrap_or("normal") {
                "disabled" => RegionSimplify::Disabled,
                "normal" => RegionSimplify::Normal,
                "aggressive" => RegionSimplify::Aggressive,
                other => {
                    return Err(PipelineError {
                        offset: 0,
                        message: format!(
                            "canonicalize: region-simplify must be disabled, normal or aggressive, not '{other}'"
                        ),
                    })
                }
            };
            let options = CanonicalizeOptions {
                top_down: pass.flag_or("top-down", true)?,
                max_iterations: limit("max-iterations", Some(10))?,
                region_simplify,
                max_num_rewrites: limit("max-num-rewrites", None)?,
                filter: PatternFilter {
                    disabled: pass
                        .string_list_option("disable-patterns")
                        .unwrap_or_default(),
                    enabled: pass
                        .string_list_option("enable-patterns")
                        .unwrap_or_default(),
                },
            };
            let converged = canonicalize_with(module, &options);
            if !converged && pass.flag("test-convergence")? {
                return Err(PipelineError {
                    offset: 0,
                    message: "canonicalizer failed to converge".to_string(),
                });
            }
            Ok(Vec::new())
        }
        "cse" => {
            pass.check_known(&[])?;
            Ok(cse(module))
        }
        "math-uplift-to-fma" => {
            pass.check_known(&[])?;
            math_uplift_to_fma(module);
            Ok(Vec::new())
        }
        "affine-super-vectorize" => {
            pass.check_known(&[
                "virtual-vector-size",
                "test-fastest-varying",
                "vectorize-reductions",
            ])?;
            let options = VectorizeOptions {
                sizes: pass
                    .long_list_option("virtual-vector-size")?
                    .unwrap_or_default(),
                fastest_varying: pass
                    .long_list_option("test-fastest-varying")?
                    .unwrap_or_default(),
                reductions: pass.flag("vectorize-reductions")?,
            };
            affine_super_vectorize(module, &options)
                .map_err(|message| PipelineError { offset: 0, message })
        }
        "affine-scalrep" => {
            pass.check_known(&[])?;
            Ok(affine_scalrep(module))
        }
        "affine-loop-coalescing" => {
            pass.check_known(&[])?;
            Ok(affine_loop_coalescing(module))
        }
        "test-affine-loop-unswitch" => {
            pass.check_known(&[])?;
            Ok(test_affine_loop_unswitch(module))
        }
        "test-affine-parametric-tile" => {
            pass.check_known(&[])?;
            Ok(test_affine_parametric_tile(module)
                .into_iter()
                .map(|d| PassRemark {
                    mlir_remark: None,
                    op: d.op,
                    message: d.message,
                })
                .collect())
        }
        "affine-data-copy-generate" => {
            let options = data_copy_options(pass)?;
            let report = affine_data_copy_generate(module, &options);
            Ok(report.warnings.into_iter().chain(report.remarks).collect())
        }
        "affine-pipeline-data-transfer" => {
            pass.check_known(&[])?;
            Ok(affine_pipeline_data_transfer(module))
        }
        "test-affine-data-copy" => {
            let report = match test_data_copy_mode(pass)? {
                Some(mode) => test_affine_data_copy(module, mode),
                None => DataCopyReport::default(),
            };
            Ok(report.warnings.into_iter().chain(report.remarks).collect())
        }
        "lower-affine" => {
            pass.check_known(&[])?;
            lower_affine(module).map_err(|message| PipelineError { offset: 0, message })
        }
        "tessera-accumulate-in-place" => {
            pass.check_known(&[])?;
            Ok(accumulate_in_place(module))
        }
        "affine-expand-index-ops" => {
            pass.check_known(&[])?;
            Ok(affine_expand_index_ops(module))
        }
        "tessera-expand-scalars" => {
            pass.check_known(&[])?;
            Ok(expand_scalars(module))
        }
        "tessera-schedule" => {
            pass.check_known(&["fuse", "tile", "tile-size", "separate", "parallel"])?;
            let defaults = crate::schedule::ScheduleOptions::default();
            let fuse = match pass.option("fuse") {
                None => defaults.fuse,
                Some(name) => {
                    crate::schedule::FusePolicy::parse(name).ok_or_else(|| PipelineError {
                        offset: 0,
                        message: format!(
                            "tessera-schedule: fuse must be none, smart or max, not '{name}'"
                        ),
                    })?
                }
            };
            let options = crate::schedule::ScheduleOptions {
                fuse,
                tile: pass.flag("tile")?,
                tile_size: pass
                    .uint_option("tile-size")?
                    .map_or(defaults.tile_size, u64::from),
                skew: true,
                skew_inner: true,
                separate: pass.flag("separate")?,
                serial_skew: false,
                wavefront: pass.flag("parallel")?,
            };
            let mut remarks = crate::schedule::tessera_schedule(module, &options);
            if options.wavefront {
                let report = affine_parallelize(module, 1, false);
                remarks.extend(report.parallelized.into_iter().map(|op| PassRemark {
                    mlir_remark: None,
                    op,
                    message: "tessera-schedule: loop parallelized".into(),
                }));
            }
            Ok(remarks)
        }
        "apply-schedule" => {
            pass.check_known(&["file"])?;
            let Some(path) = pass.option("file") else {
                return Err(PipelineError {
                    offset: 0,
                    message: "apply-schedule: file=PATH is required".to_string(),
                });
            };
            crate::scop::apply_schedule_file(module, std::path::Path::new(path)).map_err(
                |message| PipelineError {
                    offset: 0,
                    message: format!("apply-schedule: {message}"),
                },
            )?;
            Ok(Vec::new())
        }
        other => Err(PipelineError {
            offset: 0,
            message: format!("unknown pass '{other}'"),
        }),
    }
}

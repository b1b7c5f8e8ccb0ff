//! Loop fusion: `--affine-loop-fusion` and `--test-loop-fusion`, MLIR's
//! greedy producer-consumer and sibling fusion with an exact legality
//! check.
//!
//! # Algorithm
//!
//! Per function, the top-level ops of the body form a dependence graph
//! ([`graph`]): nodes are the ops with what they read and write, edges the
//! memrefs (and SSA values, and unknown effects) that order them. As
//! MLIR's greedy driver does, three rounds run in `mode=greedy`:
//! producer-consumer fusion of producers with a single consumer, sibling
//! fusion, then producer-consumer fusion of the remaining producers;
//! `mode=producer` and `mode=sibling` run one kind only. Destination nests
//! are visited last to first, their producers nearest first, until nothing
//! changes. Before its producers are tried, a destination's outer perfect
//! band is permuted to run its parallel loops outermost when that is legal
//! (MLIR's `sinkSequentialLoops`), which lets slices go deeper; the
//! permutation is undone when no fusion into the nest follows.
//!
//! For a candidate (source, destination) and each depth `d` of the
//! destination:
//!
//! 1. the **slice** ([`slice`]): for one iteration `p` of the
//!    destination's outer `d` loops, the source iterations it needs —
//!    bounds of the source loops as affine functions of `p`, projected
//!    from the dependence polyhedra of every source store and destination
//!    access of one memref (sibling fusion: the loads of the shared
//!    memref);
//! 2. **legality** ([`legality`]): the fused program is modelled as access
//!    descriptions and every reversed dependence is searched for exactly —
//!    either the slices run each source iteration once (and no dependence
//!    between a source and a destination instance, or two source
//!    instances, changes order), or they replay self-contained,
//!    idempotent units of the source (then only the destination's writes
//!    must stay after the replays). The blocking dependence and a witness
//!    go into the remark;
//! 3. the **cost model** ([`cost`]): MLIR's — redundant computation below
//!    `fusion-compute-tolerance`, then the depth whose slice writes the
//!    smallest region; `fusion-maximal` takes the deepest legal depth;
//! 4. the **rewrite** ([`fuse`]): the source is cloned at the start of the
//!    body of the destination's loop at depth `d` (at its end when the
//!    source came later), its sliced loops get the slice's bounds (and
//!    their own where the slice does not imply them), single-iteration
//!    loops are promoted, the source is erased when the slices cover it
//!    or what it writes is dead, and the fused nest moves where the
//!    graph allows;
//! 5. **private buffers** ([`private_buffer`]): an intermediate memref now
//!    used only inside the fused nest becomes a buffer holding one
//!    iteration's worth, indexed by the access minus an offset in `p`.
//!
//! Soundness first: a question the solver cannot answer, an access the
//! model cannot see, an op it cannot clone — each blocks the fusion.
//!
//! ```
//! use tessera_ir::{parse_and_verify, print_module, PrintOptions};
//! use tessera_transforms::passes::{affine_loop_fusion, FusionOptions};
//! let src = "func.func @f(%a: memref<8xf32>, %c: memref<8xf32>) {
//!   %b = memref.alloc() : memref<8xf32>
//!   affine.for %i = 0 to 8 {
//!     %v = affine.load %a[%i] : memref<8xf32>
//!     affine.store %v, %b[%i] : memref<8xf32>
//!   }
//!   affine.for %i = 0 to 8 {
//!     %v = affine.load %b[%i] : memref<8xf32>
//!     affine.store %v, %c[%i] : memref<8xf32>
//!   }
//!   return
//! }
//! ";
//! let mut m = parse_and_verify("f.mlir", src).unwrap();
//! let remarks = affine_loop_fusion(&mut m, &FusionOptions::default());
//! assert!(remarks.iter().any(|r| r.message.contains("fused")));
//! let out = print_module(&m, &PrintOptions::default());
//! assert_eq!(out.matches("affine.for").count(), 1);
//! assert!(out.contains("memref<1xf32>"));
//! ```

mod cost;
mod fuse;
mod graph;
mod greedy;
mod legality;
mod model;
mod poly;
mod private_buffer;
mod slice;
mod test_pass;

pub use cost::Tolerance;
pub use legality::{FusionBlocked, Reversal};
pub use slice::{Placement, SliceBounds, SliceError};
pub use test_pass::{test_loop_fusion, TestFusionOptions};

use tessera_ir::{Module, OpId};

use crate::loops::enclosing_function;
use crate::passes::PassRemark;
use crate::pipeline::{PassInvocation, PipelineError};
pub(crate) use fuse::canonicalize;
use graph::{dead_outside, BlockGraph};
pub(crate) use model::memref_root;
use model::Footprint;
pub(crate) use model::FunctionModel;
pub(crate) use poly::Range;

pub(crate) use private_buffer::{best_extent, element_bytes, region_systems, shifted_access};
use slice::{path_ivs, plan_slice, NestPair, Strategy};

/// Which fusions `--affine-loop-fusion` attempts (`mode=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FusionMode {
    /// Producer-consumer, then sibling, then producer-consumer again
    /// (`greedy`, the default).
    #[default]
    Greedy,
    /// Producer-consumer fusion only (`producer`).
    ProducerConsumer,
    /// Sibling fusion only (`sibling`).
    Sibling,
}

/// The options of `--affine-loop-fusion`, with mlir-opt 19's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FusionOptions {
    /// `mode=greedy|producer|sibling`.
    pub mode: FusionMode,
    /// `fusion-maximal`: fuse at the deepest legal depth, no cost model.
    pub maximal: bool,
    /// `fusion-compute-tolerance=`: the redundant computation tolerated,
    /// as a fraction of the unfused nests' (default 0.30).
    pub compute_tolerance: Tolerance,
    /// `fusion-local-buf-threshold=`: private buffers of at most this many
    /// KiB go to the fast memory space (default 0).
    pub local_buf_threshold_kib: u64,
    /// `fusion-fast-mem-space=`: the memory space of small private buffers
    /// (default none).
    pub fast_mem_space: Option<u64>,
}

impl Default for FusionOptions {
    fn default() -> Self {
        FusionOptions {
            mode: FusionMode::Greedy,
            maximal: false,
            compute_tolerance: Tolerance::default(),
            local_buf_threshold_kib: 0,
            fast_mem_space: None,
        }
    }
}

impl FusionOptions {
    /// The options of an `affine-loop-fusion` invocation, as mlir-opt
    /// spells them.
    ///
    /// ```
    /// use tessera_transforms::passes::{FusionMode, FusionOptions, Tolerance};
    /// use tessera_transforms::pipeline::PassInvocation;
    /// let p = PassInvocation::with_options(
    ///     "affine-loop-fusion",
    ///     "mode=producer fusion-maximal fusion-compute-tolerance=0.5",
    /// )
    /// .unwrap();
    /// let o = FusionOptions::from_invocation(&p).unwrap();
    /// assert_eq!(o.mode, FusionMode::ProducerConsumer);
    /// assert!(o.maximal);
    /// assert_eq!(o.compute_tolerance, Tolerance::new(1, 2).unwrap());
    /// assert!(FusionOptions::from_invocation(
    ///     &PassInvocation::with_options("affine-loop-fusion", "mode=fast").unwrap()
    /// )
    /// .is_err());
    /// ```
    pub fn from_invocation(pass: &PassInvocation) -> Result<Self, PipelineError> {
        pass.check_known(&[
            "mode",
            "fusion-maximal",
            "fusion-compute-tolerance",
            "fusion-local-buf-threshold",
            "fusion-fast-mem-space",
        ])?;
        let error = |message: String| PipelineError { offset: 0, message };
        let mode = match pass.option("mode") {
            None | Some("greedy") => FusionMode::Greedy,
            Some("producer") => FusionMode::ProducerConsumer,
            Some("sibling") => FusionMode::Sibling,
            Some(other) => {
                return Err(error(format!(
                    "option 'mode' of '{}' expects greedy, producer or sibling, got '{other}'",
                    pass.name
                )))
            }
        };
        let compute_tolerance = match pass.option("fusion-compute-tolerance") {
            None => Tolerance::default(),
            Some(text) => text.parse().map_err(|why: String| {
                error(format!(
                    "option 'fusion-compute-tolerance' of '{}': {why}",
                    pass.name
                ))
            })?,
        };
        Ok(FusionOptions {
            mode,
            maximal: pass.flag("fusion-maximal")?,
            compute_tolerance,
            local_buf_threshold_kib: pass
                .ulong_option("fusion-local-buf-threshold")?
                .unwrap_or(0),
            fast_mem_space: pass.uint_option("fusion-fast-mem-space")?.map(u64::from),
        })
    }
}

/// Runs `--affine-loop-fusion` on every function of the module: fuses
/// loop nests of each function's body as the options say, returning a
/// remark per fusion done (with its depth and what happened to the source
/// and the intermediate buffers) and per candidate refused (with the
/// dependence or the cost that blocked it).
pub fn affine_loop_fusion(module: &mut Module, options: &FusionOptions) -> Vec<PassRemark> {
    let mut remarks = Vec::new();
    for func in module.functions() {
        greedy::run_function(module, func, options, &mut remarks);
    }
    remarks
}

/// Fuses the loop nest `src` into the loop nest `dst` (two `affine.for`
/// ops of one block) at `depth` — counted from `dst`'s outermost loop —
/// if that is legal; otherwise says why not. The slice is the one
/// [`compute_slice`] returns. The source is erased when the slices cover
/// it or everything it writes is dead outside the two nests; the fused
/// nest is moved where the block's dependences allow. Unlike the pass, no
/// private buffer is created and no cost model consulted.
///
/// ```
/// use tessera_ir::parse_and_verify;
/// use tessera_transforms::loops::outermost_loops;
/// use tessera_transforms::passes::{fuse_loops, FusionBlocked};
/// let src = "func.func @f(%a: memref<4xf32>, %t: memref<4xf32>) {
///   affine.for %i = 1 to 4 {
///     %v = affine.load %a[1] : memref<4xf32>
///     affine.store %v, %t[%i] : memref<4xf32>
///   }
///   affine.for %i = 1 to 4 {
///     %v = affine.load %t[%i] : memref<4xf32>
///     affine.store %v, %a[%i] : memref<4xf32>
///   }
///   return
/// }
/// ";
/// let mut m = parse_and_verify("f.mlir", src).unwrap();
/// let nests = outermost_loops(&m);
/// // Fused, the second nest's write of a[1] (i = 1) would run before the
/// // first nest's read of a[1] for i = 2: refused, with that dependence.
/// let err = fuse_loops(&mut m, nests[0], nests[1], 1).unwrap_err();
/// assert!(matches!(err, FusionBlocked::Dependence(_)), "{err}");
/// ```
pub fn fuse_loops(
    module: &mut Module,
    src: OpId,
    dst: OpId,
    depth: usize,
) -> Result<(), FusionBlocked> {
    let func = enclosing_function(module, src)
        .ok_or_else(|| FusionBlocked::Precondition("the source is not in a function".into()))?;
    let model = FunctionModel::new(module, func);
    let pair = NestPair::new(module, &model, src, dst);
    let block = module.ops[src]
        .parent
        .ok_or_else(|| FusionBlocked::Precondition("the source is detached".into()))?;
    let src_fp = Footprint::of(module, &model, src);
    let dst_fp = Footprint::of(module, &model, dst);
    legality::preconditions(&pair, &src_fp, &dst_fp)?;
    let graph = BlockGraph::build(module, &model, block);
    let place = if pair.src_first {
        graph.insertion_point(src, dst)
    } else {
        graph.insertion_point(dst, src)
    }
    .map_err(|(op, why)| FusionBlocked::BlockDependence {
        op: slice::loc(module, op),
        why,
    })?;
    let dead = src_fp
        .writes
        .iter()
        .all(|&m| dead_outside(module, func, m, &[src, dst]));
    let plan = plan_slice(&pair, pair.common + depth, &Strategy::Generic).map_err(|e| {
        FusionBlocked::NoSlice {
            depth,
            why: e.to_string(),
        }
    })?;
    let decision = legality::decide(&pair, plan, dead)?;
    let symbols = model.accesses.symbols.clone();
    greedy::move_before(module, dst, place);
    fuse::apply(module, src, &decision, &symbols)
        .ok_or_else(|| FusionBlocked::Undecided("the slice bounds could not be built".into()))?;
    Ok(())
}

/// The slice of the loop nest `src` needed by one iteration of the outer
/// `depth` loops of the loop nest `dst` (counted from `dst`'s outermost
/// loop), as MLIR's `canFuseLoops` computes it with the generic strategy:
/// from every pair of accesses to one memref, reads included.
///
/// ```
/// use tessera_ir::parse_and_verify;
/// use tessera_transforms::loops::outermost_loops;
/// use tessera_transforms::passes::compute_slice;
/// let src = "func.func @f(%a: memref<10xf32>, %b: memref<10xf32>) {
///   %c = arith.constant 1.0 : f32
///   affine.for %i = 0 to 10 {
///     affine.store %c, %a[%i] : memref<10xf32>
///   }
///   affine.for %i = 1 to 9 {
///     %v = affine.load %a[%i - 1] : memref<10xf32>
///     %w = affine.load %a[%i + 1] : memref<10xf32>
///     affine.store %v, %b[%i] : memref<10xf32>
///   }
///   return
/// }
/// ";
/// let m = parse_and_verify("f.mlir", src).unwrap();
/// let nests = outermost_loops(&m);
/// let slice = compute_slice(&m, nests[0], nests[1], 1).unwrap();
/// assert_eq!(slice.to_string(), "insert point: (1, 0) loop bounds: [(d0) -> (d0 - 1), (d0) -> (d0 + 2)] ");
/// ```
pub fn compute_slice(
    module: &Module,
    src: OpId,
    dst: OpId,
    depth: usize,
) -> Result<SliceBounds, SliceError> {
    let func = enclosing_function(module, src)
        .ok_or_else(|| SliceError::Failure("the source is not in a function".into()))?;
    let model = FunctionModel::new(module, func);
    let pair = NestPair::new(module, &model, src, dst);
    if module.ops[src].parent != module.ops[dst].parent {
        return Err(SliceError::Failure("the nests are not in one block".into()));
    }
    let plan = plan_slice(&pair, pair.common + depth, &Strategy::Generic)?;
    Ok(SliceBounds::from_plan(
        &plan,
        &path_ivs(module, &plan.path_ops),
        &model.accesses.symbols,
    ))
}

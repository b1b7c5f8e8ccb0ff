//! mlir-opt's names for the passes (their C++ classes, as its IR dumps
//! and timing reports show them) and where it runs each pass given on its
//! command line.
//!
//! ```
//! use tessera::cli::pass_names::{pass_class, Anchor};
//! assert_eq!(pass_class("affine-loop-tile"), ("AffineLoopTiling", Anchor::Function));
//! assert_eq!(pass_class("cse"), ("CSE", Anchor::Module));
//! ```

/// Where mlir-opt runs a pass given on its command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// On each `func.func`.
    Function,
    /// On the module.
    Module,
}

/// MLIR's name for the pass (its C++ class, as its dumps show it) and
/// where mlir-opt 19 runs it; tessera's own passes are named in its
/// namespace and run on the module.
pub fn pass_class(flag: &str) -> (&'static str, Anchor) {
    use Anchor::{Function as F, Module as M};
    match flag {
        "affine-parallelize" => ("AffineParallelize", F),
        "affine-loop-tile" => ("AffineLoopTiling", F),
        "affine-loop-unroll" => ("AffineLoopUnroll", F),
        "affine-loop-unroll-jam" => ("AffineLoopUnrollAndJam", F),
        "affine-loop-normalize" => ("AffineLoopNormalize", F),
        "affine-loop-invariant-code-motion" => ("AffineLoopInvariantCodeMotion", F),
        "loop-invariant-code-motion" => ("LoopInvariantCodeMotion", M),
        "affine-loop-fusion" => ("AffineLoopFusion", M),
        "test-loop-fusion" => ("(anonymous namespace)::TestLoopFusion", F),
        "test-loop-permutation" => ("(anonymous namespace)::TestLoopPermutation", M),
        "affine-simplify-structures" => ("SimplifyAffineStructures", F),
        "test-decompose-affine-ops" => ("(anonymous namespace)::TestDecomposeAffineOps", F),
        "canonicalize" => ("Canonicalizer", M),
        "cse" => ("CSE", M),
        "affine-super-vectorize" => ("AffineVectorize", F),
        "affine-scalrep" => ("AffineScalarReplacement", F),
        "affine-loop-coalescing" => ("LoopCoalescing", F),
        "test-affine-loop-unswitch" => ("(anonymous namespace)::TestAffineLoopUnswitching", M),
        "test-affine-parametric-tile" => {
            ("(anonymous namespace)::TestAffineLoopParametricTiling", F)
        }
        "affine-data-copy-generate" => ("AffineDataCopyGeneration", F),
        "affine-pipeline-data-transfer" => ("AffinePipelineDataTransfer", F),
        "test-affine-data-copy" => ("(anonymous namespace)::TestAffineDataCopy", F),
        "math-uplift-to-fma" => ("MathUpliftToFMA", M),
        "lower-affine" => ("ConvertAffineToStandard", M),
        "affine-expand-index-ops" => ("AffineExpandIndexOps", M),
        "test-memref-dependence-check" => ("(anonymous namespace)::TestMemRefDependenceCheck", M),
        "test-memref-bound-check" => ("(anonymous namespace)::TestMemRefBoundCheck", M),
        "affine-loop-interchange" => ("tessera::AffineLoopInterchange", M),
        "tessera-optimize" => ("tessera::Optimize", M),
        "tessera-accumulate-in-place" => ("tessera::AccumulateInPlace", M),
        "tessera-expand-scalars" => ("tessera::ExpandScalars", M),
        "tessera-schedule" => ("tessera::Schedule", M),
        _ => ("tessera::Pass", M),
    }
}

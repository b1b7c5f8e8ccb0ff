//! The loop passes, each legality-checked by the dependence analysis, and
//! the registry that runs them by their `mlir-opt` names.

mod interchange;
mod parallelize;
mod permute;

pub use interchange::affine_loop_interchange;
pub use parallelize::{affine_parallelize, ParallelizeReport};
pub use permute::{
    perfectly_nested_loops, permute_band, test_loop_permutation, why_not_permutable,
};

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
        "test-loop-permutation",
        "Permute the outermost perfect band of each nest when legal (option: permutation-map=p0,p1,..)",
    ),
];

/// A remark a pass makes about an op: why it left it alone, or what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassRemark {
    /// The op concerned.
    pub op: OpId,
    /// The message.
    pub message: String,
}

/// Runs one pass on the module, returning its remarks.
pub fn run_pass(
    module: &mut Module,
    pass: &PassInvocation,
) -> Result<Vec<PassRemark>, PipelineError> {
    match pass.name.as_str() {
        "affine-parallelize" => {
            let parallel_reductions = pass.flag("parallel-reductions")?;
            let max_nested = match pass.int_option("max-nested")? {
                Some(n) if n >= 0 => n as usize,
                Some(n) => {
                    return Err(PipelineError {
                        offset: 0,
                        message: format!("affine-parallelize: max-nested={n} is negative"),
                    })
                }
                None => usize::MAX,
            };
            let report = affine_parallelize(module, max_nested, parallel_reductions);
            let mut remarks: Vec<PassRemark> = report
                .parallelized
                .iter()
                .map(|&op| PassRemark {
                    op,
                    message: "affine-parallelize: loop parallelized".to_string(),
                })
                .collect();
            remarks.extend(report.skipped.into_iter().map(|(op, why)| PassRemark {
                op,
                message: format!("affine-parallelize: loop not parallelized: {why}"),
            }));
            Ok(remarks)
        }
        "affine-loop-interchange" => Ok(affine_loop_interchange(module)),
        "test-loop-permutation" => {
            let Some(map) = pass.int_list_option("permutation-map")? else {
                return Err(PipelineError {
                    offset: 0,
                    message: "test-loop-permutation: permutation-map=p0,p1,.. is required"
                        .to_string(),
                });
            };
            let perm = map
                .iter()
                .map(|&p| usize::try_from(p))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| PipelineError {
                    offset: 0,
                    message: format!("test-loop-permutation: {map:?} has a negative entry"),
                })?;
            Ok(test_loop_permutation(module, &perm))
        }
        other => Err(PipelineError {
            offset: 0,
            message: format!("unknown pass '{other}'"),
        }),
    }
}

//! The loop passes, each legality-checked by the dependence analysis, and
//! the registry that runs them by their `mlir-opt` names.

mod parallelize;

pub use parallelize::{affine_parallelize, ParallelizeReport};

use tessera_ir::{Module, OpId};

use crate::pipeline::{PassInvocation, PipelineError};

/// The passes `tessera-opt` knows, by their mlir-opt flag names, with a
/// one-line description each.
pub const PASSES: &[(&str, &str)] = &[(
    "affine-parallelize",
    "Convert affine.for ops carrying no dependence into affine.parallel (options: max-nested=N, parallel-reductions)",
)];

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
        other => Err(PipelineError {
            offset: 0,
            message: format!("unknown pass '{other}'"),
        }),
    }
}

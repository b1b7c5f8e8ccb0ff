//! Errors of the polyhedra-scanning code generator.

use crate::error::PolyError;
use thiserror::Error;

/// Why code could not be generated for a scanning problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScanError {
    /// The problem is malformed (wrong row lengths, spaces, schedule depths).
    #[error("invalid scanning problem: {0}")]
    Invalid(String),
    /// A time dimension has no lower or no upper bound for some statement:
    /// the domain (under the schedule) is unbounded.
    #[error("time dimension d{dim} is unbounded {side} for statement(s) {statements:?}")]
    Unbounded {
        /// The time dimension.
        dim: usize,
        /// `"below"` or `"above"`.
        side: &'static str,
        /// The statements of the loop.
        statements: Vec<usize>,
    },
    /// Separating overlapping statements into disjoint pieces needed more
    /// pieces than the budget allows.
    #[error("separating statements {statements:?} at d{dim} needs more than {budget} pieces")]
    SeparationBudget {
        /// The time dimension.
        dim: usize,
        /// The statements being separated.
        statements: Vec<usize>,
        /// The budget.
        budget: usize,
    },
    /// Separated pieces could not be ordered along a time dimension.
    #[error("the separated pieces at d{0} have no consistent order")]
    CyclicPieces(usize),
    /// A coefficient of the generated code does not fit in 64 bits.
    #[error("coefficient {0} does not fit in 64 bits")]
    Overflow(String),
    /// An error of the polyhedral core.
    #[error(transparent)]
    Poly(#[from] PolyError),
}

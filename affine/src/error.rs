//! Error types of the affine crate.

use thiserror::Error;

/// An operation that would leave the affine (or semi-affine) fragment.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AffineError {
    /// A product where neither factor is symbolic or constant.
    #[error("non-affine expression: at least one of the multiply operands has to be either a constant or symbolic ({lhs} * {rhs})")]
    NonAffineProduct {
        /// The left factor, printed.
        lhs: String,
        /// The right factor, printed.
        rhs: String,
    },
    /// A `floordiv`/`ceildiv`/`mod` whose right operand involves a dim.
    #[error("non-affine expression: right operand of {op} has to be either a constant or symbolic ({lhs} {op} {rhs})")]
    NonSymbolicDivisor {
        /// The operation's spelling.
        op: &'static str,
        /// The dividend, printed.
        lhs: String,
        /// The divisor, printed.
        rhs: String,
    },
    /// A map or set operation given operands of the wrong shape.
    #[error("{0}")]
    Shape(String),
}

/// Why an expression could not be evaluated at a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum EvalError {
    /// The point has no value for `d<pos>`.
    #[error("no value given for d{0}")]
    MissingDim(u32),
    /// The point has no value for `s<pos>`.
    #[error("no value given for s{0}")]
    MissingSymbol(u32),
    /// An intermediate result does not fit in 64 bits.
    #[error("integer overflow during evaluation")]
    Overflow,
    /// `floordiv`, `ceildiv` or `mod` by a value that is not positive.
    #[error("division by non-positive value {0}")]
    NonPositiveDivisor(i64),
}

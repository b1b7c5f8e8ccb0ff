//! Errors of the polyhedral crate.

use thiserror::Error;

/// Why a polyhedral operation could not be carried out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PolyError {
    /// A constraint row does not have one entry per column (plus constant).
    #[error("constraint row has {found} entries, expected {expected}")]
    RowLength {
        /// Entries expected (variables plus the constant).
        expected: usize,
        /// Entries given.
        found: usize,
    },
    /// A column index is out of range.
    #[error("column {col} is out of range (the relation has {num_vars} variables)")]
    ColumnOutOfRange {
        /// The offending column.
        col: usize,
        /// The number of variable columns.
        num_vars: usize,
    },
    /// Two relations or sets over different spaces were combined.
    #[error("space mismatch: {left} vs {right}")]
    SpaceMismatch {
        /// The left operand's space.
        left: String,
        /// The right operand's space.
        right: String,
    },
    /// A point has the wrong number of coordinates.
    #[error("point has {found} coordinates, expected {expected}")]
    PointLength {
        /// Coordinates expected.
        expected: usize,
        /// Coordinates given.
        found: usize,
    },
    /// Fourier–Motzkin elimination exceeded its row budget.
    #[error("Fourier-Motzkin elimination exceeded its budget of {budget} rows")]
    ProjectionBudget {
        /// The budget that was exceeded.
        budget: usize,
    },
    /// A set operation needs the complement of a polyhedron whose local
    /// variables are neither exactly eliminable nor divisions.
    #[error("cannot complement a polyhedron with a local variable that is not a division")]
    NonDivisionLocal,
}

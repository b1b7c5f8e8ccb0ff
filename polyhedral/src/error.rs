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
    /// An elimination did more work than its budget allowed (see
    /// [`crate::farkas::nonnegative_forms_within`]).
    #[error("the affine form lemma exceeded its work budget of {budget}")]
    WorkBudget {
        /// The budget that was exceeded.
        budget: u64,
    },
    /// Branch and bound explored its budget of nodes without an answer.
    #[error("branch and bound exceeded its budget of {nodes} nodes")]
    SearchBudget {
        /// The budget that was exceeded.
        nodes: usize,
    },
    /// Counting points, or the convex hull, needed more work than its
    /// budget (many chambers, residue classes or rows).
    #[error("{what} exceeded its work budget of {budget} units")]
    Budget {
        /// What ran out: "counting points", "the convex hull".
        what: &'static str,
        /// The budget.
        budget: u64,
    },
    /// A set operation needs the complement of a polyhedron whose local
    /// variables are neither exactly eliminable nor divisions.
    #[error("cannot complement a polyhedron with a local variable that is not a division")]
    NonDivisionLocal,
    /// An affine expression could not be flattened into linear rows.
    #[error("cannot flatten affine expression: {0}")]
    Flatten(String),
    /// A semi-affine term (a product of dims or a division by a symbol) has
    /// no exact linear form.
    #[error("semi-affine term {0} has no linear form")]
    SemiAffine(String),
    /// A relation with domain dims was given where a set was expected.
    #[error("expected a set (no domain dims), found a relation with {0} domain dims")]
    NotASet(usize),
    /// A coefficient does not fit in 64 bits where the affine crate needs it.
    #[error("coefficient {0} does not fit in 64 bits")]
    Overflow(String),
    /// The affine crate rejected a constructed map or set.
    #[error("affine: {0}")]
    Affine(String),
    /// The points of a set were asked for while a column is unbounded.
    #[error("column {col} is unbounded")]
    Unbounded {
        /// An unbounded column.
        col: usize,
    },
    /// A bound of a column was asked for while some row also involves an
    /// inner column (project the inner columns out first).
    #[error("column {col} is bounded by rows that involve inner column {inner}")]
    InnerColumn {
        /// The column whose bounds were asked for.
        col: usize,
        /// An inner column occurring in one of its bounding rows.
        inner: usize,
    },
    /// An invariant of the library's own algorithms did not hold (a bug,
    /// reported rather than answered wrongly).
    #[error("internal error: {0}")]
    Internal(String),
}

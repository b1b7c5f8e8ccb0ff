//! Dependence analysis on the polyhedral model of accesses.
//!
//! Each access is described by an [`AccessDesc`]: its enclosing loops
//! (bounds as affine maps, steps), `affine.if` guards (with `else` blocks
//! as negated conditions), and subscripts. [`check_dependence`] answers,
//! for a source, a sink and a depth, whether some pair of iterations
//! touches the same element in that order — exactly, with the integer
//! solver of `tessera-polyhedral` — and measures the distance of every
//! common loop.
//!
//! The dependence polyhedron has the columns
//! `[source ivs, sink ivs, symbols, locals]` and holds: both iteration
//! domains (loop bounds; strides as `iv = lb + step·t`; `then` conditions;
//! one disjunct per negated `else` condition), equal subscripts, and the
//! order at the depth (equal outer common ivs, then `sink > source` at the
//! carrying loop, or all common ivs equal and the source first in program
//! order).
//!
//! Soundness first: anything the model cannot express exactly (a
//! semi-affine term, too many disjuncts, a solver limit) gives
//! [`Dependence::Unknown`], which every client treats as a dependence.

mod access;
mod check;
mod extract;
mod graph;
mod queries;
mod remarks;
mod system;

pub use access::{access_classes, AccessDesc, Guard, LoopDesc};
pub use check::{
    check_dependence, domain_pieces, Dependence, DependencePolyhedron, DistanceRange, Witness,
};
pub use extract::{collect_accesses, Accesses, Modelled};
pub use graph::{
    dependence_graph, dependence_graph_dot, AccessNode, DependenceEdge, DependenceKind,
};
pub(crate) use queries::MAX_BAND_CLASSES;
pub use queries::{carried_dependence, check_fully_permutable, check_loop_order, Blocking};
pub use remarks::{dependence_remarks, Remark};
pub use system::Unsupported;
pub(crate) use system::{add, expr_row};

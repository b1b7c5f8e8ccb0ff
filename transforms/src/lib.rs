//! `tessera-transforms`: dependence analysis on the IR and the loop passes.
//!
//! Being built under issues 5–7. So far it holds the dependence analysis
//! on access descriptions ([`dependence`]) and the pass-pipeline syntax
//! ([`pipeline`]) that `tessera-opt` shares with `mlir-opt`. See
//! `ARCHITECTURE.md` for its place in the workspace.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bound_check;
pub mod canonical;
pub mod dependence;
pub mod loops;
pub mod passes;
pub mod pipeline;
pub mod schedule;
pub mod scop;

//! `tessera-transforms`: dependence analysis on the IR and the loop passes.
//!
//! Being built under issues 5–7; see `ARCHITECTURE.md` for its place in the
//! workspace.
#![forbid(unsafe_code)]

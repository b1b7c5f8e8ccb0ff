//! `tessera`: a polyhedral analysis library and affine loop optimizer.
//!
//! This facade re-exports the workspace crates and holds what the
//! command-line tools share:
//!
//! - [`affine`]: affine expressions, maps and integer sets (MLIR syntax);
//! - [`polyhedral`]: the exact Presburger core;
//! - [`ir`]: the MLIR affine subset;
//! - [`transforms`]: dependence analysis and loop passes;
//! - [`calc`]: the query language of `tessera-calc`;
//! - [`kernels`]: the benchmark kernel suite (MLIR generators);
//! - [`backend`]: the native back end (C translation, compilation, calls).
//!
//! Unsafe code is denied everywhere except [`backend::library`], which
//! loads compiled kernels and calls into them.
#![deny(unsafe_code)]

pub mod backend;
pub mod calc;
pub mod kernels;

pub use tessera_affine as affine;
pub use tessera_ir as ir;
pub use tessera_polyhedral as polyhedral;
pub use tessera_transforms as transforms;

//! `tessera-affine`: affine expressions, affine maps and integer sets with
//! MLIR's semantics, parser and printer.
//!
//! - [`AffineExpr`]: dims, symbols, constants, `+`, `*`, `floordiv`,
//!   `ceildiv`, `mod`, simplified at construction with MLIR's local rules,
//!   and brought to canonical form by [`AffineExpr::simplify`].
//! - [`AffineMap`]: `(d0, d1)[s0] -> (d0 + s0, d1 * 2)`; composition,
//!   sub-maps, permutations, evaluation.
//! - [`IntegerSet`]: `(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)`; membership
//!   and simplification.
//! - [`flatten`]: linear rows with local variables for divisions — the
//!   bridge to the polyhedral crate.
//! - [`parse`] / [`print`]: MLIR's text syntax, byte for byte as `mlir-opt`
//!   19 prints it.
//!
//! ```
//! use tessera_affine::{AffineMap, IntegerSet};
//! let m: AffineMap = "affine_map<(d0) -> ((d0 floordiv 4) * 4 + d0 mod 4)>".parse()?;
//! assert_eq!(m.simplify().to_string(), "(d0) -> (d0)");
//! let s: IntegerSet = "(d0) : (d0 * 2 - 1 == 0)".parse()?;
//! assert!(s.simplify().is_canonical_empty());
//! # Ok::<(), tessera_affine::parse::ParseError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod error;
pub mod expr;
pub mod flatten;
pub mod int_math;
pub mod map;
pub mod parse;
pub mod print;
mod semi_affine;
pub mod set;

pub use error::{AffineError, EvalError};
pub use expr::{AffineExpr, BinaryOp, ExprKind};
pub use map::AffineMap;
pub use parse::{parse_affine_map, parse_integer_set, MapOrSet, ParseError};
pub use set::{Constraint, ConstraintKind, IntegerSet};

//! `tessera-ir`: the MLIR affine subset — data structures, parser, printer,
//! verifier and interpreter. The text format is MLIR 19's; `mlir-opt`'s
//! output is reproduced byte for byte.
//!
//! # Data structures ([`ir`])
//!
//! A [`Module`] owns four arenas (`cranelift_entity::PrimaryMap`s) indexed
//! by typed `u32` ids: operations ([`OpId`]), blocks ([`BlockId`]),
//! regions ([`RegionId`]) and SSA values ([`Value`]). The nesting is
//! module op → region → block (with typed arguments) → operations → their
//! regions. Every entity records its parent, so going up is O(1).
//!
//! An operation ([`OpData`]) is generic: a name `dialect.op`, operand and
//! result values, inherent attributes ("properties", `<{...}>` in the
//! generic form) and discardable attributes, both kept sorted by name as
//! MLIR's dictionaries are, and owned regions; plus a source
//! [`Location`]. Custom syntax ([`syntax`]) is only a way of reading and
//! writing this generic representation: `affine.for` keeps its bounds as
//! `lowerBoundMap`/`upperBoundMap` attributes and `operandSegmentSizes`,
//! exactly as MLIR does, so analyses and passes see one shape.
//!
//! Values carry their [`Type`] and their definition (op result or block
//! argument). Rewrites are index surgery: moving an op is detaching it and
//! inserting its id elsewhere; erasing detaches it (ids are never reused);
//! [`Module::clone_op`] deep-copies with a value map (loop unrolling);
//! [`Module::replace_all_uses`] rewrites operand lists.
//!
//! # Pipeline
//!
//! [`parse_module`] (hand-written recursive descent, affine maps and sets
//! by `tessera-affine`'s parser) → [`verify::verify`] → [`print_module`]
//! (MLIR's SSA naming and alias rules) or [`interp::Interpreter`] (a
//! register-machine compilation of each function). All errors are
//! [`Diagnostic`]s: `file:line:col: error: message`, the source line and a
//! caret.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod alias;
pub mod attr;
pub mod cfg;
pub mod dma;
pub mod effects;
pub mod error;
pub mod interp;
pub mod ir;
pub mod location;
pub mod parser;
pub mod printer;
pub mod syntax;
pub mod types;
pub mod vector;
pub mod verify;
pub mod views;

pub use attr::Attribute;
pub use error::Diagnostic;
pub use ir::{BlockId, Location, Module, OpData, OpId, RegionId, Value};
pub use parser::parse_module;
pub use printer::{print_module, print_ops_local, print_ops_local_with, PrintOptions};
pub use types::Type;

/// Parses and verifies a file, as `mlir-opt` does before printing.
///
/// ```
/// let err = tessera_ir::parse_and_verify("t.mlir", "func.func @f() {\n  %0 = arith.addi %x, %x : i32\n}\n")
///     .unwrap_err();
/// assert_eq!(err.to_string().lines().next(), Some("t.mlir:2:19: error: use of undeclared SSA value name"));
/// ```
pub fn parse_and_verify(file: &str, source: &str) -> Result<Module, Diagnostic> {
    let m = parse_module(file, source)?;
    verify::verify(&m, source)?;
    Ok(m)
}

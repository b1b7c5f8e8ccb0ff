//! `tessera-ir`: the MLIR affine subset (data structures, parser, printer,
//! verifier, interpreter).
//!
//! Being built under issue 4; see `ARCHITECTURE.md` for its place in the
//! workspace.
#![forbid(unsafe_code)]

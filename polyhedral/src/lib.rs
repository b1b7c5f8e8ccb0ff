//! `tessera-polyhedral`: the exact Presburger core of tessera (constraint
//! systems, projection, integer emptiness, set operations).
//!
//! Being built under issue 3; see `ARCHITECTURE.md` for its place in the
//! workspace.
#![forbid(unsafe_code)]

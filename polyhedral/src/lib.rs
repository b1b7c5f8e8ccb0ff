//! `tessera-polyhedral`: the exact Presburger core of tessera (constraint
//! systems, projection, integer emptiness, set operations).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bounds;
pub mod error;
pub mod int;
mod normalize;
mod omega;
pub mod projection;
pub mod rational;
pub mod relation;
pub mod set;
pub mod simplex;
pub mod space;

pub use error::PolyError;
pub use int::Int;
pub use rational::Rat;
pub use relation::{IntegerPolyhedron, IntegerRelation};
pub use set::PresburgerSet;
pub use space::{Space, VarKind};

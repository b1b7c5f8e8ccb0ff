//! `tessera-polyhedral`: the exact Presburger core of tessera.
//!
//! Everything here is exact: coefficients are [`Int`] (checked `i64` with a
//! transparent big-integer fallback), the simplex works over exact
//! rationals, and integer questions are decided by a complete procedure.
//!
//! - [`IntegerRelation`] (alias [`IntegerPolyhedron`] for sets): equalities
//!   and inequalities over typed columns — domain dims, range dims,
//!   symbols, locals — laid out by a [`Space`]. Columns can be inserted,
//!   removed, swapped and turned into locals; relations intersect.
//! - Normalisation (`normalize`, `gaussian_eliminate`): gcd tightening,
//!   duplicate/parallel/opposite rows, exact integer Gaussian elimination.
//! - [`simplex`]: exact rational emptiness, samples and optima.
//! - Integer emptiness and samples (`find_integer_sample`,
//!   `integer_emptiness`, `is_integer_empty`): the Omega test, complete
//!   also for unbounded systems, then branch and bound; a search that
//!   exceeds both budgets answers "undecided", never a guess.
//! - [`projection`]: Fourier–Motzkin elimination with an exactness flag,
//!   redundancy removal and a row budget.
//! - [`farkas`]: the affine forms non-negative on a polyhedron (the
//!   linearisation schedulers use).
//! - [`branch_bound`]: integer samples and lexicographic minima by branch
//!   and bound over the exact simplex (for bounded integer programs).
//! - [`bounds`]: integer min/max of affine objectives, lexicographic
//!   minimum, constant bounds of a column.
//! - [`relaxation`]: the rational lexicographic minimum, boundedness and
//!   the gist of a relation in a context.
//! - [`PresburgerSet`]: unions with intersect, union, subtract, complement,
//!   subset/equality tests and coalescing; as relations ([`maps`]): exact
//!   projection, inverse, domain, range, composition, lexicographic
//!   extrema and the points of bounded sets.
//! - `convex_hull`: the smallest polyhedron containing a union (Balas's
//!   lifting, rational Fourier–Motzkin).
//! - [`count`]: the number of integer points, as a piecewise
//!   quasi-polynomial of the symbols (chambers and interpolation).
//! - Conversions from and to the `affine` crate: `from_integer_set`,
//!   `from_affine_map` (the graph relation) and `to_integer_set`.
//!
//! ```
//! use tessera_polyhedral::{IntegerRelation, PresburgerSet};
//! // { (d0, d1) : 2*d0 - 2*d1 - 1 == 0 } has no integer point.
//! let mut p = IntegerRelation::new_set(2, 0);
//! p.add_equality(&[2, -2, -1])?;
//! assert!(p.integer_emptiness()?);
//! assert!(!p.is_rationally_empty());
//! assert!(PresburgerSet::from_relation(p).is_empty()?);
//! # Ok::<(), tessera_polyhedral::PolyError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bounds;
pub mod branch_bound;
mod coalesce;
mod convert;
pub mod count;
pub mod error;
pub mod farkas;
mod hull;
pub mod hyperplanes;
pub mod int;
pub mod maps;
mod normalize;
mod omega;
mod pip;
pub mod projection;
pub mod rational;
mod rational_fm;
pub mod relation;
pub mod relaxation;
pub mod scan;
pub mod set;
pub mod simplex;
pub mod space;
pub mod symbolic;
pub mod text;
pub mod work;

pub use bounds::{IntOpt, LexMin};
pub use convert::ColumnBounds;
pub use error::PolyError;
pub use int::Int;
pub use maps::Points;
pub use projection::Projection;
pub use rational::Rat;
pub use relation::{IntegerPolyhedron, IntegerRelation};
pub use relaxation::RationalLexMin;
pub use set::PresburgerSet;
pub use simplex::{LpResult, Simplex};
pub use space::{Space, VarKind};

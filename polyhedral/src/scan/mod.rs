//! Polyhedra scanning: code generation from iteration domains and
//! schedules, after Quilleré, Rajopadhye and Wilde as CLooG and isl's AST
//! generator do it — the math only (the output is an [`Ast`] of affine
//! expressions, not IR).
//!
//! **Input** ([`ScanProblem`]): symbols, an optional context on them, and
//! statements, each an iteration domain (an [`crate::IntegerRelation`] set,
//! divisions allowed) and `k` schedule rows with integer coefficients
//! (any sign, non-unimodular, constant rows for 2d+1 scalar dims).
//!
//! **Output** ([`Ast`]): nested [`ForLoop`]s (inclusive bounds, max of
//! lowers, min of uppers, positive step), [`Guard`]s and
//! [`StmtInstance`]s. Executing it visits every instance `(s, i)`, `i ∈
//! D_s`, exactly once, in lexicographic order of the time vectors
//! `T_s·(i, p, 1)`; equal time vectors run by increasing statement index,
//! then lexicographic iteration vector. A dim that takes a single value is
//! not a loop: its value is substituted into the expressions below.
//!
//! **Algorithm** ([`generate`]): the domains are placed in an extended
//! time space (schedule dims, a statement dim, the iteration dims — see
//! `problem`) that makes the order total. Level by level:
//! statements are grouped into ordered components ([`separate`]); each
//! component gets a loop whose bounds come from Fourier–Motzkin projections
//! (a superset), whose stride and offset come from the exact lattice of
//! the equalities (`lattice`), or a single value; the exact remainder of
//! each domain is a guard, simplified against everything the enclosing
//! loops and guards already ensure (an exact `gist`, `constraints`).
//! Guards on outer dims are hoisted to the first level where a statement
//! is alone. Bounds and guards use `floordiv`/`ceildiv`/`mod` by
//! constants.
//!
//! **Full tiles** ([`split_full_tiles`]): a statement's domain split into
//! the tiles of a band that lie inside it and the rest; with
//! [`ScanStatement::with_separation`] on the tile dims the two get loops
//! of their own, and a full tile's loops run on the tile's bounds alone.
//!
//! **Limits**: unbounded domains are an error; separation is bounded by
//! [`separate::MAX_PIECES`]; when a dim is constrained by several
//! independent congruences only the largest becomes the loop step (the
//! others stay as `mod` guards); locals of a domain that are neither
//! divisions nor exactly eliminable are an error.

pub mod ast;
pub mod cloog;
mod constraints;
pub mod error;
mod generate;
mod lattice;
mod problem;
pub mod separate;
mod tiles;

pub use ast::{Ast, AstNode, ForLoop, Guard, StmtInstance};
pub use cloog::{CloogError, CloogInput, CloogScan, CloogStatement};
pub use error::ScanError;
pub use generate::generate;
pub use problem::{ScanProblem, ScanStatement};
pub use tiles::{split_full_tiles, TileDim};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::IntegerRelation;
    use tessera_affine::IntegerSet;

    fn square() -> IntegerRelation {
        let s: IntegerSet = "(d0, d1)[s0] : (d0 - 1 >= 0, s0 - d0 >= 0, d1 - 1 >= 0, s0 - d1 >= 0)"
            .parse()
            .unwrap();
        IntegerRelation::from_integer_set(&s).unwrap()
    }

    fn code(schedule: Vec<Vec<i64>>) -> String {
        let p = ScanProblem::new(1, vec![ScanStatement::new(square(), schedule)]);
        generate(&p).unwrap().to_string()
    }

    #[test]
    fn skew_interchange_reversal_shapes() {
        assert_eq!(
            code(vec![vec![1, 0, 0, 0], vec![1, 1, 0, 0]]),
            "for d0 = 1 to s0 {\n  for d1 = d0 + 1 to d0 + s0 {\n    S0(d0, -d0 + d1)\n  }\n}\n"
        );
        assert_eq!(
            code(vec![vec![0, -1, 0, 0], vec![1, 0, 0, 0]]),
            "for d0 = -s0 to -1 {\n  for d1 = 1 to s0 {\n    S0(d1, -d0)\n  }\n}\n"
        );
        // A schedule that does not fix j: the remaining iteration dim d2
        // becomes a loop.
        assert_eq!(
            code(vec![vec![1, 1, 0, 0]]),
            "for d0 = 2 to s0 * 2 {\n  for d2 = max(1, d0 - s0) to min(s0, d0 - 1) {\n    S0(d2, d0 - d2)\n  }\n}\n"
        );
    }

    #[test]
    fn invalid_problems_are_errors() {
        let p = ScanProblem::new(
            1,
            vec![
                ScanStatement::new(square(), vec![vec![1, 0, 0, 0]]),
                ScanStatement::new(square(), vec![]),
            ],
        );
        assert!(matches!(generate(&p), Err(ScanError::Invalid(_))));
        let p = ScanProblem::new(2, vec![ScanStatement::identity(square())]);
        assert!(matches!(generate(&p), Err(ScanError::Invalid(_))));
        let p = ScanProblem::new(1, vec![ScanStatement::new(square(), vec![vec![1, 0]])]);
        assert!(matches!(generate(&p), Err(ScanError::Invalid(_))));
    }

    #[test]
    fn empty_problems_give_empty_code() {
        let p = ScanProblem::new(0, vec![]);
        assert!(generate(&p).unwrap().body.is_empty());
        let mut ctx = IntegerRelation::new_set(0, 1);
        ctx.add_inequality(&[-1, -1]).unwrap(); // s0 <= -1: the square is empty
        let p = ScanProblem::new(1, vec![ScanStatement::identity(square())]).with_context(ctx);
        assert!(generate(&p).unwrap().body.is_empty());
    }
}

//! A limit on the integer-search work of one pass or analysis.
//!
//! Each Omega search and branch and bound has its own budget, so one
//! query ends undecided rather than running on; but an analysis may ask
//! thousands of queries (a dependence analysis splits every subscript with
//! a `mod` into pieces), and with huge coefficients each of them spends its
//! whole budget. [`with_limit`] bounds their sum: past it every search on
//! this thread ends at once with [`PolyError::SearchBudget`], which the
//! analyses already read as "undecided" (a dependence that may exist, a
//! transformation not applied) — never as an answer.
//!
//! ```
//! use tessera_polyhedral::{work, IntegerRelation};
//! let mut p = IntegerRelation::new_set(1, 0);
//! p.add_bounds(0, Some(0), Some(5))?;
//! // A search needs some work: with none left it is undecided.
//! assert!(work::with_limit(0, || p.integer_emptiness()).is_err());
//! assert_eq!(work::with_limit(1_000_000, || p.integer_emptiness()), Ok(false));
//! # Ok::<(), tessera_polyhedral::PolyError>(())
//! ```

use std::cell::Cell;

use crate::error::PolyError;

thread_local! {
    /// The work left under the innermost [`with_limit`], if any.
    static LEFT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Runs `f` with at most `units` of search work on this thread (the
/// units of the Omega test's row work), within any limit already set.
pub fn with_limit<T>(units: u64, f: impl FnOnce() -> T) -> T {
    let outer = LEFT.with(Cell::get);
    let granted = outer.map_or(units, |left| left.min(units));
    LEFT.with(|l| l.set(Some(granted)));
    let restore = Restore { outer, granted };
    let out = f();
    drop(restore);
    out
}

/// Gives the outer limit back what is left of it when the inner one ends
/// (also when `f` unwinds).
struct Restore {
    outer: Option<u64>,
    granted: u64,
}

impl Drop for Restore {
    fn drop(&mut self) {
        let left = LEFT.with(Cell::get).unwrap_or(0);
        let spent = self.granted.saturating_sub(left);
        LEFT.with(|l| l.set(self.outer.map(|o| o.saturating_sub(spent))));
    }
}

/// Fails when the current limit is used up: a search checks before the
/// work it does not charge (building its first tableau), so that past
/// the limit every question ends at once.
pub(crate) fn check(nodes: usize) -> Result<(), PolyError> {
    match LEFT.with(Cell::get) {
        Some(0) => Err(PolyError::SearchBudget { nodes }),
        _ => Ok(()),
    }
}

/// Spends `units` of the current limit, or fails once it is used up
/// (always succeeds without a limit).
pub(crate) fn charge(units: u64, nodes: usize) -> Result<(), PolyError> {
    LEFT.with(|l| match l.get() {
        None => Ok(()),
        Some(left) if left >= units => {
            l.set(Some(left - units));
            Ok(())
        }
        Some(_) => {
            l.set(Some(0));
            Err(PolyError::SearchBudget { nodes })
        }
    })
}

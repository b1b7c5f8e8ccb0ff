//! What dependence analysis needs to know about one memory access,
//! independent of the IR it came from.

use tessera_affine::{AffineMap, IntegerSet};

/// One loop around an access: `for iv = max(lower) to min(upper) step s`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopDesc {
    /// Identifies the loop; two accesses share a loop when the ids agree.
    pub id: u32,
    /// Lower bound map over (the induction variables of the enclosing
    /// loops, outermost first; global symbols); the loop starts at the
    /// maximum of its results.
    pub lower: AffineMap,
    /// Upper bound map over the same inputs; the loop runs while the
    /// induction variable is below the minimum of its results.
    pub upper: AffineMap,
    /// The step, positive.
    pub step: i64,
}

/// An `affine.if` around an access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    /// The condition over (the first `set.num_dims()` induction variables
    /// of the access's loops; global symbols).
    pub set: IntegerSet,
    /// `true` in the `then` block, `false` in the `else` block (where the
    /// condition does not hold).
    pub holds: bool,
}

/// A load or store as the polyhedral model sees it.
///
/// All maps and sets use one global numbering of symbols, shared by every
/// access of the function, so that a symbol means the same value in the
/// source and the sink of a dependence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessDesc {
    /// Position in program order (a pre-order walk of the function).
    pub position: usize,
    /// Which memref is accessed; accesses of different memrefs never
    /// depend on each other (the caller decides what may alias).
    pub memref: u32,
    /// Whether the access writes.
    pub is_write: bool,
    /// The enclosing loops, outermost first.
    pub loops: Vec<LoopDesc>,
    /// The enclosing `affine.if`s.
    pub guards: Vec<Guard>,
    /// The element accessed: one result per memref dimension, over (the
    /// induction variables; global symbols).
    pub subscripts: AffineMap,
    /// The number of global symbols.
    pub num_symbols: u32,
}

impl AccessDesc {
    /// The number of loops the two accesses share (a common prefix of
    /// their enclosing loops).
    pub fn common_loops(&self, other: &AccessDesc) -> usize {
        self.loops
            .iter()
            .zip(&other.loops)
            .take_while(|(a, b)| a.id == b.id)
            .count()
    }
}

/// Class ids for `accesses`: equal for accesses that differ at most in
/// program position. A dependence carried by a common loop does not depend
/// on positions, so its answer can be shared within a pair of classes.
pub fn access_classes(accesses: &[&AccessDesc]) -> Vec<usize> {
    let mut ids: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    accesses
        .iter()
        .map(|a| {
            let key = format!(
                "{}|{}|{:?}|{:?}|{}|{}",
                a.memref, a.is_write, a.loops, a.guards, a.subscripts, a.num_symbols
            );
            let next = ids.len();
            *ids.entry(key).or_insert(next)
        })
        .collect()
}

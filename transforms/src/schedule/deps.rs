//! The dependence graph of a SCoP for scheduling: one edge per pair of
//! accesses to one memref (one a write), per depth at which the source
//! instance runs first, with its exact dependence polyhedra.

use tessera_ir::OpId;
use tessera_polyhedral::IntegerRelation;

use crate::dependence::{AccessDesc, DependencePolyhedron};
use crate::scop::Scop;

/// What a dependence is, by the kinds of its two accesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DependenceKind {
    /// A write, then a read (true dependence).
    Flow,
    /// A read, then a write.
    Anti,
    /// A write, then a write.
    Output,
}

impl DependenceKind {
    /// `flow`, `anti` or `output`.
    pub fn name(self) -> &'static str {
        match self {
            DependenceKind::Flow => "flow",
            DependenceKind::Anti => "anti",
            DependenceKind::Output => "output",
        }
    }
}

/// One dependence edge between statements.
#[derive(Clone, Debug)]
pub struct Edge {
    /// Source statement (runs first in the original program).
    pub src: usize,
    /// Sink statement.
    pub dst: usize,
    /// The source and sink access ops.
    pub accesses: (OpId, OpId),
    /// Flow, anti or output.
    pub kind: DependenceKind,
    /// The non-empty polyhedra whose union is the dependence, over
    /// `[source ivs, sink ivs, symbols, locals]`.
    pub systems: Vec<IntegerRelation>,
    /// Source ivs, sink ivs and symbols (the systems' column layout).
    pub columns: (usize, usize, usize),
}

/// The most dependence polyhedra [`scop_edges`] builds and tests (one per
/// pair of accesses to a memref, one written, and loop depth): a bound
/// on the work of a SCoP whose accesses mostly do not depend on each
/// other, where the edge limit alone never stops the search (a fully
/// unrolled nest: 20 s before). The suite's kernels need at most 385.
pub const MAX_DEPENDENCE_TESTS: usize = 2000;

/// The dependence edges of `scop`, memory-based (flow, anti, output).
/// `Err` when the analysis cannot describe one exactly, or as soon as
/// there are more than `max_edges` or it would test more than
/// [`MAX_DEPENDENCE_TESTS`] pairs.
pub fn scop_edges(scop: &Scop, max_edges: usize) -> Result<Vec<Edge>, String> {
    let n = scop.statements.len();
    let accesses =
        |k: usize| -> Vec<(&AccessDesc, OpId)> { scop.statements[k].accesses().collect() };
    let mut edges = Vec::new();
    let mut tests = 0usize;
    for src in 0..n {
        for dst in 0..n {
            for (a, a_op) in accesses(src) {
                for (b, b_op) in accesses(dst) {
                    if a.memref != b.memref || !(a.is_write || b.is_write) {
                        continue;
                    }
                    let kind = match (a.is_write, b.is_write) {
                        (true, false) => DependenceKind::Flow,
                        (false, true) => DependenceKind::Anti,
                        _ => DependenceKind::Output,
                    };
                    let common = a.common_loops(b);
                    // The accesses of one statement instance are ordered by
                    // the statement itself: only other instances count.
                    let last = if src == dst { common } else { common + 1 };
                    for depth in 1..=last {
                        tests += 1;
                        if tests > MAX_DEPENDENCE_TESTS {
                            return Err(format!(
                                "more than {MAX_DEPENDENCE_TESTS} pairs of accesses to test for dependences; the scheduler tests at most {MAX_DEPENDENCE_TESTS}"
                            ));
                        }
                        let Some(p) =
                            DependencePolyhedron::build(a, b, depth).map_err(|e| e.to_string())?
                        else {
                            continue;
                        };
                        let systems: Vec<IntegerRelation> = p
                            .systems()
                            .iter()
                            .filter(|s| !s.is_integer_empty())
                            .cloned()
                            .collect();
                        if systems.is_empty() {
                            continue;
                        }
                        edges.push(Edge {
                            src,
                            dst,
                            accesses: (a_op, b_op),
                            kind,
                            systems,
                            columns: p.column_counts(),
                        });
                        if edges.len() > max_edges {
                            return Err(format!(
                                "more than {max_edges} dependence edges; the scheduler takes at most {max_edges}"
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(edges)
}

//! The dependences of a SCoP as relations between statement instances:
//! **memory-based** (flow, anti, output: two instances touch one element,
//! one of them writes it, the first runs first) and **value-based** flow
//! dependences (each read instance paired with the last write before it
//! of the element it reads: the write whose value it sees).
//!
//! Value-based flow is memory-based flow minus what an intervening write
//! kills: the pairs `(w, r)` with a write `w'` of the same element between
//! them, `w ≺ w' ≺ r`. Those pairs are the composition of an output
//! dependence `w → w'` with a flow dependence `w' → r`; composing projects
//! `w'` out exactly and the difference is exact, so what remains is exactly
//! the last writer of each read instance — the answer of a parametric
//! lexicographic maximum (Feautrier's), reached with set operations.
//!
//! ```
//! use tessera_ir::parse_and_verify;
//! use tessera_transforms::scop::{find_scops, memory_dependences, value_flow_dependences};
//! // s = 0; for i: s = s + A[i]; B[0] = s: every write of `s` reaches the
//! // final read in memory, only the last one in value.
//! let m = parse_and_verify("t.mlir", "func.func @f(%A: memref<8xf32>, %s: memref<f32>, %B: memref<1xf32>) {
//!   %z = arith.constant 0.0 : f32
//!   affine.store %z, %s[] : memref<f32>
//!   affine.for %i = 0 to 8 {
//!     %a = affine.load %A[%i] : memref<8xf32>
//!     %v = affine.load %s[] : memref<f32>
//!     %w = arith.addf %v, %a : f32
//!     affine.store %w, %s[] : memref<f32>
//!   }
//!   affine.for %k = 0 to 1 {
//!     %r = affine.load %s[] : memref<f32>
//!     affine.store %r, %B[%k] : memref<1xf32>
//!   }
//!   return
//! }").unwrap();
//! let f = &find_scops(&m)[0];
//! let scop = &f.scops[0];
//! let flows = value_flow_dependences(f, scop).unwrap();
//! // S1 (the update) reaches S2 (the final copy) from its last instance only.
//! let last = flows.iter().find(|d| (d.src, d.dst) == (1, 2)).unwrap();
//! assert!(last.relation.contains(&[7, 0]).unwrap() && !last.relation.contains(&[6, 0]).unwrap());
//! // ... and itself at distance 1.
//! let carried = flows.iter().find(|d| (d.src, d.dst) == (1, 1)).unwrap();
//! assert_eq!(carried.uniform_distance().unwrap(), Some(vec![1]));
//! let memory = memory_dependences(f, scop).unwrap();
//! let all = memory.iter().find(|d| (d.src, d.dst) == (1, 2) && d.kind.name() == "flow").unwrap();
//! assert!(all.relation.contains(&[6, 0]).unwrap());
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;

use tessera_ir::{Module, OpId};
use tessera_polyhedral::{Int, IntOpt, IntegerRelation, PolyError, PresburgerSet, Space, VarKind};

use super::{FunctionModel, Scop};
use crate::dependence::AccessDesc;
use crate::schedule::{scop_edges, DependenceKind, Edge};

/// One dependence between two statements of a SCoP.
#[derive(Clone, Debug)]
pub struct ScopDependence {
    /// Flow, anti or output.
    pub kind: DependenceKind,
    /// Whether this is a value-based flow dependence (last writer only);
    /// `false` for memory-based ones, and for a value-based question the
    /// analysis could not answer exactly (then the memory-based relation,
    /// a superset, stands in).
    pub value_based: bool,
    /// The statement whose instance runs first (its number in the SCoP).
    pub src: usize,
    /// The statement whose instance runs second.
    pub dst: usize,
    /// The source and sink access ops.
    pub accesses: (OpId, OpId),
    /// The pairs of instances: `(source iteration) -> (sink iteration)`
    /// over the function's symbols.
    pub relation: PresburgerSet,
    /// The number of loops around both accesses.
    pub common_loops: usize,
}

impl ScopDependence {
    /// The sink's iteration minus the source's on their common loops, when
    /// every pair has the same one (a uniform dependence); `None` when the
    /// distance varies or there are no pairs.
    pub fn uniform_distance(&self) -> Result<Option<Vec<i64>>, PolyError> {
        let ns = self.relation.space().count(VarKind::Domain);
        let mut distance: Option<Vec<i64>> = None;
        for d in self.relation.disjuncts() {
            if d.is_integer_empty() {
                continue;
            }
            let mut here = Vec::with_capacity(self.common_loops);
            for k in 0..self.common_loops {
                let mut objective = vec![Int::ZERO; d.num_cols()];
                objective[ns + k] = Int::from(1);
                objective[k] = Int::from(-1);
                let (IntOpt::Optimal { value: lo, .. }, IntOpt::Optimal { value: hi, .. }) = (
                    d.integer_minimum(&objective)?,
                    d.integer_maximum(&objective)?,
                ) else {
                    return Ok(None);
                };
                match (lo == hi, lo.to_i64()) {
                    (true, Some(v)) => here.push(v),
                    _ => return Ok(None),
                }
            }
            match &distance {
                Some(seen) if *seen != here => return Ok(None),
                _ => distance = Some(here),
            }
        }
        Ok(distance)
    }
}

fn access_of(scop: &Scop, k: usize, op: OpId) -> Option<&AccessDesc> {
    scop.statements[k]
        .accesses()
        .find(|&(_, o)| o == op)
        .map(|(a, _)| a)
}

/// The union of an edge's polyhedra (over `[source ivs, sink ivs,
/// symbols, locals]`) as a relation over all `num_symbols` symbols.
fn edge_relation(edge: &Edge, num_symbols: usize) -> Result<PresburgerSet, PolyError> {
    let (ns, nd, syms) = edge.columns;
    let mut set = PresburgerSet::empty(Space::relation(ns, nd, num_symbols));
    for system in &edge.systems {
        let mut r = system.clone().with_domain(ns)?;
        if syms < num_symbols {
            r.insert_vars(VarKind::Symbol, syms, num_symbols - syms)?;
        }
        set.add_disjunct(r)?;
    }
    Ok(set)
}

/// The memory-based dependences of `scop`: one per pair of accesses (one a
/// write) to a memref between two statements, the union over every loop
/// depth at which the source runs first. `Err` when one cannot be built
/// exactly (or there are too many pairs to test, as for the scheduler).
pub fn memory_dependences(
    model: &FunctionModel,
    scop: &Scop,
) -> Result<Vec<ScopDependence>, String> {
    let edges = scop_edges(scop, usize::MAX)?;
    let num_symbols = model.num_symbols(scop);
    // One dependence per pair of accesses, in the order of first appearance.
    let mut grouped: BTreeMap<(usize, usize, OpId, OpId), ScopDependence> = BTreeMap::new();
    let mut order = Vec::new();
    for edge in &edges {
        let key = (edge.src, edge.dst, edge.accesses.0, edge.accesses.1);
        let relation = edge_relation(edge, num_symbols).map_err(|e| e.to_string())?;
        match grouped.get_mut(&key) {
            Some(d) => d.relation = d.relation.union(&relation).map_err(|e| e.to_string())?,
            None => {
                let common = match (
                    access_of(scop, edge.src, edge.accesses.0),
                    access_of(scop, edge.dst, edge.accesses.1),
                ) {
                    (Some(a), Some(b)) => a.common_loops(b),
                    _ => 0,
                };
                order.push(key);
                grouped.insert(
                    key,
                    ScopDependence {
                        kind: edge.kind,
                        value_based: false,
                        src: edge.src,
                        dst: edge.dst,
                        accesses: edge.accesses,
                        relation,
                        common_loops: common,
                    },
                );
            }
        }
    }
    Ok(order
        .into_iter()
        .filter_map(|k| grouped.remove(&k))
        .collect())
}

/// The value-based flow dependences of `scop`: for each read, the pairs
/// (write instance, read instance) where the write is the last one of the
/// element before the read. A read whose last writers cannot be computed
/// exactly keeps its memory-based flow dependences, marked
/// `value_based: false` (a superset: "may").
pub fn value_flow_dependences(
    model: &FunctionModel,
    scop: &Scop,
) -> Result<Vec<ScopDependence>, String> {
    let memory = memory_dependences(model, scop)?;
    // The statements' output order: (earlier writer, later writer) -> pairs.
    let outputs: BTreeMap<(usize, usize), &PresburgerSet> = memory
        .iter()
        .filter(|d| d.kind == DependenceKind::Output)
        .map(|d| ((d.src, d.dst), &d.relation))
        .collect();
    let mut out = Vec::new();
    let mut work = MAX_SUBTRACTION_WORK;
    // Reads in the order their first flow dependence appears.
    let mut reads: Vec<OpId> = Vec::new();
    for d in memory.iter().filter(|d| d.kind == DependenceKind::Flow) {
        if !reads.contains(&d.accesses.1) {
            reads.push(d.accesses.1);
        }
    }
    for read in reads {
        let flows: Vec<&ScopDependence> = memory
            .iter()
            .filter(|d| d.kind == DependenceKind::Flow && d.accesses.1 == read)
            .collect();
        match last_writers(&flows, &outputs, &mut work) {
            Ok(relations) => {
                for (flow, relation) in flows.into_iter().zip(relations) {
                    if !relation.is_empty().unwrap_or(false) {
                        out.push(ScopDependence {
                            value_based: true,
                            relation,
                            ..flow.clone()
                        });
                    }
                }
            }
            Err(_) => out.extend(flows.into_iter().cloned()),
        }
    }
    Ok(out)
}

/// The most polyhedra a last-writer relation may take while its kills
/// are subtracted; beyond, the read keeps its memory-based flow (the
/// random kernels of the tests need at most a few dozen).
const MAX_LIVE_PIECES: usize = 128;

/// The most local variables (divisions, existentials) a polyhedron of a
/// last-writer relation may have: every emptiness test of the next
/// subtraction searches over them (the random kernels of the tests need
/// at most a dozen; a strided nest with `mod` subscripts of the soak
/// piled up 26 and took minutes).
const MAX_LIVE_LOCALS: usize = 24;

/// The most emptiness tests the subtractions of one SCoP's last-writer
/// relations may run (each piece of a difference times the rows negated);
/// the rest of its reads keep their memory-based flow.
const MAX_SUBTRACTION_WORK: usize = 20_000;

/// The most rows and locals one subtraction of a last-writer relation may
/// handle ([`PresburgerSet::subtract_within`]); beyond, the read keeps its
/// memory-based flow (soak seed 0x28112810: a kill with a `mod` subscript
/// split into thousands of pieces, and one difference ran for minutes).
const MAX_DIFFERENCE_STEPS: usize = 20_000;

/// The most disjuncts of a last-writer relation that are coalesced.
const COALESCE_LIMIT: usize = 8;

/// For the memory-based flow dependences of one read (one per writing
/// statement), the part of each that no other write kills.
fn last_writers(
    flows: &[&ScopDependence],
    outputs: &BTreeMap<(usize, usize), &PresburgerSet>,
    work: &mut usize,
) -> Result<Vec<PresburgerSet>, String> {
    let mut result = Vec::with_capacity(flows.len());
    for flow in flows {
        let mut live = flow.relation.clone();
        for later in flows {
            // w -> w' (same element, w first) then w' -> r.
            let Some(order) = outputs.get(&(flow.src, later.src)) else {
                continue;
            };
            let killed = order
                .apply_range(&later.relation)
                .map_err(|e| e.to_string())?;
            // One piece of the kill at a time, so a growing difference is
            // stopped before its next step.
            for piece in killed.disjuncts() {
                // One emptiness test per piece and negated row, at most.
                let cost = live.disjuncts().len() * piece.num_constraints();
                *work = work.checked_sub(cost).ok_or_else(|| {
                    format!(
                        "the last writers need more than {MAX_SUBTRACTION_WORK} emptiness tests"
                    )
                })?;
                // The kill's piece may split into many pieces to be
                // negated (locals that are not divisions, enumerated): the
                // difference is bounded by the rows it handles too.
                live = live
                    .subtract_within(
                        &PresburgerSet::from_relation(piece.clone()),
                        MAX_DIFFERENCE_STEPS,
                    )
                    .map_err(|e| e.to_string())?;
                if live.disjuncts().len() > MAX_LIVE_PIECES {
                    return Err(format!(
                        "the last writers of a read need more than {MAX_LIVE_PIECES} polyhedra"
                    ));
                }
                if live
                    .disjuncts()
                    .iter()
                    .any(|d| d.space().count(VarKind::Local) > MAX_LIVE_LOCALS)
                {
                    return Err(format!(
                        "the last writers of a read need more than {MAX_LIVE_LOCALS} local variables"
                    ));
                }
            }
        }
        // Coalescing tests every pair of disjuncts by subtraction: worth
        // it for the few pieces of the usual answer only.
        if live.disjuncts().len() <= COALESCE_LIMIT {
            live = live.coalesce().map_err(|e| e.to_string())?;
        }
        result.push(live);
    }
    Ok(result)
}

/// The dependences of every SCoP of `models`, memory-based and value-based,
/// as `--print-dependences` prints them: per function and SCoP, one line
/// per dependence with its statements, accesses, uniform distance if any,
/// and its pairs as an integer set over the source iteration `(d0, ..)`
/// followed by the sink's.
pub fn print_dependences(module: &Module, models: &[FunctionModel]) -> String {
    // Bounded here, not only by the tools: a library caller must get an
    // answer ("may depend" where the work runs out), never a hang.
    crate::passes::with_work_limit(|| print_dependences_unbounded(module, models))
}

/// [`print_dependences`] under whatever work limit the caller set.
fn print_dependences_unbounded(module: &Module, models: &[FunctionModel]) -> String {
    let mut out = String::from(
        "// tessera dependences: S<k>(source iteration) -> S<l>(sink iteration) : pairs\n",
    );
    let mut first = 0;
    for f in models {
        let _ = writeln!(out, "func @{}", f.name);
        for (i, scop) in f.scops.iter().enumerate() {
            let _ = writeln!(out, "// SCoP {i}");
            let line = |op: OpId| module.ops[op].loc.line;
            let show = |out: &mut String, what: &str, d: &ScopDependence| {
                let distance = match d.uniform_distance() {
                    Ok(Some(v)) if !v.is_empty() => format!(
                        ", distance ({})",
                        v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
                    ),
                    _ => String::new(),
                };
                let _ = writeln!(
                    out,
                    "{what} S{} -> S{} (line {} -> line {}){distance}: {}",
                    first + d.src,
                    first + d.dst,
                    line(d.accesses.0),
                    line(d.accesses.1),
                    show_relation(&d.relation, first + d.src, first + d.dst)
                );
            };
            match memory_dependences(f, scop) {
                Ok(deps) => {
                    for d in &deps {
                        show(&mut out, d.kind.name(), d);
                    }
                }
                Err(e) => {
                    let _ = writeln!(out, "// memory-based dependences not computed: {e}");
                }
            }
            match value_flow_dependences(f, scop) {
                Ok(deps) => {
                    for d in &deps {
                        let what = if d.value_based {
                            "value flow"
                        } else {
                            "value flow (memory-based: the last writers are not exact)"
                        };
                        show(&mut out, what, d);
                    }
                }
                Err(e) => {
                    let _ = writeln!(out, "// value-based dependences not computed: {e}");
                }
            }
            first += scop.statements.len();
        }
    }
    out
}

/// `S<a>(d0, ..) -> S<b>(dk, ..)[s0, ..] : (constraints)`, disjuncts joined
/// by ` or `.
fn show_relation(relation: &PresburgerSet, src: usize, dst: usize) -> String {
    let space = relation.space();
    let (ns, nd) = (space.count(VarKind::Domain), space.count(VarKind::Range));
    let dims = |range: std::ops::Range<usize>| {
        range
            .map(|k| format!("d{k}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let symbols = match space.count(VarKind::Symbol) {
        0 => String::new(),
        n => format!(
            "[{}]",
            (0..n)
                .map(|k| format!("s{k}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let parts: Vec<String> = relation
        .disjuncts()
        .iter()
        .filter(|d| !d.is_integer_empty())
        .map(|d| {
            let mut d = d.clone();
            if d.space().count(VarKind::Local) == 0 {
                // Without divisions to keep defined, the implied rows go.
                d.remove_redundant_inequalities();
            }
            let set = d
                .with_domain(0)
                .and_then(|s: IntegerRelation| s.to_integer_set());
            match set {
                Ok(set) => {
                    let text = set.simplify().to_string();
                    text.split_once(" : ")
                        .map_or(text.clone(), |(_, c)| c.to_string())
                }
                Err(e) => format!("(not printable: {e})"),
            }
        })
        // A piece the set's simplification proves empty (the emptiness
        // test above may have ended undecided past the work limit).
        .filter(|text| text != "(1 == 0)")
        .collect();
    let pairs = if parts.is_empty() {
        "(1 == 0)".to_string()
    } else {
        parts.join(" or ")
    };
    format!(
        "S{src}({}) -> S{dst}({}){symbols} : {pairs}",
        dims(0..ns),
        dims(ns..ns + nd)
    )
}

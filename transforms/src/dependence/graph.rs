//! The dependence graph of a module: one node per affine access, one edge
//! per dependence (source, sink, depth), labelled with its kind, depth and
//! distances; printable as Graphviz DOT.

use std::fmt::Write as _;

use petgraph::graph::{DiGraph, NodeIndex};
use tessera_ir::{Module, OpId};

use super::check::{check_dependence, Dependence, DistanceRange};
use super::extract::{collect_accesses, Modelled};

/// The kind of a dependence, from the access kinds of its ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DependenceKind {
    /// Read after write (flow).
    Raw,
    /// Write after read (anti).
    War,
    /// Write after write (output).
    Waw,
}

impl DependenceKind {
    fn of(source_writes: bool, sink_writes: bool) -> Option<Self> {
        match (source_writes, sink_writes) {
            (true, false) => Some(DependenceKind::Raw),
            (false, true) => Some(DependenceKind::War),
            (true, true) => Some(DependenceKind::Waw),
            (false, false) => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            DependenceKind::Raw => "RAW",
            DependenceKind::War => "WAR",
            DependenceKind::Waw => "WAW",
        }
    }
}

/// A node: one access.
#[derive(Clone, Debug)]
pub struct AccessNode {
    /// The access op.
    pub op: OpId,
    /// Its model.
    pub model: Modelled,
}

/// An edge: one dependence at one depth.
#[derive(Clone, Debug)]
pub struct DependenceEdge {
    /// RAW, WAR or WAW.
    pub kind: DependenceKind,
    /// The depth (as MLIR counts).
    pub depth: usize,
    /// Per common loop, the distance range; empty for a loop-independent
    /// dependence or when unknown.
    pub distances: Vec<DistanceRange>,
    /// `false` when the dependence could not be ruled out but was not
    /// proven either.
    pub proven: bool,
}

/// The dependence graph of every affine access of `module`.
pub fn dependence_graph(module: &Module) -> DiGraph<AccessNode, DependenceEdge> {
    let accesses = collect_accesses(module, module.top);
    let mut graph = DiGraph::new();
    let nodes: Vec<NodeIndex> = accesses
        .ops
        .iter()
        .zip(&accesses.models)
        .map(|(&op, model)| {
            graph.add_node(AccessNode {
                op,
                model: model.clone(),
            })
        })
        .collect();
    for (i, source) in accesses.models.iter().enumerate() {
        for (j, sink) in accesses.models.iter().enumerate() {
            let Some(kind) = DependenceKind::of(source.is_write(), sink.is_write()) else {
                continue;
            };
            if source.memref() != sink.memref() {
                continue;
            }
            let (li, lj) = (source.loop_ids(), sink.loop_ids());
            let common = li.iter().zip(&lj).take_while(|(a, b)| a == b).count();
            for depth in 1..=common + 1 {
                let edge = match (source, sink) {
                    (Modelled::Exact(s), Modelled::Exact(t)) => match check_dependence(s, t, depth)
                    {
                        Dependence::None => None,
                        Dependence::Exists { distances, .. } => Some(DependenceEdge {
                            kind,
                            depth,
                            distances: if depth > common {
                                Vec::new()
                            } else {
                                distances
                            },
                            proven: true,
                        }),
                        Dependence::Unknown(_) => Some(DependenceEdge {
                            kind,
                            depth,
                            distances: Vec::new(),
                            proven: false,
                        }),
                    },
                    _ => (depth <= common || i < j).then_some(DependenceEdge {
                        kind,
                        depth,
                        distances: Vec::new(),
                        proven: false,
                    }),
                };
                if let Some(e) = edge {
                    graph.add_edge(nodes[i], nodes[j], e);
                }
            }
        }
    }
    graph
}

/// The graph in Graphviz DOT: nodes named by op and source line, edges
/// labelled `KIND d=DEPTH [min, max]...` (dashed when not proven).
///
/// ```
/// let m = tessera_ir::parse_module("s.mlir", "func.func @f(%A: memref<10xf32>) {\n  affine.for %i = 1 to 10 {\n    %v = affine.load %A[%i - 1] : memref<10xf32>\n    affine.store %v, %A[%i] : memref<10xf32>\n  }\n  return\n}\n").unwrap();
/// let dot = tessera_transforms::dependence::dependence_graph_dot(&m);
/// assert!(dot.contains("RAW d=1 [1, 1]"));
/// ```
pub fn dependence_graph_dot(module: &Module) -> String {
    // Bounded here, not only by the tools: a library caller must get an
    // answer ("may depend" where the work runs out), never a hang.
    crate::passes::with_work_limit(|| dependence_graph_dot_unbounded(module))
}

/// [`dependence_graph_dot`] under whatever work limit the caller set.
fn dependence_graph_dot_unbounded(module: &Module) -> String {
    let graph = dependence_graph(module);
    let mut out = String::from("digraph dependences {\n  node [shape=box];\n");
    for idx in graph.node_indices() {
        let n = &graph[idx];
        let op = &module.ops[n.op];
        let _ = writeln!(
            out,
            "  n{} [label=\"{}: {} ({}:{})\"];",
            idx.index(),
            n.model.position(),
            op.name,
            op.loc.line,
            op.loc.col
        );
    }
    for e in graph.edge_indices() {
        let (a, b) = graph.edge_endpoints(e).expect("edge exists");
        let d = &graph[e];
        let ranges: String = d
            .distances
            .iter()
            .map(|r| {
                let lo = r.min.map_or("-inf".to_string(), |v| v.to_string());
                let hi = r.max.map_or("+inf".to_string(), |v| v.to_string());
                format!(" [{lo}, {hi}]")
            })
            .collect();
        let style = if d.proven { "" } else { ", style=dashed" };
        let _ = writeln!(
            out,
            "  n{} -> n{} [label=\"{} d={}{ranges}\"{style}];",
            a.index(),
            b.index(),
            d.kind.name(),
            d.depth
        );
    }
    out.push_str("}\n");
    out
}

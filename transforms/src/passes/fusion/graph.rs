//! The dependence graph between the ops of one block: one node per op
//! (loop nests and every other op but the terminator), with what it reads
//! and writes; an edge from an earlier op to a later one for each memref
//! they both touch with at least one write (read-after-write,
//! write-after-read or write-after-write, by the earlier op's access),
//! for each SSA value the later one uses, and between two ops with unknown
//! effects. It is MLIR's `MemRefDependenceGraph` at memref granularity:
//! fusion candidates come from it, and it says where a fused nest may go.

use std::collections::{BTreeSet, HashMap};

use petgraph::algo::has_path_connecting;
use petgraph::graph::{DiGraph, NodeIndex};
use tessera_ir::{BlockId, Module, OpId, Value};

use super::model::{is_ancestor, memref_root, Footprint, FunctionModel};

/// What an edge stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EdgeKind {
    /// The later op reads what the earlier one writes.
    ReadAfterWrite,
    /// The later op writes what the earlier one reads.
    WriteAfterRead,
    /// Both write.
    WriteAfterWrite,
    /// The later op uses a value the earlier one defines.
    Value,
    /// Both have effects nobody knows.
    Effect,
}

/// One edge: its kind and the memref (for memref edges).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    /// What it stands for.
    pub kind: EdgeKind,
    /// The memref, for memref edges.
    pub memref: Option<Value>,
}

/// One node: an op of the block and its footprint.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The op.
    pub op: OpId,
    /// What it touches.
    pub footprint: Footprint,
    /// Whether it is an `affine.for` without results.
    pub is_nest: bool,
    /// Line and column of the op.
    pub op_loc: (u32, u32),
}

/// The graph of one block.
pub(crate) struct BlockGraph {
    /// Nodes and edges.
    pub graph: DiGraph<Node, Edge>,
    /// Nodes in program order.
    pub order: Vec<NodeIndex>,
    index: HashMap<OpId, NodeIndex>,
}

/// The later nodes each node may have an edge to: those touching one of
/// its memrefs (a writer of a memref it reads, any accessor of one it
/// writes), every node with a footprint when it may touch unknown memory
/// and those that may, the nodes with unknown effects when it has some,
/// and the users of its results — the pairs the edge rules can join, so
/// the graph of a long block of straight-line code is not built pair by
/// pair (a fully unrolled kernel's 5000 ops took 23 s).
struct Partners {
    writers: HashMap<Value, Vec<usize>>,
    accessors: HashMap<Value, Vec<usize>>,
    with_footprint: Vec<usize>,
    unknown_memory: Vec<usize>,
    unknown_effects: Vec<usize>,
    users: HashMap<Value, Vec<usize>>,
}

impl Partners {
    fn new(footprints: &[&Footprint], uses: &[BTreeSet<Value>]) -> Partners {
        let mut p = Partners {
            writers: HashMap::new(),
            accessors: HashMap::new(),
            with_footprint: Vec::new(),
            unknown_memory: Vec::new(),
            unknown_effects: Vec::new(),
            users: HashMap::new(),
        };
        for (j, f) in footprints.iter().enumerate() {
            for &m in &f.writes {
                p.writers.entry(m).or_default().push(j);
            }
            for &m in f.reads.union(&f.writes) {
                p.accessors.entry(m).or_default().push(j);
            }
            if !f.reads.is_empty() || !f.writes.is_empty() {
                p.with_footprint.push(j);
            }
            if f.touches_unknown_memory {
                p.unknown_memory.push(j);
            }
            if f.unknown_effects {
                p.unknown_effects.push(j);
            }
            for &v in &uses[j] {
                p.users.entry(v).or_default().push(j);
            }
        }
        p
    }

    /// The nodes using one of `results`, in order.
    fn users_of(&self, results: &BTreeSet<Value>) -> Vec<usize> {
        let mut users: Vec<usize> = results
            .iter()
            .filter_map(|v| self.users.get(v))
            .flatten()
            .copied()
            .collect();
        users.sort_unstable();
        users.dedup();
        users
    }

    /// The partners of node `i` after it, in order.
    fn of(&self, i: usize, footprints: &[&Footprint], results: &BTreeSet<Value>) -> Vec<usize> {
        let f = footprints[i];
        let mut lists: Vec<&[usize]> = Vec::new();
        for m in &f.reads {
            lists.extend(self.writers.get(m).map(Vec::as_slice));
        }
        for m in &f.writes {
            lists.extend(self.accessors.get(m).map(Vec::as_slice));
        }
        if f.touches_unknown_memory {
            lists.push(&self.with_footprint);
        }
        lists.push(&self.unknown_memory);
        if f.unknown_effects {
            lists.push(&self.unknown_effects);
        }
        for v in results {
            lists.extend(self.users.get(v).map(Vec::as_slice));
        }
        let mut partners: Vec<usize> = lists
            .into_iter()
            .flat_map(|list| {
                let after = list.partition_point(|&j| j <= i);
                list[after..].iter().copied()
            })
            .collect();
        partners.sort_unstable();
        partners.dedup();
        partners
    }
}

impl BlockGraph {
    /// Builds the graph of `block`.
    pub fn build(module: &Module, model: &FunctionModel, block: BlockId) -> BlockGraph {
        let mut graph = DiGraph::new();
        let mut order = Vec::new();
        let mut index = HashMap::new();
        let ops = &module.blocks[block].ops;
        let n = match ops.last() {
            Some(&t)
                if module.ops[t].regions.is_empty()
                    && module.ops[t].results.is_empty()
                    && is_terminator(&module.ops[t].name) =>
            {
                ops.len() - 1
            }
            _ => ops.len(),
        };
        for &op in &ops[..n] {
            let d = &module.ops[op];
            let node = graph.add_node(Node {
                op,
                footprint: Footprint::of(module, model, op),
                is_nest: d.name == "affine.for" && d.results.is_empty(),
                op_loc: (d.loc.line, d.loc.col),
            });
            order.push(node);
            index.insert(op, node);
        }
        // Values each node uses from outside itself.
        let uses: Vec<BTreeSet<Value>> = order
            .iter()
            .map(|&n| {
                let mut inner = Vec::new();
                module.walk_from(graph[n].op, &mut inner);
                inner
                    .iter()
                    .flat_map(|&o| module.ops[o].operands.iter().copied())
                    .collect()
            })
            .collect();
        let footprints: Vec<&Footprint> = order.iter().map(|&n| &graph[n].footprint).collect();
        let partners = Partners::new(&footprints, &uses);
        let mut edges_found = Vec::new();
        for (i, &a) in order.iter().enumerate() {
            let results: BTreeSet<Value> =
                module.ops[graph[a].op].results.iter().copied().collect();
            let value_users = partners.users_of(&results);
            for j in partners.of(i, &footprints, &results) {
                let b = order[j];
                let (fa, fb) = (&graph[a].footprint, &graph[b].footprint);
                let mut edges = Vec::new();
                for m in fa.conflicts(module, fb) {
                    let kind = if fa.writes.contains(&m) && fb.reads.contains(&m) {
                        EdgeKind::ReadAfterWrite
                    } else if fa.writes.contains(&m) || fa.touches_unknown_memory {
                        EdgeKind::WriteAfterWrite
                    } else {
                        EdgeKind::WriteAfterRead
                    };
                    edges.push(Edge {
                        kind,
                        memref: Some(m),
                    });
                }
                if fa.unknown_effects && fb.unknown_effects {
                    edges.push(Edge {
                        kind: EdgeKind::Effect,
                        memref: None,
                    });
                }
                if value_users.binary_search(&j).is_ok() {
                    edges.push(Edge {
                        kind: EdgeKind::Value,
                        memref: None,
                    });
                }
                edges_found.extend(edges.into_iter().map(|e| (a, b, e)));
            }
        }
        for (a, b, e) in edges_found {
            graph.add_edge(a, b, e);
        }
        BlockGraph {
            graph,
            order,
            index,
        }
    }

    /// The node of `op`.
    pub fn node(&self, op: OpId) -> Option<NodeIndex> {
        self.index.get(&op).copied()
    }

    /// The position of `op` in the block.
    pub fn position(&self, op: OpId) -> Option<usize> {
        let n = self.node(op)?;
        self.order.iter().position(|&x| x == n)
    }

    /// Whether some path of edges leads from `a` to `b`.
    pub fn has_path(&self, a: OpId, b: OpId) -> bool {
        match (self.node(a), self.node(b)) {
            (Some(x), Some(y)) => has_path_connecting(&self.graph, x, y, None),
            _ => true,
        }
    }

    /// Whether an edge leads from `a` to `b`.
    fn has_edge(&self, a: NodeIndex, b: NodeIndex) -> bool {
        self.graph.find_edge(a, b).is_some()
    }

    /// Where a nest fusing `first` and `second` (in this order in the
    /// block) may go: the op it is placed before. `first` may move down
    /// past ops that do not depend on it, `second` up past ops it does not
    /// depend on; when no place keeps every dependence, the op in the way
    /// and how it is tied to both.
    pub fn insertion_point(&self, first: OpId, second: OpId) -> Result<OpId, (OpId, String)> {
        let (Some(i), Some(j)) = (self.position(first), self.position(second)) else {
            return Err((second, "the nests are not in this block".to_string()));
        };
        let (a, b) = (self.order[i], self.order[j]);
        let between = &self.order[i + 1..j];
        let first_dep = between.iter().position(|&x| self.has_edge(a, x));
        let last_dep = between.iter().rposition(|&x| self.has_edge(x, b));
        match (first_dep, last_dep) {
            (Some(f), Some(l)) if f <= l => {
                let (x, y) = (between[f], between[l]);
                Err((
                    self.graph[x].op,
                    format!(
                        "it {} the first nest, and the second nest {} the op at {}:{}",
                        self.describe(a, x),
                        self.describe(y, b),
                        self.graph[y].op_loc.0,
                        self.graph[y].op_loc.1
                    ),
                ))
            }
            (Some(f), _) => Ok(self.graph[between[f]].op),
            (None, _) => Ok(second),
        }
    }

    /// How the later node `b` depends on the earlier `a`, in words.
    fn describe(&self, a: NodeIndex, b: NodeIndex) -> &'static str {
        match self
            .graph
            .edges_connecting(a, b)
            .next()
            .map(|e| e.weight().kind)
        {
            Some(EdgeKind::ReadAfterWrite) => "reads a memref written by",
            Some(EdgeKind::WriteAfterRead) => "writes a memref read by",
            Some(EdgeKind::WriteAfterWrite) => "writes a memref written by",
            Some(EdgeKind::Value) => "uses a value defined by",
            Some(EdgeKind::Effect) | None => "has effects ordered after",
        }
    }

    /// How many nodes `src` has a memref edge to on `memref` (its users,
    /// for MLIR's single-user producer round).
    pub fn out_edge_count(&self, src: OpId, memref: Value) -> usize {
        let Some(n) = self.node(src) else { return 0 };
        let mut targets: Vec<NodeIndex> = self
            .graph
            .edges(n)
            .filter(|e| e.weight().memref == Some(memref))
            .map(|e| petgraph::visit::EdgeRef::target(&e))
            .collect();
        targets.sort();
        targets.dedup();
        targets.len()
    }

    /// The loop nests with a read-after-write edge into `dst` (producers
    /// of something it reads), nearest first.
    pub fn producers(&self, dst: OpId) -> Vec<OpId> {
        let Some(d) = self.node(dst) else {
            return Vec::new();
        };
        let mut out: Vec<OpId> = self
            .order
            .iter()
            .rev()
            .filter(|&&n| self.graph[n].is_nest && n != d)
            .filter(|&&n| {
                self.graph
                    .edges_connecting(n, d)
                    .any(|e| e.weight().kind == EdgeKind::ReadAfterWrite)
            })
            .map(|&n| self.graph[n].op)
            .collect();
        out.dedup();
        out
    }

    /// The loop nests in program order.
    pub fn nests(&self) -> Vec<OpId> {
        self.order
            .iter()
            .filter(|&&n| self.graph[n].is_nest)
            .map(|&n| self.graph[n].op)
            .collect()
    }

    /// The footprint of `op`.
    pub fn footprint(&self, op: OpId) -> Option<&Footprint> {
        self.node(op).map(|n| &self.graph[n].footprint)
    }
}

fn is_terminator(name: &str) -> bool {
    matches!(name, "func.return" | "affine.yield" | "scf.yield")
}

/// Whether everything `memref` holds is dead outside the ops `keep` (of
/// function `func`): it is allocated in the function and every other use
/// is a deallocation.
pub(crate) fn dead_outside(module: &Module, func: OpId, memref: Value, keep: &[OpId]) -> bool {
    let Some(def) = module.defining_op(memref) else {
        return false;
    };
    if !matches!(
        module.ops[def].name.as_str(),
        "memref.alloc" | "memref.alloca"
    ) {
        return false;
    }
    let mut ops = Vec::new();
    module.walk_from(func, &mut ops);
    ops.iter().all(|&o| {
        let d = &module.ops[o];
        let touches = d.operands.iter().any(|&v| {
            v != memref && module.value_type(v).is_memref() && memref_root(module, v) == memref
        }) || d.operands.contains(&memref);
        !touches
            || d.name == "memref.dealloc" && d.operands.first() == Some(&memref)
            || keep.iter().any(|&k| is_ancestor(module, k, o))
    })
}

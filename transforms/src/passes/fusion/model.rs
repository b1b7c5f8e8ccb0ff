//! What fusion knows about a function: every affine access with its model
//! and memref, and for each loop nest the memrefs it reads and writes and
//! whether everything it does is visible to the model.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

use tessera_ir::{Module, OpId, Value};

use crate::dependence::{carried_dependence, collect_accesses, AccessDesc, Accesses, Modelled};

/// Ops that create a view of their first operand: an access through one
/// touches the memory of the viewed memref.
/// The memref whose memory `v` denotes, looking through view ops.
pub(crate) fn memref_root(module: &Module, v: Value) -> Value {
    module.memref_root(v)
}

/// Whether `memref` is allocated in the function (`memref.alloc`,
/// `memref.alloca`), so no call can reach it unless it is passed.
pub(crate) fn is_allocated(module: &Module, memref: Value) -> bool {
    module.defining_op(memref).is_some_and(|d| {
        matches!(
            module.ops[d].name.as_str(),
            "memref.alloc" | "memref.alloca"
        )
    })
}

/// `v` looking through `memref.cast` only, as the dependence model does.
fn cast_root(module: &Module, mut v: Value) -> Value {
    while let Some(def) = module.defining_op(v) {
        let d = &module.ops[def];
        match d.operands.first() {
            Some(&src) if d.name == "memref.cast" => v = src,
            _ => break,
        }
    }
    module.global_root(v)
}

/// The affine accesses of one function.
pub(crate) struct FunctionModel {
    /// Access ops and their models, in program order.
    pub accesses: Accesses,
    /// Per access: the memref it touches (through views).
    pub memrefs: Vec<Option<Value>>,
    /// Per access: whether its model is exact — a scalar affine access
    /// whose memref the dependence model identifies correctly.
    pub exact: Vec<bool>,
    /// Memoized answers of [`FunctionModel::carries_dependence`], by loop.
    carried: RefCell<HashMap<u32, bool>>,
    /// The indices of each access op's accesses.
    by_op: HashMap<OpId, Vec<usize>>,
}

impl FunctionModel {
    /// Models every access of `func`.
    pub fn new(module: &Module, func: OpId) -> FunctionModel {
        let accesses = collect_accesses(module, func);
        let mut memrefs = Vec::new();
        let mut exact = Vec::new();
        for (&op, model) in accesses.ops.iter().zip(&accesses.models) {
            let data = &module.ops[op];
            let operand = data.operands.get(usize::from(model.is_write())).copied();
            let root = operand.map(|v| memref_root(module, v));
            memrefs.push(root);
            exact.push(
                matches!(model, Modelled::Exact(_))
                    && matches!(data.name.as_str(), "affine.load" | "affine.store")
                    && operand.is_some_and(|v| Some(cast_root(module, v)) == root),
            );
        }
        let mut by_op: HashMap<OpId, Vec<usize>> = HashMap::new();
        for (i, &op) in accesses.ops.iter().enumerate() {
            by_op.entry(op).or_default().push(i);
        }
        FunctionModel {
            accesses,
            memrefs,
            exact,
            carried: RefCell::new(HashMap::new()),
            by_op,
        }
    }

    /// Whether the loop `id` carries a dependence between `nest`, the
    /// exact accesses of the nest holding it. The answer depends only on
    /// the loop (its nest's accesses are fixed with the model), so it is
    /// computed once per loop: slices of one nest at every depth and for
    /// every partner ask the same questions.
    pub fn carries_dependence(&self, id: u32, nest: &[AccessDesc]) -> bool {
        if let Some(&known) = self.carried.borrow().get(&id) {
            return known;
        }
        let answer = carried_dependence(nest, id).is_some();
        self.carried.borrow_mut().insert(id, answer);
        answer
    }

    /// The description of access `i`, when it is exact.
    pub fn desc(&self, i: usize) -> Option<&AccessDesc> {
        match (&self.accesses.models[i], self.exact[i]) {
            (Modelled::Exact(d), true) => Some(d),
            _ => None,
        }
    }

    /// The access op `i`.
    pub fn op(&self, i: usize) -> OpId {
        self.accesses.ops[i]
    }

    /// Whether access `i` writes.
    pub fn is_write(&self, i: usize) -> bool {
        self.accesses.models[i].is_write()
    }

    /// The number of global symbols.
    pub fn num_symbols(&self) -> u32 {
        self.accesses.symbols.len() as u32
    }

    /// Indices of the accesses nested in `op`, in program order (the ops
    /// under `op`, looked up: not every access asked whether `op` holds
    /// it, which was quadratic on long blocks).
    pub fn accesses_in(&self, module: &Module, op: OpId) -> Vec<usize> {
        let mut nested = Vec::new();
        module.walk_from(op, &mut nested);
        let mut found: Vec<usize> = nested
            .iter()
            .filter_map(|o| self.by_op.get(o))
            .flatten()
            .copied()
            .collect();
        found.sort_unstable();
        found
    }
}

/// Whether `ancestor` is `op` or encloses it.
pub(crate) fn is_ancestor(module: &Module, ancestor: OpId, op: OpId) -> bool {
    let mut current = Some(op);
    while let Some(o) = current {
        if o == ancestor {
            return true;
        }
        current = module.parent_op(o);
    }
    false
}

/// How an op inside a nest affects memory.
enum Effect {
    /// No memory effect, clonable.
    Pure,
    /// A modelled affine access (its model says what it touches).
    Affine,
    /// Structure the model understands (affine loops and conditionals).
    Structure,
    /// Reads and/or writes these memrefs in a way the model cannot see.
    Opaque {
        reads: Vec<Value>,
        writes: Vec<Value>,
    },
    /// Anything else: a call, a print, an unknown op.
    Unknown,
}

fn effect(module: &Module, op: OpId) -> Effect {
    let d = &module.ops[op];
    let name = d.name.as_str();
    let root = |i: usize| d.operands.get(i).map(|&v| memref_root(module, v));
    match name {
        "affine.load" | "affine.store" | "affine.vector_load" | "affine.vector_store" => {
            Effect::Affine
        }
        "affine.for" | "affine.if" | "affine.yield" => Effect::Structure,
        "affine.apply" | "affine.min" | "affine.max" | "memref.dim" | "memref.alloc"
        | "memref.alloca" | "memref.get_global" => Effect::Pure,
        _ if tessera_ir::ir::VIEW_OPS.contains(&name) => Effect::Pure,
        "memref.load" => Effect::Opaque {
            reads: root(0).into_iter().collect(),
            writes: vec![],
        },
        "memref.store" => Effect::Opaque {
            reads: vec![],
            writes: root(1).into_iter().collect(),
        },
        "memref.copy" => Effect::Opaque {
            reads: root(0).into_iter().collect(),
            writes: root(1).into_iter().collect(),
        },
        "memref.dealloc" => Effect::Opaque {
            reads: vec![],
            writes: root(0).into_iter().collect(),
        },
        "scf.if" | "scf.for" | "scf.yield" | "scf.while" | "scf.condition" => Effect::Opaque {
            reads: vec![],
            writes: vec![],
        },
        _ if name.starts_with("arith.")
            || name.starts_with("math.")
            || name.starts_with("index.") =>
        {
            Effect::Pure
        }
        _ => Effect::Unknown,
    }
}

/// What one op (a nest or any other op of a block) does to memory.
#[derive(Clone, Debug, Default)]
pub(crate) struct Footprint {
    /// Memrefs read.
    pub reads: BTreeSet<Value>,
    /// Memrefs written (or freed).
    pub writes: BTreeSet<Value>,
    /// Memrefs touched by an op the model cannot see exactly.
    pub opaque: BTreeSet<Value>,
    /// Whether some op has effects nobody knows (calls, prints, unknown
    /// ops): such ops keep their order with each other, and a nest holding
    /// one is never duplicated.
    pub unknown_effects: bool,
    /// Whether some op may touch memory it is not given (a call, an unknown
    /// op: anything but a print): it conflicts with every memref that is
    /// not allocated in the function.
    pub touches_unknown_memory: bool,
    /// Whether every op can be cloned into another nest and re-executed:
    /// affine structure and accesses, and side-effect-free arithmetic.
    pub clonable: bool,
}

impl Footprint {
    /// The footprint of `op` and everything nested in it, given the
    /// function's access models.
    pub fn of(module: &Module, model: &FunctionModel, op: OpId) -> Footprint {
        let mut fp = Footprint {
            clonable: true,
            ..Footprint::default()
        };
        let mut ops = Vec::new();
        module.walk_from(op, &mut ops);
        for o in ops {
            match effect(module, o) {
                Effect::Pure | Effect::Structure | Effect::Affine => {}
                Effect::Opaque { reads, writes } => {
                    fp.clonable = false;
                    for &v in &reads {
                        fp.reads.insert(v);
                        fp.opaque.insert(v);
                    }
                    for &v in &writes {
                        fp.writes.insert(v);
                        fp.opaque.insert(v);
                    }
                }
                Effect::Unknown => {
                    fp.clonable = false;
                    fp.unknown_effects = true;
                    fp.touches_unknown_memory |= module.ops[o].name != "vector.print";
                    for &v in &module.ops[o].operands {
                        if module.value_type(v).is_memref() {
                            let r = memref_root(module, v);
                            fp.reads.insert(r);
                            fp.writes.insert(r);
                            fp.opaque.insert(r);
                        }
                    }
                }
            }
        }
        for i in model.accesses_in(module, op) {
            let Some(m) = model.memrefs[i] else {
                fp.clonable = false;
                fp.unknown_effects = true;
                continue;
            };
            if model.is_write(i) {
                fp.writes.insert(m);
            } else {
                fp.reads.insert(m);
            }
            if !model.exact[i] {
                fp.opaque.insert(m);
                fp.clonable = false;
            }
        }
        fp
    }

    /// Memrefs both footprints touch with at least one write (an op that
    /// may touch unknown memory conflicts with every memref of the other
    /// that is not allocated in the function).
    pub fn conflicts(&self, module: &Module, other: &Footprint) -> BTreeSet<Value> {
        let mut out = BTreeSet::new();
        for (a, b) in [(self, other), (other, self)] {
            if a.touches_unknown_memory {
                out.extend(
                    b.reads
                        .iter()
                        .chain(&b.writes)
                        .copied()
                        .filter(|&m| !is_allocated(module, m)),
                );
            }
        }
        for m in &self.writes {
            if other.reads.contains(m) || other.writes.contains(m) {
                out.insert(*m);
            }
        }
        for m in &self.reads {
            if other.writes.contains(m) {
                out.insert(*m);
            }
        }
        out
    }
}

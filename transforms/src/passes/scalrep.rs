//! `--affine-scalrep`: MLIR 19's `affineScalarReplace` — store-to-load
//! forwarding, dead store elimination, erasure of local memrefs left with
//! only stores, then redundant load elimination — with every dependence
//! question answered by tessera's exact analysis.
//!
//! The phases and their conditions are MLIR's:
//!
//! 1. A load takes the value of a store to the same memref value with an
//!    equal access function (over the same loops and symbols) when the
//!    store dominates the load, reaches it in the same iteration of their
//!    common loops (a dependence at depth `common + 1`; taken for granted
//!    in one block, as MLIR does), and no op between them may write the
//!    element ([`Scalrep::intervening`]).
//! 2. A store is erased when a later store in the same block writes the
//!    same element and no op between them may read it.
//! 3. A memref allocated in the function whose forwarded loads were its
//!    last readers (only stores and a dealloc left) is erased with them.
//! 4. A load takes the value of an earlier load of the same element that
//!    dominates it with no write in between (the candidate dominating all
//!    others).
//!
//! An op between two accesses "may write" (or read) the element when it
//! is an affine access of the same memref with a dependence to the second
//! access within their common loops, an access of another memref that may
//! alias (MLIR's local alias analysis: distinct allocations, or an
//! allocation and anything else, do not alias), or an op whose effects are
//! unknown (a call, `vector.print`). MLIR decides the dependences with
//! Fourier–Motzkin, which sees rational points where no integer point is,
//! and gives an access in an `else` block its `then` condition, so it
//! forwards less than it could and, under `else`, wrongly; tessera's
//! answers are exact.

use std::collections::{HashMap, HashSet};

use tessera_affine::flatten::simplify_expr;
use tessera_affine::AffineExpr;
use tessera_ir::{Module, OpId, Value};

use super::PassRemark;
use crate::dependence::{check_dependence, collect_accesses, AccessDesc, Dependence, Modelled};

/// `affine.load` and `affine.vector_load`.
fn is_affine_read(name: &str) -> bool {
    matches!(name, "affine.load" | "affine.vector_load")
}

/// `affine.store` and `affine.vector_store`.
fn is_affine_write(name: &str) -> bool {
    matches!(name, "affine.store" | "affine.vector_store")
}

/// The memref an affine access or `memref` load/store/copy works on, for
/// the effect asked about (`None`: the op has no such effect).
pub(super) fn effect_memref(m: &Module, op: OpId, kind: Effect) -> Option<Value> {
    let d = &m.ops[op];
    let at = match (d.name.as_str(), kind) {
        ("affine.load" | "affine.vector_load" | "memref.load", Effect::Read) => 0,
        ("affine.store" | "affine.vector_store" | "memref.store", Effect::Write) => 1,
        ("memref.copy", Effect::Read) => 0,
        ("memref.copy", Effect::Write) => 1,
        _ => return None,
    };
    d.operands.get(at).copied()
}

/// Ops with no effect of either kind on memory that a load or store sees.
pub(super) fn has_no_effect(name: &str, kind: Effect) -> bool {
    let pure = (name.starts_with("arith.") || name.starts_with("math."))
        || matches!(
            name,
            "affine.apply"
                | "affine.min"
                | "affine.max"
                | "affine.yield"
                | "memref.dim"
                | "memref.cast"
                | "memref.alloc"
                | "memref.alloca"
                | "memref.get_global"
                | "memref.dealloc"
                | "scf.yield"
                | "scf.condition"
                | "scf.reduce"
                | "scf.reduce.return"
                | "func.return"
        );
    pure || match kind {
        Effect::Write => matches!(name, "affine.load" | "affine.vector_load" | "memref.load"),
        Effect::Read => matches!(
            name,
            "affine.store" | "affine.vector_store" | "memref.store"
        ),
    }
}

/// Region-holding ops whose effects are those of their bodies.
pub(super) fn is_recursive(name: &str) -> bool {
    matches!(
        name,
        "affine.for" | "affine.if" | "affine.parallel" | "scf.for" | "scf.if" | "scf.parallel"
    )
}

/// The memory effect an intervening op is checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Effect {
    Read,
    Write,
}

/// The memref whose memory `v` denotes (through view ops).
pub(super) fn underlying(m: &Module, v: Value) -> Value {
    m.memref_root(v)
}

/// Is `v` the result of a local allocation?
fn is_allocation(m: &Module, v: Value) -> bool {
    m.defining_op(v)
        .is_some_and(|op| matches!(m.ops[op].name.as_str(), "memref.alloc" | "memref.alloca"))
}

/// MLIR's local alias analysis: equal underlying values alias; a local
/// allocation aliases nothing else; anything else may alias.
fn may_alias(m: &Module, a: Value, b: Value) -> bool {
    let (a, b) = (underlying(m, a), underlying(m, b));
    a == b || !(is_allocation(m, a) || is_allocation(m, b))
}

/// The pass's view of the module: the access models of its affine ops.
struct Scalrep<'a> {
    m: &'a Module,
    models: HashMap<OpId, Option<AccessDesc>>,
}

impl<'a> Scalrep<'a> {
    fn new(m: &'a Module) -> Self {
        let accesses = collect_accesses(m, m.top);
        let models = accesses
            .ops
            .into_iter()
            .zip(accesses.models)
            .map(|(op, model)| {
                let exact = match model {
                    Modelled::Exact(a) => Some(a),
                    Modelled::Unknown { .. } => None,
                };
                (op, exact)
            })
            .collect();
        Scalrep { m, models }
    }

    fn model(&self, op: OpId) -> Option<&AccessDesc> {
        self.models.get(&op).and_then(Option::as_ref)
    }

    fn memref(&self, op: OpId) -> Option<Value> {
        let d = &self.m.ops[op];
        let at = usize::from(is_affine_write(&d.name));
        d.operands.get(at).copied()
    }

    /// The enclosing function of `op`.
    fn function(&self, mut op: OpId) -> Option<OpId> {
        loop {
            op = self.m.parent_op(op)?;
            if self.m.ops[op].name == "func.func" {
                return Some(op);
            }
        }
    }

    /// Do the two accesses touch the same element of the same memref value
    /// at every iteration of their common loops (MLIR's `MemRefAccess`
    /// equality)?
    fn same_access(&self, a: OpId, b: OpId) -> bool {
        if self.memref(a) != self.memref(b) || self.function(a) != self.function(b) {
            return false;
        }
        let (Some(x), Some(y)) = (self.model(a), self.model(b)) else {
            return false;
        };
        let common = x.common_loops(y) as u32;
        let (xs, ys) = (x.subscripts.results(), y.subscripts.results());
        xs.len() == ys.len()
            && xs.iter().zip(ys).all(|(p, q)| {
                p.dim_count() <= common
                    && q.dim_count() <= common
                    && simplify_expr(&(p.clone() - q.clone()), common, x.num_symbols)
                        == AffineExpr::constant(0)
            })
    }

    /// Position of `op` in its block.
    fn index(&self, op: OpId) -> Option<usize> {
        let b = self.m.ops[op].parent?;
        self.m.blocks[b].ops.iter().position(|&o| o == op)
    }

    /// Does `a` properly dominate `b` (structured regions: `a`'s block
    /// holds `b` or an ancestor of `b` after `a`)?
    fn dominates(&self, a: OpId, b: OpId) -> bool {
        let Some(block) = self.m.ops[a].parent else {
            return false;
        };
        let mut x = b;
        loop {
            if self.m.ops[x].parent == Some(block) {
                return x != a && self.index(a) < self.index(x);
            }
            match self.m.parent_op(x) {
                Some(p) => x = p,
                None => return false,
            }
        }
    }

    /// The dependence from `src` to `dst` at `depth`, when both are
    /// modelled.
    fn dependence(&self, src: OpId, dst: OpId, depth: usize) -> Option<Dependence> {
        Some(check_dependence(self.model(src)?, self.model(dst)?, depth))
    }

    fn common_loops(&self, a: OpId, b: OpId) -> usize {
        match (self.model(a), self.model(b)) {
            (Some(x), Some(y)) => x.common_loops(y),
            _ => 0,
        }
    }

    /// MLIR's `mustReachAtInnermost`: `src` touches `dst`'s element in the
    /// same iteration of their common loops, before it.
    fn reaches(&self, src: OpId, dst: OpId) -> bool {
        let depth = self.common_loops(src, dst) + 1;
        matches!(
            self.dependence(src, dst, depth),
            Some(Dependence::Exists { .. })
        )
    }

    /// MLIR's `mayHaveEffect`: can the affine access `op` touch
    /// `mem_op`'s element within the loops `mem_op` shares with it, deeper
    /// than `min_loops`?
    fn affine_may_touch(&self, op: OpId, mem_op: OpId, min_loops: usize) -> bool {
        if self.memref(op) != self.memref(mem_op) || self.function(op) != self.function(mem_op) {
            return true;
        }
        let shared = self.common_loops(op, mem_op);
        (min_loops + 1..=shared + 1)
            .rev()
            .any(|depth| !matches!(self.dependence(op, mem_op, depth), Some(Dependence::None)))
    }

    /// May `op` (with everything nested in it) have `kind` of effect on
    /// `mem_op`'s element?
    fn touches(&self, op: OpId, mem_op: OpId, kind: Effect, min_loops: usize) -> bool {
        let d = &self.m.ops[op];
        let name = d.name.as_str();
        if has_no_effect(name, kind) {
            return false;
        }
        if is_recursive(name) {
            return d.regions.iter().any(|&r| {
                self.m.regions[r].blocks.iter().any(|&b| {
                    self.m.blocks[b]
                        .ops
                        .iter()
                        .any(|&o| self.touches(o, mem_op, kind, min_loops))
                })
            });
        }
        let (Some(target), Some(memref)) = (effect_memref(self.m, op, kind), self.memref(mem_op))
        else {
            return true; // effects tessera cannot see
        };
        if target != memref && !may_alias(self.m, target, memref) {
            return false;
        }
        if is_affine_read(name) || is_affine_write(name) {
            return self.affine_may_touch(op, mem_op, min_loops);
        }
        true
    }

    /// MLIR's `hasNoInterveningEffect`, negated: may an op on a path from
    /// `start` to `mem_op` have `kind` of effect on `mem_op`'s element?
    /// Ops in the blocks between them are checked one by one; a region
    /// entered on the way (a loop holding `mem_op`) is checked whole.
    fn intervening(&self, start: OpId, mem_op: OpId, kind: Effect) -> bool {
        let min_loops = self.common_loops(start, mem_op);
        self.path_touches(start, mem_op, mem_op, kind, min_loops)
    }

    fn path_touches(
        &self,
        from: OpId,
        until: OpId,
        mem_op: OpId,
        kind: Effect,
        min_loops: usize,
    ) -> bool {
        let (Some(fb), Some(ub)) = (self.m.ops[from].parent, self.m.ops[until].parent) else {
            return true;
        };
        if fb != ub {
            let Some(parent) = self.m.parent_op(until) else {
                return true;
            };
            return self.path_touches(from, parent, mem_op, kind, min_loops)
                || self.touches(parent, mem_op, kind, min_loops);
        }
        let ops = &self.m.blocks[fb].ops;
        let (Some(a), Some(b)) = (self.index(from), self.index(until)) else {
            return true;
        };
        ops.get(a + 1..b)
            .unwrap_or_default()
            .iter()
            .any(|&o| self.touches(o, mem_op, kind, min_loops))
    }

    /// The ops of the module that read or write affinely, in walk order.
    fn accesses(&self, pick: fn(&str) -> bool) -> Vec<OpId> {
        self.m
            .walk()
            .into_iter()
            .filter(|&o| pick(&self.m.ops[o].name))
            .collect()
    }

    /// The store whose value `load` can take (phase 1).
    fn forwarding_store(&self, load: OpId, stores: &[OpId]) -> Option<OpId> {
        let store = stores.iter().copied().find(|&s| {
            self.same_access(s, load)
                && self.dominates(s, load)
                && (self.m.ops[s].parent == self.m.ops[load].parent || self.reaches(s, load))
                && !self.intervening(s, load, Effect::Write)
        })?;
        let stored = *self.m.ops[store].operands.first()?;
        let loaded = *self.m.ops[load].results.first()?;
        (self.m.value_type(stored) == self.m.value_type(loaded)).then_some(store)
    }

    /// Is `store` overwritten before anything can read it (phase 2)?
    fn is_dead_store(&self, store: OpId, stores: &[OpId]) -> bool {
        stores.iter().any(|&later| {
            later != store
                && self.m.ops[later].parent == self.m.ops[store].parent
                && self.same_access(later, store)
                && self.index(store) < self.index(later)
                && !self.intervening(store, later, Effect::Read)
        })
    }

    /// The earlier load whose value `load` can take (phase 4).
    fn equal_load(&self, load: OpId, loads: &[OpId]) -> Option<OpId> {
        let ty = |o: OpId| self.m.ops[o].results.first().map(|&v| self.m.value_type(v));
        let candidates: Vec<OpId> = loads
            .iter()
            .copied()
            .filter(|&other| {
                other != load
                    && self.same_access(other, load)
                    && self.dominates(other, load)
                    && !self.intervening(other, load, Effect::Write)
                    && ty(other) == ty(load)
            })
            .collect();
        candidates
            .iter()
            .copied()
            .find(|&c| candidates.iter().all(|&o| o == c || self.dominates(c, o)))
    }
}

/// The live ops using `v` as an operand.
fn users(m: &Module, v: Value) -> Vec<OpId> {
    m.walk()
        .into_iter()
        .filter(|&o| m.ops[o].operands.contains(&v))
        .collect()
}

/// The most (load, access) pairs the pass compares in one module.
pub const MAX_ACCESS_PAIRS: u64 = 20_000_000;

/// Runs MLIR's affine scalar replacement over the module; returns one
/// remark saying how many loads and stores went, when any did.
pub fn affine_scalrep(module: &mut Module) -> Vec<PassRemark> {
    // Every phase compares each access with the others: past a budget of
    // pairs (a body unrolled in full) the module is left as it is, which
    // is always sound. mlir-opt 19 runs for minutes on such modules.
    let (reads, accesses) = module.walk().into_iter().fold((0u64, 0u64), |(r, a), o| {
        let name = module.ops[o].name.as_str();
        (
            r + u64::from(is_affine_read(name)),
            a + u64::from(is_affine_read(name) || is_affine_write(name)),
        )
    });
    if reads.saturating_mul(accesses) > MAX_ACCESS_PAIRS {
        return vec![PassRemark {
 mlir_remark: None,
            op: module.top,
            message: format!(
                "affine-scalrep: {accesses} affine accesses ({reads} loads) would take more than {MAX_ACCESS_PAIRS} comparisons; the module is left unchanged"
            ),
        }];
    }
    // 1. Store-to-load forwarding.
    let (forwarded, dead_memrefs) = {
        let s = Scalrep::new(module);
        let stores = s.accesses(is_affine_write);
        let mut found = Vec::new();
        let mut memrefs = Vec::new();
        for load in s.accesses(is_affine_read) {
            if let Some(store) = s.forwarding_store(load, &stores) {
                found.push((load, store));
                if let Some(v) = s.memref(load) {
                    if !memrefs.contains(&v) {
                        memrefs.push(v);
                    }
                }
            }
        }
        (found, memrefs)
    };
    for &(load, store) in &forwarded {
        let (Some(&from), Some(&to)) = (
            module.ops[load].results.first(),
            module.ops[store].operands.first(),
        ) else {
            continue;
        };
        module.replace_all_uses(from, to);
    }
    for &(load, _) in &forwarded {
        module.erase_op(load);
    }
    // 2. Stores overwritten before any read.
    let dead_stores: Vec<OpId> = {
        let s = Scalrep::new(module);
        let stores = s.accesses(is_affine_write);
        stores
            .iter()
            .copied()
            .filter(|&st| s.is_dead_store(st, &stores))
            .collect()
    };
    for &st in &dead_stores {
        module.erase_op(st);
    }
    // 3. Local memrefs left with only stores (and a dealloc).
    let mut erased_memrefs = 0;
    for v in dead_memrefs {
        let Some(alloc) = module.defining_op(v) else {
            continue;
        };
        if !matches!(
            module.ops[alloc].name.as_str(),
            "memref.alloc" | "memref.alloca"
        ) || module.ops[alloc].parent.is_none()
        {
            continue;
        }
        let uses = users(module, v);
        let only_writes = uses.iter().all(|&u| {
            let d = &module.ops[u];
            (is_affine_write(&d.name) && d.operands.get(1) == Some(&v))
                || (d.name == "memref.dealloc" && d.operands.first() == Some(&v))
        });
        if !only_writes {
            continue;
        }
        for u in uses {
            module.erase_op(u);
        }
        module.erase_op(alloc);
        erased_memrefs += 1;
    }
    // 4. Redundant loads.
    let equal_loads: Vec<(OpId, OpId)> = {
        let s = Scalrep::new(module);
        let loads = s.accesses(is_affine_read);
        loads
            .iter()
            .filter_map(|&l| s.equal_load(l, &loads).map(|e| (l, e)))
            .collect()
    };
    let mut replaced_by: HashMap<OpId, OpId> = HashMap::new();
    for &(load, earlier) in &equal_loads {
        // An earlier load already replaced stands for its replacement.
        let mut by = earlier;
        let mut seen = HashSet::new();
        while let Some(&next) = replaced_by.get(&by) {
            if !seen.insert(by) {
                break;
            }
            by = next;
        }
        let (Some(&from), Some(&to)) = (
            module.ops[load].results.first(),
            module.ops[by].results.first(),
        ) else {
            continue;
        };
        module.replace_all_uses(from, to);
        replaced_by.insert(load, by);
    }
    for &(load, _) in &equal_loads {
        module.erase_op(load);
    }
    let (loads, stores) = (forwarded.len() + equal_loads.len(), dead_stores.len());
    if loads + stores + erased_memrefs == 0 {
        return Vec::new();
    }
    vec![PassRemark {
 mlir_remark: None,
        op: module.top,
        message: format!(
            "affine-scalrep: {loads} loads replaced, {stores} dead stores and {erased_memrefs} memrefs erased"
        ),
    }]
}

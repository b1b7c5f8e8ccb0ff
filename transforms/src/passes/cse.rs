//! `--cse`: MLIR 19's common subexpression elimination.
//!
//! Regions are walked in dominance order with a scoped table of the ops
//! seen so far (a nested region sees its ancestors' ops; a function starts
//! afresh). An op equal to a known one — same name, operands, attributes
//! and result types, no regions — is replaced by it. Ops free of memory
//! effects always qualify; ops that only read (`affine.load`,
//! `memref.load`) only when the known op is in the same block with no op
//! that may write in between. An op whose results are unused and that has
//! no effect (recursively through its regions; allocation counts as none)
//! is erased when it is reached, as MLIR's driver does: erasures happen at
//! the end, so an op only made dead by a later erasure stays.

use std::collections::HashMap;

use tessera_ir::cfg::Dominance;

use tessera_ir::{BlockId, Module, OpId, Value};

use super::PassRemark;

/// Ops with no memory effect (and no regions).
fn is_pure(name: &str) -> bool {
    (name.starts_with("arith.") && name != "arith.constant")
        || name.starts_with("math.")
        || matches!(
            name,
            "arith.constant"
                | "affine.apply"
                | "affine.min"
                | "affine.max"
                | "memref.dim"
                | "memref.cast"
                | "memref.get_global"
                | "func.constant"
                | "vector.broadcast"
                | "vector.splat"
                | "vector.reduction"
                | "vector.create_mask"
                | "vector.constant_mask"
                | "vector.extract"
                | "vector.insert"
                | "vector.extractelement"
                | "vector.insertelement"
                | "vector.fma"
                | "tensor.empty"
                | "tensor.extract"
                | "tensor.insert"
                | "tensor.cast"
                | "tensor.dim"
                | "bufferization.to_tensor"
                | "bufferization.to_memref"
        )
        || tessera_ir::ir::VIEW_OPS.contains(&name)
}

/// Ops whose only effect is reading memory.
fn is_read_only(name: &str) -> bool {
    matches!(
        name,
        "affine.load"
            | "memref.load"
            | "affine.vector_load"
            | "vector.load"
            | "vector.transfer_read"
    )
}

/// Terminators with no effect.
fn is_effect_free_terminator(name: &str) -> bool {
    matches!(
        name,
        "affine.yield"
            | "scf.yield"
            | "scf.condition"
            | "scf.reduce"
            | "scf.reduce.return"
            | "memref.alloca_scope.return"
            | "tensor.yield"
    )
}

/// Can `op` go when its results are unused (MLIR's
/// `wouldOpBeTriviallyDead`): no effect but reads and the allocation of
/// its results, recursively through its regions.
pub(crate) fn removable(m: &Module, op: OpId, top: bool) -> bool {
    let name = m.ops[op].name.as_str();
    if is_pure(name) || is_effect_free_terminator(name) || is_read_only(name) {
        return true;
    }
    if top && matches!(name, "memref.alloc" | "memref.alloca") {
        return true;
    }
    // An alloca scope's allocations live and die with it.
    let in_scope = m
        .parent_op(op)
        .is_some_and(|p| m.ops[p].name == "memref.alloca_scope");
    if in_scope && name == "memref.alloca" {
        return true;
    }
    tessera_ir::effects::has_recursive_effects(name)
        && m.ops[op].regions.iter().all(|&r| {
            m.regions[r]
                .blocks
                .iter()
                .all(|&b| m.blocks[b].ops.iter().all(|&o| removable(m, o, false)))
        })
}

/// May `op` write memory (or have effects tessera cannot see)?
fn may_write(m: &Module, op: OpId) -> bool {
    !removable(m, op, true)
}

/// The identity of an op for the table: everything but its location.
fn key(m: &Module, op: OpId) -> String {
    let d = &m.ops[op];
    let types: Vec<String> = d
        .results
        .iter()
        .map(|&r| m.value_type(r).to_string())
        .collect();
    // Commutative ops are equal whatever their operands' order.
    let mut operands = d.operands.clone();
    if super::canonicalize::is_commutative(&d.name) {
        operands.sort();
    }
    format!(
        "{}|{:?}|{:?}|{:?}|{:?}",
        d.name, operands, d.props, d.attrs, types
    )
}

struct Cse<'a> {
    m: &'a mut Module,
    uses: HashMap<Value, usize>,
    /// The ops using each value (an op once per operand), so a replacement
    /// rewrites its users instead of walking the module (a fully unrolled
    /// nest: 46 s before).
    users: HashMap<Value, Vec<OpId>>,
    /// Per block: each op's position and, per position, how many ops
    /// before it may write.
    write_counts: HashMap<BlockId, (HashMap<OpId, usize>, Vec<usize>)>,
    erase: Vec<OpId>,
    replaced: usize,
}

impl Cse<'_> {
    fn unused(&self, op: OpId) -> bool {
        self.m.ops[op]
            .results
            .iter()
            .all(|r| self.uses.get(r).copied().unwrap_or(0) == 0)
    }

    /// Replaces `dup`'s results by `existing`'s everywhere (the counts move
    /// with them) and schedules `dup`'s erasure.
    fn replace(&mut self, dup: OpId, existing: OpId) {
        let pairs: Vec<(Value, Value)> = self.m.ops[dup]
            .results
            .iter()
            .copied()
            .zip(self.m.ops[existing].results.iter().copied())
            .collect();
        for (from, to) in pairs {
            let users = self.users.remove(&from).unwrap_or_default();
            for &user in &users {
                for operand in &mut self.m.ops[user].operands {
                    if *operand == from {
                        *operand = to;
                    }
                }
            }
            self.users.entry(to).or_default().extend(users);
            let n = self.uses.remove(&from).unwrap_or(0);
            *self.uses.entry(to).or_default() += n;
        }
        self.erase.push(dup);
        self.replaced += 1;
    }

    /// Is there an op that may write strictly between `from` and `to`
    /// (both in `block`)?
    fn writes_between(&mut self, block: BlockId, from: OpId, to: OpId) -> bool {
        let m = &*self.m;
        let (position, before) = self.write_counts.entry(block).or_insert_with(|| {
            let ops = &m.blocks[block].ops;
            let position = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
            let mut before = Vec::with_capacity(ops.len() + 1);
            before.push(0);
            for &o in ops {
                let n = before.last().copied().unwrap_or(0);
                before.push(n + usize::from(may_write(m, o)));
            }
            (position, before)
        });
        let (Some(&a), Some(&b)) = (position.get(&from), position.get(&to)) else {
            return true;
        };
        // The writes among ops[a + 1 .. b].
        b > a + 1 && before[b] > before[a + 1]
    }

    fn region_blocks(&mut self, op: OpId, scopes: &mut Vec<HashMap<String, OpId>>) {
        for r in self.m.ops[op].regions.clone() {
            let blocks = self.m.regions[r].blocks.clone();
            if blocks.len() > 1 {
                self.dominator_tree(&blocks, r, scopes);
                continue;
            }
            for b in blocks {
                scopes.push(HashMap::new());
                self.block(b, scopes);
                scopes.pop();
            }
        }
    }

    /// A region of several blocks, as MLIR's CSE walks it: down the
    /// dominator tree, each block seeing what the blocks dominating it
    /// computed; blocks no path reaches are left alone.
    fn dominator_tree(
        &mut self,
        blocks: &[BlockId],
        region: tessera_ir::RegionId,
        scopes: &mut Vec<HashMap<String, OpId>>,
    ) {
        let dom = Dominance::new(self.m, region);
        let mut tree: HashMap<BlockId, Vec<BlockId>> = HashMap::new();
        for &b in blocks {
            if let Some(&parent) = dom.immediate_dominator(b).as_ref() {
                tree.entry(parent).or_default().push(b);
            }
        }
        let children = |parent: BlockId| tree.get(&parent).cloned().unwrap_or_default();
        // Depth-first: (block, its children still to visit).
        let mut stack = vec![(blocks[0], None::<Vec<BlockId>>)];
        while let Some((b, pending)) = stack.last_mut() {
            let b = *b;
            let pending = match pending {
                Some(p) => p,
                None => {
                    scopes.push(HashMap::new());
                    self.block(b, scopes);
                    let mut c = children(b);
                    c.reverse();
                    pending.insert(c)
                }
            };
            match pending.pop() {
                Some(child) => stack.push((child, None)),
                None => {
                    scopes.pop();
                    stack.pop();
                }
            }
        }
    }

    fn block(&mut self, b: BlockId, scopes: &mut Vec<HashMap<String, OpId>>) {
        for op in self.m.blocks[b].ops.clone() {
            let name = self.m.ops[op].name.clone();
            // Nested regions first (a function starts a fresh table), then
            // the op itself.
            if !self.m.ops[op].regions.is_empty() {
                if name == "func.func" || name == "builtin.module" {
                    let mut fresh = vec![HashMap::new()];
                    self.region_blocks(op, &mut fresh);
                } else {
                    self.region_blocks(op, scopes);
                }
            }
            if is_effect_free_terminator(&name) || name == "func.return" {
                continue;
            }
            if self.unused(op) && removable(self.m, op, true) {
                self.erase.push(op);
                continue;
            }
            let pure = is_pure(&name);
            if !self.m.ops[op].regions.is_empty() || (!pure && !is_read_only(&name)) {
                continue;
            }
            let k = key(self.m, op);
            let existing = scopes.iter().rev().find_map(|s| s.get(&k).copied());
            if let Some(e) = existing {
                if pure || (self.m.ops[e].parent == Some(b) && !self.writes_between(b, e, op)) {
                    self.replace(op, e);
                    continue;
                }
            }
            if let Some(top) = scopes.last_mut() {
                top.insert(k, op);
            }
        }
    }
}

/// Runs MLIR's CSE over the module; returns one remark per function that
/// changed, with the number of ops removed.
pub fn cse(module: &mut Module) -> Vec<PassRemark> {
    let mut uses: HashMap<Value, usize> = HashMap::new();
    let mut users: HashMap<Value, Vec<OpId>> = HashMap::new();
    for op in module.walk() {
        for &v in &module.ops[op].operands {
            *uses.entry(v).or_default() += 1;
            users.entry(v).or_default().push(op);
        }
    }
    let mut c = Cse {
        m: module,
        uses,
        users,
        write_counts: HashMap::new(),
        erase: Vec::new(),
        replaced: 0,
    };
    let top = c.m.top;
    let mut scopes = vec![HashMap::new()];
    c.region_blocks(top, &mut scopes);
    let (erase, replaced) = (c.erase, c.replaced);
    let removed = erase.len();
    for op in erase {
        module.erase_op(op);
    }
    if removed == 0 {
        return Vec::new();
    }
    vec![PassRemark {
        mlir_remark: None,
        op: top,
        message: format!(
            "cse: {replaced} ops replaced by equal ones, {} dead ops erased",
            removed - replaced
        ),
    }]
}

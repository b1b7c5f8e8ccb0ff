//! One-element local buffers (`memref.alloca() : memref<1xf64>`) — the
//! form scalars take in affine code — and their uses, shared by the passes
//! that take the buffers apart ([`super::accumulate`], [`super::expand`]).

use tessera_ir::{BlockId, Module, OpId, Type, Value};

/// The buffer `op` allocates, when it is a local allocation of one
/// element whose uses are affine loads and stores of it and deallocs.
pub(super) fn scalar_buffer(m: &Module, op: OpId) -> Option<Value> {
    let d = &m.ops[op];
    if !matches!(d.name.as_str(), "memref.alloca" | "memref.alloc") || !d.operands.is_empty() {
        return None;
    }
    let w = *d.results.first()?;
    let Type::MemRef { shape, .. } = m.value_type(w) else {
        return None;
    };
    if shape.iter().any(|&n| n != 1) {
        return None;
    }
    let ok = users(m, w).iter().all(|&u| {
        let u = &m.ops[u];
        match u.name.as_str() {
            "affine.load" => u.operands[0] == w,
            "affine.store" => u.operands.get(1) == Some(&w) && u.operands[0] != w,
            "memref.dealloc" => true,
            _ => false,
        }
    });
    ok.then_some(w)
}

/// The live ops using `v` as an operand.
pub(super) fn users(m: &Module, v: Value) -> Vec<OpId> {
    m.walk()
        .into_iter()
        .filter(|&o| m.ops[o].operands.contains(&v))
        .collect()
}

/// The position in `block` of the op of `block` that is or holds `op`.
pub(super) fn ancestor_position(m: &Module, mut op: OpId, block: BlockId) -> Option<usize> {
    loop {
        let parent = m.ops[op].parent?;
        if parent == block {
            return m.blocks[block].ops.iter().position(|&o| o == op);
        }
        op = m.block_parent_op(parent)?;
    }
}

/// Erases the buffer `w` and its allocation `alloc` when nothing but
/// deallocations uses it any more.
pub(super) fn erase_if_unused(m: &mut Module, alloc: OpId, w: Value) {
    let left = users(m, w);
    if left.iter().all(|&u| m.ops[u].name == "memref.dealloc") {
        for u in left {
            m.erase_op(u);
        }
        m.erase_op(alloc);
    }
}

//! Folding reads of constant elements: an `affine.load` from a constant
//! `memref.global` (MLIR's `AffineLoadOp::fold`) and a `tensor.extract`
//! from an `arith.constant` tensor (`ExtractOp::fold`) — the only value of
//! elements that are all equal whatever the indices, another element at
//! constant indices in bounds.

use tessera_ir::{Attribute, Module, OpId, Type, Value};

use super::fold::{constant_attr, int_attr, one};
use super::{Fold, Folded};

/// Folds the `affine.load` `op` when it reads a constant global of the
/// top module (an index out of bounds is left to the executors, which
/// report it).
pub(in crate::passes) fn fold_load_of_constant_global(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let Some(&memref) = d.operands.first() else {
        return Fold::Failed;
    };
    let Some(get) = m
        .defining_op(memref)
        .filter(|&g| m.ops[g].name == "memref.get_global")
    else {
        return Fold::Failed;
    };
    // The symbol is looked up where MLIR looks it up: in the nearest
    // module, here only the top one.
    let mut scope = m.parent_op(get);
    while let Some(s) = scope.filter(|&s| m.ops[s].name != "builtin.module") {
        scope = m.parent_op(s);
    }
    let global = match m.ops[get].attr("name") {
        Some(Attribute::SymbolRef(path)) if scope == Some(m.top) && path.len() == 1 => {
            m.global(&path[0])
        }
        _ => None,
    };
    let Some(g) = global.filter(|&g| m.ops[g].attr("constant").is_some()) else {
        return Fold::Failed;
    };
    let indices = match m.ops[op].attr("map") {
        Some(Attribute::AffineMap(map)) if map.is_constant() => {
            map.results().iter().map(|e| e.as_constant()).collect()
        }
        _ => None,
    };
    fold_element(
        m.ops[g].attr("initial_value"),
        m.value_type(memref),
        indices,
    )
}

/// Folds the `tensor.extract` `op` of an `arith.constant` tensor.
pub(in crate::passes) fn fold_extract_of_constant(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let Some((&tensor, indices)) = d.operands.split_first() else {
        return Fold::Failed;
    };
    let Some(value) = constant_attr(m, tensor) else {
        return Fold::Failed;
    };
    let indices = indices.iter().map(|&i: &Value| m.constant_int(i)).collect();
    fold_element(Some(value), m.value_type(tensor), indices)
}

/// The element of the dense `value` (of shaped type `ty`) at `indices`:
/// any index when all elements are equal, else only constant indices in
/// bounds.
fn fold_element(value: Option<&Attribute>, ty: &Type, indices: Option<Vec<i64>>) -> Fold {
    let (Type::MemRef { shape, elem, .. } | Type::Tensor { shape, elem, .. }) = ty else {
        return Fold::Failed;
    };
    let element = |k: usize| match value {
        Some(Attribute::DenseInt { values, .. }) => int_attr(*values.get(k)? as u64, elem),
        Some(Attribute::DenseFloat { values, .. }) => {
            let v = *values.get(k)?;
            matches!(**elem, Type::F32 | Type::F64).then(|| Attribute::Float {
                value: v,
                ty: (**elem).clone(),
            })
        }
        _ => None,
    };
    let position = if splat(value) {
        Some(0)
    } else {
        indices.and_then(|i| row_major(&i, shape))
    };
    match position.and_then(element) {
        Some(a) => one(Folded::Constant(a)),
        None => Fold::Failed,
    }
}

/// Whether the elements are all one value (MLIR stores such a dense
/// attribute as a splat).
fn splat(value: Option<&Attribute>) -> bool {
    match value {
        Some(Attribute::DenseInt { values, .. }) => values.windows(2).all(|w| w[0] == w[1]),
        Some(Attribute::DenseFloat { values, .. }) => {
            values.windows(2).all(|w| w[0].to_bits() == w[1].to_bits())
        }
        _ => false,
    }
}

/// The row-major position of `indices` in `shape`, when in bounds.
fn row_major(indices: &[i64], shape: &[i64]) -> Option<usize> {
    if indices.len() != shape.len() {
        return None;
    }
    indices.iter().zip(shape).try_fold(0usize, |at, (&i, &n)| {
        (0..n).contains(&i).then_some(())?;
        at.checked_mul(usize::try_from(n).ok()?)?
            .checked_add(usize::try_from(i).ok()?)
    })
}

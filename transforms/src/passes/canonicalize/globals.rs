//! Folding a load from a constant `memref.global` (MLIR's
//! `AffineLoadOp::fold`): a splat global's value whatever the indices,
//! another's element at constant indices.

use tessera_ir::{Attribute, Module, OpId, Type};

use super::fold::{int_attr, one};
use super::{Fold, Folded};

/// Folds the `affine.load` `op` when it reads a constant global of the
/// top module: to the global's only value, or to the element at its
/// constant indices (an index out of bounds is left to the executors,
/// which report it).
pub(super) fn fold_load_of_constant_global(m: &Module, op: OpId) -> Fold {
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
    let Some(Type::MemRef { shape, elem, .. }) = d.results.first().map(|_| m.value_type(memref))
    else {
        return Fold::Failed;
    };
    let (count, element): (usize, Box<dyn Fn(usize) -> Option<Attribute>>) =
        match m.ops[g].attr("initial_value") {
            Some(Attribute::DenseInt { values, .. }) => {
                (values.len(), Box::new(|k| int_attr(values[k] as u64, elem)))
            }
            Some(Attribute::DenseFloat { values, .. }) => {
                (values.len(), Box::new(|k| float_element(values[k], elem)))
            }
            _ => return Fold::Failed,
        };
    let position = if splat(m, g) {
        Some(0)
    } else {
        constant_position(m, op, shape).filter(|&k| k < count)
    };
    match position.and_then(element) {
        Some(a) => one(Folded::Constant(a)),
        None => Fold::Failed,
    }
}

/// Whether the global's elements are all one value (MLIR stores such a
/// dense attribute as a splat).
fn splat(m: &Module, g: OpId) -> bool {
    match m.ops[g].attr("initial_value") {
        Some(Attribute::DenseInt { values, .. }) => values.windows(2).all(|w| w[0] == w[1]),
        Some(Attribute::DenseFloat { values, .. }) => {
            values.windows(2).all(|w| w[0].to_bits() == w[1].to_bits())
        }
        _ => false,
    }
}

/// The row-major position the load reads when its map is constant and
/// in bounds.
fn constant_position(m: &Module, op: OpId, shape: &[i64]) -> Option<usize> {
    let Some(Attribute::AffineMap(map)) = m.ops[op].attr("map") else {
        return None;
    };
    if !map.is_constant() || map.results().len() != shape.len() {
        return None;
    }
    map.results()
        .iter()
        .zip(shape)
        .try_fold(0usize, |at, (e, &n)| {
            let i = e.as_constant()?;
            (0..n).contains(&i).then_some(())?;
            at.checked_mul(usize::try_from(n).ok()?)?
                .checked_add(usize::try_from(i).ok()?)
        })
}

/// A float element as a constant of the element type (f32 and f64).
fn float_element(value: f64, ty: &Type) -> Option<Attribute> {
    matches!(ty, Type::F32 | Type::F64).then(|| Attribute::Float {
        value,
        ty: ty.clone(),
    })
}

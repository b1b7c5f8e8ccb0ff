//! MLIR 19's canonicalization patterns of `memref.subview`:
//!
//! - `OpWithOffsetSizesAndStridesConstantArgumentFolder`: offsets and
//!   sizes given by non-negative constants, and strides given by
//!   constants, become static; the subview gets the more static type
//!   MLIR infers ([`subview_type`]) and a `memref.cast` back to the old
//!   type replaces it (the users' folders then take the cast's source);
//! - `SubViewOpMemRefCastFolder`: a subview of a `memref.cast` that only
//!   makes its type less static takes the cast's source (and the type
//!   inferred from it), a cast back to the old type replacing it;
//! - `TrivialSubViewOpFolder`: a subview at offset zero with unit strides
//!   and the source's static sizes is its source (through a cast when the
//!   types differ).
//!
//! and of `memref.view`:
//!
//! - `ViewOpShapeFolder`: sizes given by non-negative index constants
//!   become static in the view's type, a `memref.cast` back to the old
//!   type replacing it;
//! - `ViewOpMemrefCastFolder`: a view of a `memref.cast` of a
//!   `memref.alloc` views the allocation itself.

use tessera_ir::types::DYNAMIC;
use tessera_ir::views::{dropped_dims, reassociation, subview_type, Mixed, Slices};
use tessera_ir::{Attribute, Module, OpId, Type, Value};

use super::fold::constant_attr;
use super::{Driver, ANON};

/// Applies the first pattern of the subview `op` that matches and may
/// run; whether one did.
pub(super) fn apply(d: &mut Driver, op: OpId) -> bool {
    (enabled!(
        d,
        "mlir::OpWithOffsetSizesAndStridesConstantArgumentFolder<mlir::memref::SubViewOp, SubViewReturnTypeCanonicalizer, SubViewCanonicalizer>"
    ) && constant_arguments(d, op))
        || (enabled!(d, "{ANON}SubViewOpMemRefCastFolder") && through_cast(d, op))
        || (enabled!(d, "{ANON}TrivialSubViewOpFolder") && trivial(d, op))
}

/// Applies the first pattern of the `memref.expand_shape` or
/// `collapse_shape` `op` that matches and may run; whether one did.
pub(super) fn apply_reshape(d: &mut Driver, op: OpId) -> bool {
    let expand = d.m.ops[op].name == "memref.expand_shape";
    let (kind, op_class) = if expand {
        ("kExpand", "ExpandShapeOp")
    } else {
        ("kCollapse", "CollapseShapeOp")
    };
    (enabled!(
        d,
        "mlir::ComposeReassociativeReshapeOps<mlir::memref::{op_class}, mlir::ReshapeOpKind::{kind}>"
    ) && compose_reshapes(d, op))
        || (!expand
            && enabled!(d, "{ANON}CollapseShapeOpMemRefCastFolder")
            && collapse_of_cast(d, op))
}

/// The reassociation attribute of `groups`.
fn reassociation_attr(groups: &[Vec<usize>]) -> Attribute {
    Attribute::Array(
        groups
            .iter()
            .map(|g| {
                Attribute::Array(
                    g.iter()
                        .map(|&k| Attribute::Integer {
                            value: k as i64,
                            ty: Type::Integer(64),
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

/// MLIR's `composeReassociationIndices`: the longer list's groups joined
/// as the shorter one groups them.
fn compose_groups(a: Vec<Vec<usize>>, b: Vec<Vec<usize>>) -> Option<Vec<Vec<usize>>> {
    if a.len() == b.len() {
        return None;
    }
    let (longer, shorter) = if a.len() > b.len() { (a, b) } else { (b, a) };
    if shorter.iter().map(Vec::len).sum::<usize>() != longer.len() && !shorter.is_empty() {
        return None;
    }
    shorter
        .iter()
        .map(|g| {
            g.iter()
                .map(|&k| longer.get(k).cloned())
                .collect::<Option<Vec<_>>>()
                .map(|parts| parts.concat())
        })
        .collect()
}

/// `ComposeReassociativeReshapeOps`: a reshape of a reshape of the same
/// kind, all three types with identity layouts, is one reshape of the
/// first's source (an expansion keeping the outer one's output shape).
fn compose_reshapes(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let name = m.ops[op].name.clone();
    let (Some(&src), Some(&result)) = (m.ops[op].operands.first(), m.ops[op].results.first())
    else {
        return false;
    };
    let Some(inner) = m.defining_op(src).filter(|&o| m.ops[o].name == name) else {
        return false;
    };
    let Some(&original) = m.ops[inner].operands.first() else {
        return false;
    };
    let identity = |v: Value| matches!(m.value_type(v), Type::MemRef { layout: None, .. });
    if !(identity(original) && identity(src) && identity(result)) {
        return false;
    }
    let (Some(first), Some(second)) = (reassociation(m, inner), reassociation(m, op)) else {
        return false;
    };
    let Some(groups) = compose_groups(first, second) else {
        return false;
    };
    let ty = m.value_type(result).clone();
    let loc = m.ops[op].loc;
    let mut operands = vec![original];
    operands.extend(m.ops[op].operands[1..].iter().copied());
    let props = m.ops[op].props.clone();
    let new = d.m.create_op(&name, &operands, &[ty], loc);
    d.m.ops[new].props = props;
    d.m.set_prop(new, "reassociation", reassociation_attr(&groups));
    d.replace_op_with(op, new);
    true
}

/// `CollapseShapeOpMemRefCastFolder`: a collapse of a `memref.cast` that
/// only erases static information collapses the cast's source, a cast
/// back to the old type following when the collapsed type differs (for a
/// source with the identity layout).
fn collapse_of_cast(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let Some(&src) = m.ops[op].operands.first() else {
        return false;
    };
    let Some(inner) = erasing_cast_source(m, src) else {
        return false;
    };
    let Type::MemRef {
        shape,
        elem,
        layout: None,
        space,
    } = m.value_type(inner)
    else {
        return false;
    };
    let Some(groups) = reassociation(m, op) else {
        return false;
    };
    let collapsed: Vec<i64> = groups
        .iter()
        .map(|g| {
            g.iter()
                .try_fold(1i64, |acc, &k| {
                    let n = *shape.get(k)?;
                    (n != DYNAMIC).then(|| acc.checked_mul(n)).flatten()
                })
                .unwrap_or(DYNAMIC)
        })
        .collect();
    let ty = Type::MemRef {
        shape: collapsed,
        elem: elem.clone(),
        layout: None,
        space: space.clone(),
    };
    let result = m.ops[op].results[0];
    let old = m.value_type(result).clone();
    if ty == old {
        d.m.ops[op].operands[0] = inner;
        d.modified(op);
        return true;
    }
    let loc = m.ops[op].loc;
    let props = m.ops[op].props.clone();
    let new = d.m.create_op("memref.collapse_shape", &[inner], &[ty], loc);
    d.m.ops[new].props = props;
    d.insert_before(op, new);
    let collapsed = d.m.ops[new].results[0];
    let back = d.m.create_op("memref.cast", &[collapsed], &[old], loc);
    d.replace_op_with(op, back);
    true
}

/// Applies the first pattern of the view `op` that matches and may run;
/// whether one did.
pub(super) fn apply_view(d: &mut Driver, op: OpId) -> bool {
    (enabled!(d, "{ANON}ViewOpShapeFolder") && view_constant_sizes(d, op))
        || (enabled!(d, "{ANON}ViewOpMemrefCastFolder") && view_of_cast_alloc(d, op))
}

/// `ViewOpShapeFolder`.
fn view_constant_sizes(d: &mut Driver, op: OpId) -> bool {
    let operands = d.m.ops[op].operands.clone();
    let index_constant = |v: Value| match constant_attr(d.m, v) {
        Some(Attribute::Integer {
            value,
            ty: Type::Index,
        }) => Some(*value),
        _ => None,
    };
    if operands.iter().all(|&v| index_constant(v).is_none()) {
        return false;
    }
    let result = d.m.ops[op].results[0];
    let Type::MemRef {
        shape,
        elem,
        layout: None,
        space,
    } = d.m.value_type(result).clone()
    else {
        return false;
    };
    let mut sizes = operands.iter().skip(2).copied();
    let mut kept = Vec::new();
    let mut new_shape = Vec::new();
    for &dim in &shape {
        if dim != tessera_ir::types::DYNAMIC {
            new_shape.push(dim);
            continue;
        }
        let Some(v) = sizes.next() else {
            return false;
        };
        match index_constant(v).filter(|&c| c >= 0) {
            Some(c) => new_shape.push(c),
            None => {
                new_shape.push(dim);
                kept.push(v);
            }
        }
    }
    if new_shape == shape {
        return false;
    }
    let ty = Type::MemRef {
        shape: new_shape,
        elem,
        layout: None,
        space,
    };
    let mut new_operands = operands[..2].to_vec();
    new_operands.extend(kept);
    let loc = d.m.ops[op].loc;
    let view = d.m.create_op("memref.view", &new_operands, &[ty], loc);
    d.insert_before(op, view);
    let value = d.m.ops[view].results[0];
    replace_through_cast(d, op, value);
    true
}

/// `ViewOpMemrefCastFolder`.
fn view_of_cast_alloc(d: &mut Driver, op: OpId) -> bool {
    let source = d.m.ops[op].operands[0];
    let Some(cast) = d.m.defining_op(source) else {
        return false;
    };
    if d.m.ops[cast].name != "memref.cast" {
        return false;
    }
    let allocated = d.m.ops[cast].operands[0];
    if !d
        .m
        .defining_op(allocated)
        .is_some_and(|a| d.m.ops[a].name == "memref.alloc")
    {
        return false;
    }
    let mut operands = d.m.ops[op].operands.clone();
    operands[0] = allocated;
    let ty = d.m.value_type(d.m.ops[op].results[0]).clone();
    let loc = d.m.ops[op].loc;
    let view = d.m.create_op("memref.view", &operands, &[ty], loc);
    d.insert_before(op, view);
    let value = d.m.ops[view].results[0];
    d.replace_op(op, &[value]);
    true
}

/// Whether the offset, size or stride `entry` is `c` (static, or given by
/// a constant) — MLIR's `isConstantIntValue`.
pub(super) fn is_constant(m: &Module, entry: &Mixed, c: i64) -> bool {
    match entry {
        Mixed::Static(v) => *v == c,
        Mixed::Dynamic(v) => {
            matches!(constant_attr(m, *v), Some(Attribute::Integer { value, .. }) if *value == c)
        }
    }
}

/// `list` with the operands that are constants (non-negative ones when
/// `non_negative`) made static; whether any was.
fn fold_list(d: &Driver, list: &[Mixed], non_negative: bool) -> (Vec<Mixed>, bool) {
    let mut folded = false;
    let list = list
        .iter()
        .map(|entry| match entry {
            Mixed::Dynamic(v) => match d.m.constant_int(*v) {
                Some(c) if !non_negative || c >= 0 => {
                    folded = true;
                    Mixed::Static(c)
                }
                _ => entry.clone(),
            },
            Mixed::Static(_) => entry.clone(),
        })
        .collect();
    (list, folded)
}

/// The static entries of `list` (`?` for operands) and its operands.
fn split(list: &[Mixed]) -> (Vec<i64>, Vec<Value>) {
    let mut fixed = Vec::new();
    let mut operands = Vec::new();
    for entry in list {
        match entry {
            Mixed::Static(c) => fixed.push(*c),
            Mixed::Dynamic(v) => {
                fixed.push(tessera_ir::types::DYNAMIC);
                operands.push(*v);
            }
        }
    }
    (fixed, operands)
}

fn dense(values: Vec<i64>) -> Attribute {
    Attribute::DenseArray {
        elem: Type::Integer(64),
        values,
    }
}

/// Replaces `op` by `value`, through a `memref.cast` to `op`'s type when
/// `value` has another.
fn replace_through_cast(d: &mut Driver, op: OpId, value: Value) {
    let ty = d.m.value_type(d.m.ops[op].results[0]).clone();
    let value = if *d.m.value_type(value) == ty {
        value
    } else {
        let loc = d.m.ops[op].loc;
        let cast = d.m.create_op("memref.cast", &[value], &[ty], loc);
        d.insert_before(op, cast);
        d.m.ops[cast].results[0]
    };
    d.replace_op(op, &[value]);
}

/// A new subview of `src` with `op`'s offsets, sizes and strides and type
/// `ty`, before `op`; its result.
fn subview_like(d: &mut Driver, op: OpId, src: Value, ty: Type) -> Value {
    let mut operands = d.m.ops[op].operands.clone();
    operands[0] = src;
    let loc = d.m.ops[op].loc;
    let new = d.m.create_op("memref.subview", &operands, &[ty], loc);
    for key in [
        "operandSegmentSizes",
        "static_offsets",
        "static_sizes",
        "static_strides",
    ] {
        if let Some(value) = d.m.ops[op].attr(key).cloned() {
            d.m.set_prop(new, key, value);
        }
    }
    d.insert_before(op, new);
    d.m.ops[new].results[0]
}

/// Whether a `memref.cast` from `from` to `to` may fold into its users
/// (`CastOp::canFoldIntoConsumerOp`): same element type and rank, strided
/// layouts, and nothing static in `to` that is dynamic in `from`.
fn cast_only_erases(from: &Type, to: &Type) -> bool {
    use tessera_ir::views::strides_and_offset;
    let (
        Type::MemRef {
            shape: fs,
            elem: fe,
            ..
        },
        Type::MemRef {
            shape: ts,
            elem: te,
            ..
        },
    ) = (from, to)
    else {
        return false;
    };
    let (Some((f_strides, f_offset)), Some((t_strides, t_offset))) =
        (strides_and_offset(from), strides_and_offset(to))
    else {
        return false;
    };
    let erases = |f: i64, t: i64| f == t || f != DYNAMIC || t == DYNAMIC;
    fe == te
        && fs.len() == ts.len()
        && fs.iter().zip(ts).all(|(&f, &t)| erases(f, t))
        && erases(f_offset, t_offset)
        && f_strides
            .iter()
            .zip(&t_strides)
            .all(|(&f, &t)| erases(f, t))
}

/// The source of the `memref.cast` defining `v` when that cast only
/// erases static information ([`cast_only_erases`]).
fn erasing_cast_source(m: &Module, v: Value) -> Option<Value> {
    let cast = m
        .defining_op(v)
        .filter(|&o| m.ops[o].name == "memref.cast")?;
    let &inner = m.ops[cast].operands.first()?;
    cast_only_erases(m.value_type(inner), m.value_type(v)).then_some(inner)
}

fn through_cast(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let Some((&src, rest)) = m.ops[op].operands.split_first() else {
        return false;
    };
    if rest.iter().any(|&v| d.m.constant_int(v).is_some()) {
        return false;
    }
    let result = m.ops[op].results[0];
    let Some(inner) = erasing_cast_source(m, src) else {
        return false;
    };
    let Some(slices) = Slices::of(m, op) else {
        return false;
    };
    let Some(dropped) = dropped_dims(&slices.sizes, m.value_type(result)) else {
        return false;
    };
    let Some(ty) = subview_type(m.value_type(inner), &slices, &dropped) else {
        return false;
    };
    let view = subview_like(d, op, inner, ty);
    let loc = d.m.ops[op].loc;
    let old = d.m.value_type(result).clone();
    let back = d.m.create_op("memref.cast", &[view], &[old], loc);
    d.replace_op_with(op, back);
    true
}

fn constant_arguments(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let Some(slices) = Slices::of(m, op) else {
        return false;
    };
    let (src, result) = (m.ops[op].operands[0], m.ops[op].results[0]);
    let Some(dropped) = dropped_dims(&slices.sizes, m.value_type(result)) else {
        return false;
    };
    let (offsets, a) = fold_list(d, &slices.offsets, true);
    let (sizes, b) = fold_list(d, &slices.sizes, true);
    let (strides, c) = fold_list(d, &slices.strides, false);
    if !(a || b || c) {
        return false;
    }
    // (MLIR infers no type for a zero stride: `hasValidStrides`)
    if strides.contains(&Mixed::Static(0)) {
        return false;
    }
    let folded = Slices {
        offsets,
        sizes,
        strides,
    };
    let Some(ty) = subview_type(m.value_type(src), &folded, &dropped) else {
        return false;
    };
    let (static_offsets, dyn_offsets) = split(&folded.offsets);
    let (static_sizes, dyn_sizes) = split(&folded.sizes);
    let (static_strides, dyn_strides) = split(&folded.strides);
    let segments = Attribute::DenseArray {
        elem: Type::Integer(32),
        values: vec![
            1,
            dyn_offsets.len() as i64,
            dyn_sizes.len() as i64,
            dyn_strides.len() as i64,
        ],
    };
    let mut operands = vec![src];
    operands.extend(dyn_offsets);
    operands.extend(dyn_sizes);
    operands.extend(dyn_strides);
    let loc = m.ops[op].loc;
    let new = d.m.create_op("memref.subview", &operands, &[ty], loc);
    d.m.set_prop(new, "operandSegmentSizes", segments);
    d.m.set_prop(new, "static_offsets", dense(static_offsets));
    d.m.set_prop(new, "static_sizes", dense(static_sizes));
    d.m.set_prop(new, "static_strides", dense(static_strides));
    d.insert_before(op, new);
    let view = d.m.ops[new].results[0];
    replace_through_cast(d, op, view);
    true
}

fn trivial(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let Some(slices) = Slices::of(m, op) else {
        return false;
    };
    let (src, result) = (m.ops[op].operands[0], m.ops[op].results[0]);
    let Type::MemRef { shape, .. } = m.value_type(src) else {
        return false;
    };
    let same_rank =
        matches!(m.value_type(result), Type::MemRef { shape: r, .. } if r.len() == shape.len());
    let is = |entry: &Mixed, c: i64| is_constant(m, entry, c);
    let trivial = same_rank
        && slices.sizes.len() == shape.len()
        && slices.offsets.iter().all(|o| is(o, 0))
        && slices.strides.iter().all(|s| is(s, 1))
        && shape
            .iter()
            .zip(&slices.sizes)
            .all(|(&n, size)| n >= 0 && is(size, n));
    if !trivial {
        return false;
    }
    replace_through_cast(d, op, src);
    true
}

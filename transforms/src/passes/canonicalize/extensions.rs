//! MLIR 19's `arith` canonicalization patterns over integer extensions,
//! truncations and negated comparisons (its `ArithCanonicalization.td`):
//!
//! - `IndexCastOfExtSI`, `IndexCastUIOfExtUI`: a cast to or from `index`
//!   of an extension casts the unextended value;
//! - `ExtSIOfExtUI`: `extsi(extui(x))` is `extui(x)`;
//! - `AndOfExtUI`, `AndOfExtSI`, `OrOfExtUI`, `OrOfExtSI`, `XOrIOfExtUI`,
//!   `XOrIOfExtSI`: a bitwise op of two like extensions of values of one
//!   type is the extension of the op on the narrow values;
//! - `XOrINotCmpI`: `xori(cmpi(p, a, b), true)` is `cmpi(not p, a, b)`;
//! - `CmpIExtSI`, `CmpIExtUI`: `eq`/`ne` of two like extensions compares
//!   the narrow values;
//! - `TruncIExtSIToExtSI`, `TruncIExtUIToExtUI`: a truncation that drops
//!   only extension bits is a shorter extension;
//! - `TruncIShrSIToTrunciShrUI`: a truncation dropping exactly the bits a
//!   signed shift brought in may shift unsigned;
//! - `TruncIShrUIMulIToMulSIExtended`, `TruncIShrUIMulIToMulUIExtended`:
//!   the high half of a product of two extended values is the high result
//!   of an extended multiplication.
//!
//! MLIR generates these patterns from declarative rules: the ops they
//! build are at the root's location fused with those of the ops matched
//! below it ([`Driver::matched_loc`]).

use tessera_ir::syntax::{normalize_generic, CMPI_PREDICATES};
use tessera_ir::{Attribute, Location, OpId, Type, Value};

use super::fold::{constant_attr, elem_int_width, int_bits, int_width};
use super::{Driver, ANON};

/// Applies the first of these patterns for `op` that matches and may
/// run; whether one did.
pub(super) fn apply(d: &mut Driver, op: OpId) -> bool {
    let name = d.m.ops[op].name.clone();
    match name.as_str() {
        "arith.index_cast" => {
            enabled!(d, "{ANON}IndexCastOfExtSI") && recast_unextended(d, op, "arith.extsi")
        }
        "arith.index_castui" => {
            enabled!(d, "{ANON}IndexCastUIOfExtUI") && recast_unextended(d, op, "arith.extui")
        }
        "arith.extsi" => enabled!(d, "{ANON}ExtSIOfExtUI") && extsi_of_extui(d, op),
        "arith.andi" | "arith.ori" | "arith.xori" => {
            let short = match name.as_str() {
                "arith.andi" => "And",
                "arith.ori" => "Or",
                _ => "XOrI",
            };
            (name == "arith.xori" && enabled!(d, "{ANON}XOrINotCmpI") && not_cmpi(d, op))
                || (enabled!(d, "{ANON}{short}OfExtUI")
                    && logic_of_extensions(d, op, "arith.extui"))
                || (enabled!(d, "{ANON}{short}OfExtSI")
                    && logic_of_extensions(d, op, "arith.extsi"))
        }
        "arith.cmpi" => {
            (enabled!(d, "{ANON}CmpIExtSI") && compare_unextended(d, op, "arith.extsi"))
                || (enabled!(d, "{ANON}CmpIExtUI") && compare_unextended(d, op, "arith.extui"))
        }
        "arith.trunci" => {
            (enabled!(d, "{ANON}TruncIExtSIToExtSI") && shorter_extension(d, op, "arith.extsi"))
                || (enabled!(d, "{ANON}TruncIExtUIToExtUI")
                    && shorter_extension(d, op, "arith.extui"))
                || (enabled!(d, "{ANON}TruncIShrSIToTrunciShrUI") && unsigned_shift(d, op))
                || (enabled!(d, "{ANON}TruncIShrUIMulIToMulSIExtended")
                    && high_half(d, op, "arith.extsi", "arith.mulsi_extended"))
                || (enabled!(d, "{ANON}TruncIShrUIMulIToMulUIExtended")
                    && high_half(d, op, "arith.extui", "arith.mului_extended"))
        }
        _ => false,
    }
}

/// The operand of `v`'s defining op when that op is `name`.
fn source(d: &Driver, v: Value, name: &str) -> Option<Value> {
    let def = d.m.defining_op(v)?;
    (d.m.ops[def].name == name)
        .then(|| d.m.ops[def].operands.first().copied())
        .flatten()
}

/// A new op `name` of `operands` with one result of type `ty` at `loc`,
/// right before `anchor`; its result.
fn create(
    d: &mut Driver,
    anchor: OpId,
    loc: Location,
    name: &str,
    operands: &[Value],
    ty: Type,
) -> Value {
    let new = d.m.create_op(name, operands, &[ty], loc);
    normalize_generic(d.m, new);
    d.insert_before(anchor, new);
    d.m.ops[new].results[0]
}

/// The type of `op`'s result.
fn result_type(d: &Driver, op: OpId) -> Type {
    d.m.value_type(d.m.ops[op].results[0]).clone()
}

/// `index_cast(extsi(x))` is `index_cast(x)` (`castui` and `extui`
/// alike).
fn recast_unextended(d: &mut Driver, op: OpId, extension: &str) -> bool {
    let Some(x) = source(d, d.m.ops[op].operands[0], extension) else {
        return false;
    };
    let (name, ty) = (d.m.ops[op].name.clone(), result_type(d, op));
    let loc = d.matched_loc(op, &[d.m.ops[op].operands[0]]);
    let new = create(d, op, loc, &name, &[x], ty);
    d.replace_op(op, &[new]);
    true
}

/// `extsi(extui(x))` is `extui(x)`.
fn extsi_of_extui(d: &mut Driver, op: OpId) -> bool {
    let Some(x) = source(d, d.m.ops[op].operands[0], "arith.extui") else {
        return false;
    };
    let ty = result_type(d, op);
    let loc = d.matched_loc(op, &[d.m.ops[op].operands[0]]);
    let new = create(d, op, loc, "arith.extui", &[x], ty);
    d.replace_op(op, &[new]);
    true
}

/// `op(ext(x), ext(y))` is `ext(op(x, y))` for a bitwise `op` and `x`,
/// `y` of one type.
fn logic_of_extensions(d: &mut Driver, op: OpId, extension: &str) -> bool {
    let [a, b] = d.m.ops[op].operands[..] else {
        return false;
    };
    let (Some(x), Some(y)) = (source(d, a, extension), source(d, b, extension)) else {
        return false;
    };
    let narrow = d.m.value_type(x).clone();
    if *d.m.value_type(y) != narrow {
        return false;
    }
    let (name, ty) = (d.m.ops[op].name.clone(), result_type(d, op));
    let loc = d.matched_loc(op, &[a, b]);
    let inner = create(d, op, loc, &name, &[x, y], narrow);
    let new = create(d, op, loc, extension, &[inner], ty);
    d.replace_op(op, &[new]);
    true
}

/// The predicate that holds exactly when `pred` does not.
pub(super) fn inverse_predicate(pred: &str) -> &'static str {
    match pred {
        "eq" => "ne",
        "ne" => "eq",
        "slt" => "sge",
        "sge" => "slt",
        "sle" => "sgt",
        "sgt" => "sle",
        "ult" => "uge",
        "uge" => "ult",
        "ule" => "ugt",
        _ => "ule",
    }
}

/// The predicate of an `arith.cmpi`, by name.
pub(super) fn cmpi_predicate(d: &Driver, op: OpId) -> Option<&'static str> {
    let index = d.m.ops[op].attr("predicate")?.as_int()?;
    CMPI_PREDICATES.get(usize::try_from(index).ok()?).copied()
}

/// A new `arith.cmpi pred, a, b` at `loc`, before `anchor`; its result.
pub(super) fn create_cmpi(
    d: &mut Driver,
    anchor: OpId,
    loc: Location,
    pred: &str,
    a: Value,
    b: Value,
) -> Value {
    let cmp =
        d.m.create_op("arith.cmpi", &[a, b], &[Type::Integer(1)], loc);
    let index = CMPI_PREDICATES.iter().position(|&p| p == pred).unwrap_or(0);
    d.m.set_prop(
        cmp,
        "predicate",
        Attribute::Integer {
            value: index as i64,
            ty: Type::Integer(64),
        },
    );
    d.insert_before(anchor, cmp);
    d.m.ops[cmp].results[0]
}

/// `xori(cmpi(p, a, b), true)` is `cmpi(not p, a, b)`.
fn not_cmpi(d: &mut Driver, op: OpId) -> bool {
    let [c, one] = d.m.ops[op].operands[..] else {
        return false;
    };
    let is_true = *d.m.value_type(one) == Type::Integer(1)
        && constant_attr(d.m, one).and_then(|a| int_bits(a, 1)) == Some(1);
    let Some(cmp) =
        d.m.defining_op(c)
            .filter(|&o| is_true && d.m.ops[o].name == "arith.cmpi")
    else {
        return false;
    };
    let Some(pred) = cmpi_predicate(d, cmp) else {
        return false;
    };
    let [a, b] = d.m.ops[cmp].operands[..] else {
        return false;
    };
    let loc = d.matched_loc(op, &[c]);
    let new = create_cmpi(d, op, loc, inverse_predicate(pred), a, b);
    d.replace_op(op, &[new]);
    true
}

/// `cmpi(eq, ext(a), ext(b))` is `cmpi(eq, a, b)` for `a`, `b` of one
/// type (`ne` alike).
fn compare_unextended(d: &mut Driver, op: OpId, extension: &str) -> bool {
    let Some(pred @ ("eq" | "ne")) = cmpi_predicate(d, op) else {
        return false;
    };
    let [l, r] = d.m.ops[op].operands[..] else {
        return false;
    };
    let (Some(a), Some(b)) = (source(d, l, extension), source(d, r, extension)) else {
        return false;
    };
    if d.m.value_type(a) != d.m.value_type(b) {
        return false;
    }
    let loc = d.matched_loc(op, &[l, r]);
    let new = create_cmpi(d, op, loc, pred, a, b);
    d.replace_op(op, &[new]);
    true
}

/// `trunci(ext(x))` is `ext(x)` to the truncated type when that type is
/// wider than `x`'s (the truncation drops extension bits only).
fn shorter_extension(d: &mut Driver, op: OpId, extension: &str) -> bool {
    let Some(x) = source(d, d.m.ops[op].operands[0], extension) else {
        return false;
    };
    let ty = result_type(d, op);
    let (Some(wide), Some(to), Some(from)) = (
        elem_int_width(d.m.value_type(d.m.ops[op].operands[0])),
        elem_int_width(&ty),
        elem_int_width(d.m.value_type(x)),
    ) else {
        return false;
    };
    if !(wide > to && to > from) {
        return false;
    }
    let loc = d.matched_loc(op, &[d.m.ops[op].operands[0]]);
    let new = create(d, op, loc, extension, &[x], ty);
    d.replace_op(op, &[new]);
    true
}

/// `trunci(shrsi(x, c))` is `trunci(shrui(x, c))` when the truncation
/// drops exactly the `c` bits the shift brought in.
fn unsigned_shift(d: &mut Driver, op: OpId) -> bool {
    let shifted = d.m.ops[op].operands[0];
    let Some(shift) =
        d.m.defining_op(shifted)
            .filter(|&o| d.m.ops[o].name == "arith.shrsi")
    else {
        return false;
    };
    let [x, amount] = d.m.ops[shift].operands[..] else {
        return false;
    };
    let ty = result_type(d, op);
    let (Some(wide), Some(to)) = (int_width(d.m.value_type(x)), int_width(&ty)) else {
        return false;
    };
    let drops_the_shift = constant_attr(d.m, amount)
        .and_then(|a| int_bits(a, wide))
        .is_some_and(|c| c == u64::from(wide - to));
    if !drops_the_shift {
        return false;
    }
    let wide_ty = d.m.value_type(x).clone();
    let loc = d.matched_loc(op, &[amount]);
    // The rule builds the shift amount anew, at the new ops' location.
    let Some(attr) = constant_attr(d.m, amount).cloned() else {
        return false;
    };
    let amount = d.constant_at(op, loc, attr, wide_ty.clone());
    let unsigned = create(d, op, loc, "arith.shrui", &[x, amount], wide_ty);
    let new = create(d, op, loc, "arith.trunci", &[unsigned], ty);
    d.replace_op(op, &[new]);
    true
}

/// `trunci(shrui(muli(ext(x), ext(y)), c))` is the high result of
/// `extended(x, y)` when `x`, `y` and the result have one type and `c` is
/// the number of bits the extension added.
fn high_half(d: &mut Driver, op: OpId, extension: &str, extended: &str) -> bool {
    let m = &*d.m;
    let Some(shift) = m
        .defining_op(m.ops[op].operands[0])
        .filter(|&o| m.ops[o].name == "arith.shrui")
    else {
        return false;
    };
    let [product, amount] = m.ops[shift].operands[..] else {
        return false;
    };
    let Some(mul) = m
        .defining_op(product)
        .filter(|&o| m.ops[o].name == "arith.muli")
    else {
        return false;
    };
    let [a, b] = m.ops[mul].operands[..] else {
        return false;
    };
    let (Some(x), Some(y)) = (source(d, a, extension), source(d, b, extension)) else {
        return false;
    };
    let ty = result_type(d, op);
    if *m.value_type(x) != ty || *m.value_type(y) != ty {
        return false;
    }
    let (Some(wide), Some(narrow)) = (int_width(m.value_type(product)), int_width(&ty)) else {
        return false;
    };
    let matches_shift = wide > narrow
        && constant_attr(m, amount)
            .and_then(|c| int_bits(c, wide))
            .is_some_and(|c| c == u64::from(wide - narrow));
    if !matches_shift {
        return false;
    }
    let loc = d.matched_loc(op, &[a, b, product, amount]);
    let new = d.m.create_op(extended, &[x, y], &[ty.clone(), ty], loc);
    d.insert_before(op, new);
    let high = d.m.ops[new].results[1];
    d.replace_op(op, &[high]);
    true
}

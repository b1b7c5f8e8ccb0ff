//! The folders of tessera's ops, as MLIR 19 defines them: constant
//! folding (integer arithmetic wraps at the type's width, and a division
//! by zero or a signed overflow is not folded; float arithmetic rounds
//! to nearest even in the type's precision), the identities MLIR's
//! folders know (`x + 0`, `x * 1`, `x - x`, ...), commutative operands
//! reordered with constants last, and the in-place folds of the affine
//! ops (constant operands into maps, `affine.apply` producers composed
//! into loop bounds and `affine.if` conditions, `memref.cast` sources).

use tessera_affine::{AffineMap, ExprKind};
use tessera_ir::attr::{float_from_bits, float_to_bits, round_to_type};
use tessera_ir::interp::{ExtendedOp, IntMathFn, MathFn};
use tessera_ir::types::DYNAMIC;
use tessera_ir::{Attribute, Module, OpId, Type, Value};

use super::{Fold, Folded};
use crate::canonical::{
    canonicalize_loop_bounds, canonicalize_parallel_bounds, canonicalize_set, compose_set,
    constant_operands, fold_loop_bounds, legal_symbols_set, partial_constant_fold,
};
use crate::loops::ForLoop;

/// Runs the folder of `op`.
pub(super) fn fold(m: &mut Module, op: OpId) -> Fold {
    let name = m.ops[op].name.clone();
    match name.as_str() {
        "affine.apply" => fold_apply(m, op),
        "affine.min" => fold_min_max(m, op, false),
        "affine.max" => fold_min_max(m, op, true),
        "affine.for" => fold_for(m, op),
        "affine.if" => fold_if(m, op),
        "affine.parallel" => {
            if canonicalize_parallel_bounds(m, op) {
                Fold::InPlace
            } else {
                Fold::Failed
            }
        }
        // MLIR's order: the memref cast, then a constant global.
        "affine.load" => match fold_memref_cast(m, op) {
            Fold::Failed => super::dense::fold_load_of_constant_global(m, op),
            folded => folded,
        },
        "affine.store"
        | "affine.vector_load"
        | "affine.vector_store"
        | "affine.prefetch"
        | "affine.dma_start"
        | "affine.dma_wait"
        | "memref.dma_start"
        | "memref.dma_wait"
        | "memref.load"
        | "memref.store"
        | "memref.dealloc" => fold_memref_cast(m, op),
        "memref.cast" => {
            // (an identity cast, as the cast interface folds it)
            let d = &m.ops[op];
            match (d.operands.first(), d.results.first()) {
                (Some(&src), Some(&res)) if m.value_type(src) == m.value_type(res) => {
                    one(Folded::Value(src))
                }
                _ => fold_memref_cast(m, op),
            }
        }
        "tensor.extract" => super::dense::fold_extract_of_constant(m, op),
        "memref.subview" => fold_subview(m, op),
        "memref.copy" => fold_copy_of_cast(m, op),
        "memref.expand_shape" => fold_reshape(m, op, "memref.collapse_shape"),
        "memref.collapse_shape" => fold_reshape(m, op, "memref.expand_shape"),
        "memref.reinterpret_cast" => fold_reinterpret_cast(m, op),
        "vector.transfer_read" | "vector.transfer_write" => {
            // MLIR's order: the in_bounds flags, then the memref cast.
            match fold_transfer_in_bounds(m, op) {
                Fold::Failed => fold_memref_cast(m, op),
                folded => folded,
            }
        }
        "vector.load" | "vector.store" => fold_memref_cast(m, op),
        "vector.broadcast" | "vector.splat" => fold_broadcast(m, op),
        "vector.extractelement" => fold_extract_element(m, op),
        "vector.insertelement" => fold_insert_element(m, op),
        "memref.dim" => fold_dim(m, op),
        "tensor.dim" => fold_tensor_dim(m, op),
        "arith.cmpi" => fold_cmpi(m, op),
        "scf.if" => fold_if_not(m, op),
        "arith.bitcast" => fold_bitcast(m, op),
        "arith.select" => fold_select(m, op),
        "arith.index_cast" | "arith.index_castui" => fold_index_cast(m, op),
        "arith.negf" => fold_negf(m, op),
        "arith.cmpf" => fold_cmpf(m, op),
        n if n == "math.powf"
            || n == "math.copysign"
            || n == "math.atan2"
            || MathFn::of(n).is_some()
            || IntMathFn::of(n).is_some() =>
        {
            fold_math(m, op)
        }
        n if ExtendedOp::of(n).is_some() => {
            let folded = fold_extended(m, op);
            if matches!(folded, Fold::Failed) {
                return fold_commutative(m, op);
            }
            folded
        }
        "arith.extsi" | "arith.extui" | "arith.trunci" => match fold_cast_chain(m, op) {
            Fold::Failed => fold_cast(m, op),
            folded => folded,
        },
        "arith.sitofp" | "arith.uitofp" | "arith.fptosi" | "arith.fptoui" | "arith.extf"
        | "arith.truncf" => fold_cast(m, op),
        n if n.starts_with("arith.") => {
            let folded = match shaped_int_identity(m, op) {
                Fold::Failed => match fold_binary_lanes(m, op) {
                    Fold::Failed => fold_binary(m, op),
                    lanes => lanes,
                },
                identity => identity,
            };
            if matches!(folded, Fold::Failed) && is_commutative(n) {
                return fold_commutative(m, op);
            }
            folded
        }
        _ => Fold::Failed,
    }
}

pub(super) fn one(f: Folded) -> Fold {
    Fold::Replace(vec![f])
}

/// When `v` is `xori(x, all ones)` (`not(x)`), its all-ones operand.
fn not_of(m: &Module, v: Value, x: Value, width: u32) -> Option<Value> {
    let def = m.defining_op(v)?;
    let d = &m.ops[def];
    let [lhs, rhs] = d.operands[..] else {
        return None;
    };
    let all_ones =
        constant_attr(m, rhs).and_then(|c| splat_bits(c, width)) == Some(truncate(u64::MAX, width));
    (d.name == "arith.xori" && lhs == x && all_ones).then_some(rhs)
}

/// The attribute of the `arith.constant` defining `v`.
pub(super) fn constant_attr(m: &Module, v: Value) -> Option<&Attribute> {
    let op = m.defining_op(v)?;
    let d = &m.ops[op];
    (d.name == "arith.constant").then(|| d.attr("value"))?
}

/// The bits of the integer constant `v` (masked to its width), when `v`
/// is one.
pub(super) fn constant_bits(m: &Module, v: Value) -> Option<u64> {
    let width = int_width(m.value_type(v))?;
    int_bits(constant_attr(m, v)?, width)
}

/// The width in bits of an integer-like type (`index` is 64 bits).
pub(super) fn int_width(ty: &Type) -> Option<u32> {
    match ty {
        Type::Index => Some(64),
        Type::Integer(w) if (1..=64).contains(w) => Some(*w),
        _ => None,
    }
}

/// The width of an integer or index type, or of the elements of a vector
/// or tensor of them (MLIR's `getElementTypeOrSelf`).
pub(super) fn elem_int_width(ty: &Type) -> Option<u32> {
    match ty {
        Type::Vector { elem, .. } | Type::Tensor { elem, .. } | Type::UnrankedTensor(elem) => {
            int_width(elem)
        }
        _ => int_width(ty),
    }
}

/// The bits of an integer constant or of a splat of one, however written
/// (`dense<[1, 1]>` is a splat).
fn splat_bits(a: &Attribute, width: u32) -> Option<u64> {
    match a {
        Attribute::DenseInt { values, .. } => {
            let v0 = *values.first()?;
            values
                .iter()
                .all(|&v| v == v0)
                .then(|| truncate(v0 as u64, width))
        }
        a => int_bits(a, width),
    }
}

/// Whether `a` is an integer zero or a splat of it (MLIR's `m_Zero`).
fn is_int_zero(a: &Attribute) -> bool {
    match a {
        Attribute::Integer { value, .. } => *value == 0,
        Attribute::Bool(b) => !b,
        Attribute::DenseInt { values, .. } => values.iter().all(|&v| v == 0),
        _ => false,
    }
}

/// The bits of an integer constant (two's complement, `width` bits).
pub(super) fn int_bits(a: &Attribute, width: u32) -> Option<u64> {
    let v = match a {
        Attribute::Integer { value, .. } => *value,
        Attribute::Bool(b) => i64::from(*b),
        _ => return None,
    };
    Some(truncate(v as u64, width))
}

fn truncate(bits: u64, width: u32) -> u64 {
    if width >= 64 {
        bits
    } else {
        bits & ((1u64 << width) - 1)
    }
}

/// The signed value of `width` bits.
pub(super) fn signed(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        let shift = 64 - width;
        ((bits << shift) as i64) >> shift
    }
}

/// The attribute of an integer constant of type `ty` with these bits.
pub(super) fn int_attr(bits: u64, ty: &Type) -> Option<Attribute> {
    if let Type::Vector { elem, .. } | Type::Tensor { elem, .. } = ty {
        // A splat of a vector or tensor (`i1` elements kept as 0 and 1).
        let width = int_width(elem)?;
        let value = if width == 1 {
            (bits & 1) as i64
        } else {
            signed(truncate(bits, width), width)
        };
        return Some(Attribute::DenseInt {
            values: vec![value],
            ty: ty.clone(),
        });
    }
    let width = int_width(ty)?;
    if width == 1 {
        return Some(Attribute::Bool(bits & 1 == 1));
    }
    Some(Attribute::Integer {
        value: signed(truncate(bits, width), width),
        ty: ty.clone(),
    })
}

fn float_of(a: &Attribute) -> Option<f64> {
    match a {
        Attribute::Float { value, .. } => Some(*value),
        _ => None,
    }
}

/// The float constant of type `ty`: rounded to it for `f32` and `f64`;
/// for the 16-bit types only a value of the type (a NaN too), as tessera
/// does not compute in them.
fn float_attr(value: f64, ty: &Type) -> Option<Attribute> {
    let value = match ty {
        Type::F64 => value,
        Type::F32 => value as f32 as f64,
        Type::F16 | Type::BF16 if value.is_nan() || round_to_type(value, ty) == value => value,
        _ => return None,
    };
    Some(Attribute::Float {
        value,
        ty: ty.clone(),
    })
}

/// Ops with MLIR's `Commutative` trait (their operands may be swapped).
pub(crate) fn is_commutative(name: &str) -> bool {
    matches!(
        name,
        "arith.addi"
            | "arith.muli"
            | "arith.andi"
            | "arith.ori"
            | "arith.xori"
            | "arith.maxsi"
            | "arith.maxui"
            | "arith.minsi"
            | "arith.minui"
            | "arith.addf"
            | "arith.mulf"
            | "arith.maximumf"
            | "arith.minimumf"
            | "arith.maxnumf"
            | "arith.minnumf"
    )
}

/// The folds of `addui_extended` (`x + 0` is `x` without carry) and the
/// extended multiplies (`x * 0` is zero in both halves; unsigned, `x * 1`
/// is `x` and zero), and both results of constant operands.
fn fold_extended(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let (Some(kind), [a, b], [lo, hi]) = (ExtendedOp::of(&d.name), &d.operands[..], &d.results[..])
    else {
        return Fold::Failed;
    };
    let (ty, second) = (m.value_type(*lo).clone(), m.value_type(*hi).clone());
    let Some(width) = int_width(&ty) else {
        return Fold::Failed;
    };
    let bits = |v: Value| constant_attr(m, v).and_then(|c| int_bits(c, width));
    let constant = |bits: u64, ty: &Type| int_attr(bits, ty).map(Folded::Constant);
    let pair = |x: Option<Folded>, y: Option<Folded>| match (x, y) {
        (Some(x), Some(y)) => Fold::Replace(vec![x, y]),
        _ => Fold::Failed,
    };
    match (kind, bits(*a), bits(*b)) {
        (_, Some(x), Some(y)) => {
            let (l, h) = kind.apply(x, y, width);
            pair(constant(l, &ty), constant(h, &second))
        }
        (ExtendedOp::AddUI, _, Some(0)) => pair(Some(Folded::Value(*a)), constant(0, &second)),
        (ExtendedOp::MulSI | ExtendedOp::MulUI, _, Some(0)) => {
            pair(constant(0, &ty), constant(0, &ty))
        }
        (ExtendedOp::MulUI, _, Some(1)) => pair(Some(Folded::Value(*a)), constant(0, &ty)),
        _ => Fold::Failed,
    }
}

/// MLIR's `foldCommutative`: constant operands move after the others.
fn fold_commutative(m: &mut Module, op: OpId) -> Fold {
    let operands = m.ops[op].operands.clone();
    if operands.len() < 2 {
        return Fold::Failed;
    }
    let is_const = |v: &Value| constant_attr(m, *v).is_some();
    let mut reordered: Vec<Value> = operands.iter().copied().filter(|v| !is_const(v)).collect();
    reordered.extend(operands.iter().copied().filter(is_const));
    if reordered == operands {
        return Fold::Failed;
    }
    m.ops[op].operands = reordered;
    Fold::InPlace
}

/// The identities of the integer folders on vectors and tensors, with a
/// splat constant as the right operand (MLIR's `m_Zero`, `m_One` and
/// all-ones matchers take splats), before their lanes are folded, as in
/// MLIR; and the `Idempotent` trait's fold.
fn shaped_int_identity(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let ([a, b], [r]) = (&d.operands[..], &d.results[..]) else {
        return Fold::Failed;
    };
    let (a, b) = (*a, *b);
    let width = match m.value_type(*r) {
        Type::Vector { elem, .. } | Type::Tensor { elem, .. } => int_width(elem),
        _ => None,
    };
    let Some(width) = width else {
        return Fold::Failed;
    };
    let y = match constant_attr(m, b) {
        Some(c @ Attribute::DenseInt { .. }) => splat_bits(c, width),
        _ => None,
    };
    if let Some(f) = int_identity(m, &d.name, a, b, y, width) {
        return f;
    }
    if matches!(d.name.as_str(), "arith.andi" | "arith.ori") && a == b {
        return one(Folded::Value(a));
    }
    Fold::Failed
}

/// The folds of the binary `arith` ops.
fn fold_binary(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    if d.operands.len() != 2 || d.results.len() != 1 {
        return Fold::Failed;
    }
    let (a, b) = (d.operands[0], d.operands[1]);
    let ty = m.value_type(d.results[0]).clone();
    let (ca, cb) = (constant_attr(m, a), constant_attr(m, b));
    let name = d.name.as_str();
    if let Some(width) = int_width(&ty) {
        let (x, y) = (
            ca.and_then(|c| int_bits(c, width)),
            cb.and_then(|c| int_bits(c, width)),
        );
        if let Some(f) = int_identity(m, name, a, b, y, width) {
            return f;
        }
        if let (Some(x), Some(y)) = (x, y) {
            if let Some(bits) = int_binary(name, x, y, width) {
                if let Some(attr) = int_attr(bits, &ty) {
                    return one(Folded::Constant(attr));
                }
            }
        }
        // The `Idempotent` trait's fold, after the op's own.
        if matches!(name, "arith.andi" | "arith.ori") && a == b {
            return one(Folded::Value(a));
        }
        return Fold::Failed;
    }
    let (x, y) = (ca.and_then(float_of), cb.and_then(float_of));
    let min_max = matches!(
        name,
        "arith.maximumf" | "arith.minimumf" | "arith.maxnumf" | "arith.minnumf"
    );
    if min_max && a == b {
        return one(Folded::Value(a));
    }
    // max(x, -inf) -> x, min(x, +inf) -> x
    let neutral = match name {
        "arith.maximumf" | "arith.maxnumf" => f64::NEG_INFINITY,
        "arith.minimumf" | "arith.minnumf" => f64::INFINITY,
        _ => f64::NAN,
    };
    if y == Some(neutral) {
        return one(Folded::Value(a));
    }
    if let Some(y) = y {
        let identity = match name {
            "arith.addf" => y == 0.0 && y.is_sign_negative(),
            "arith.subf" => y == 0.0 && y.is_sign_positive(),
            "arith.mulf" | "arith.divf" => y == 1.0,
            _ => false,
        };
        if identity {
            return one(Folded::Value(a));
        }
    }
    if let (Some(x), Some(y)) = (x, y) {
        if let Some(attr) = float_binary(name, x, y, &ty).and_then(|v| float_attr(v, &ty)) {
            return one(Folded::Constant(attr));
        }
    }
    Fold::Failed
}

/// IEEE 754-2019 `maximum`: a NaN operand gives NaN, and `+0 > -0`.
fn maximum(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == y {
        if x.is_sign_negative() {
            y
        } else {
            x
        }
    } else {
        x.max(y)
    }
}

/// `arith.cmpf` of two constants, or of a NaN constant and anything
/// (NaN: ordered predicates false, unordered ones true).
fn fold_cmpf(m: &Module, op: OpId) -> Fold {
    use tessera_ir::syntax::CMPF_PREDICATES;
    let d = &m.ops[op];
    let Some(Attribute::Integer { value: p, .. }) = d.attr("predicate") else {
        return Fold::Failed;
    };
    let Some(&pred) = usize::try_from(*p)
        .ok()
        .and_then(|i| CMPF_PREDICATES.get(i))
    else {
        return Fold::Failed;
    };
    let mut x = constant_attr(m, d.operands[0]).and_then(float_of);
    let mut y = constant_attr(m, d.operands[1]).and_then(float_of);
    // (a NaN decides every predicate whatever the other operand is)
    if x.is_some_and(f64::is_nan) {
        y = x;
    }
    if y.is_some_and(f64::is_nan) {
        x = y;
    }
    let holds = match (pred, x, y) {
        ("false", Some(_), Some(_)) => false,
        ("true", Some(_), Some(_)) => true,
        (_, Some(x), Some(y)) => {
            let unordered = x.is_nan() || y.is_nan();
            let compare = |ordered: bool, c: bool| if unordered { !ordered } else { c };
            match pred {
                "oeq" => compare(true, x == y),
                "ogt" => compare(true, x > y),
                "oge" => compare(true, x >= y),
                "olt" => compare(true, x < y),
                "ole" => compare(true, x <= y),
                "one" => compare(true, x != y),
                "ord" => !unordered,
                "ueq" => compare(false, x == y),
                "ugt" => compare(false, x > y),
                "uge" => compare(false, x >= y),
                "ult" => compare(false, x < y),
                "ule" => compare(false, x <= y),
                "une" => compare(false, x != y),
                _ => unordered,
            }
        }
        _ => return Fold::Failed,
    };
    one(Folded::Constant(Attribute::Bool(holds)))
}

fn fold_math(m: &Module, op: OpId) -> Fold {
    match math_constant(m, op) {
        Some(a) => one(Folded::Constant(a)),
        None => Fold::Failed,
    }
}

/// The constant a `math` op of constants folds to, computed as MLIR 19's
/// folders do: the integer functions at the type's width; the host's libm for the transcendental functions
/// (`expf` in single precision, not `exp` rounded), IEEE `copysign`, the
/// correctly rounded square root — and no fold for `rsqrt` or `cbrt`
/// (MLIR has none), nor for the functions the host's libm does not
/// compute here (`acosh`, `asinh`, `atanh`, `erf`), nor
/// for the square root or logarithms of a negative number (-0 included),
/// nor `log1p` below -1.
///
/// On vector constants the op folds lane by lane, as MLIR's
/// `constFoldUnaryOp` / `constFoldBinaryOp` fold dense attributes: only
/// when every lane folds, and to a splat when all lanes are equal.
pub(crate) fn math_constant(m: &Module, op: OpId) -> Option<Attribute> {
    let d = &m.ops[op];
    let ty = m.value_type(*d.results.first()?).clone();
    let operands: Vec<&Attribute> = d
        .operands
        .iter()
        .map(|&v| constant_attr(m, v))
        .collect::<Option<_>>()?;
    if !matches!(ty, Type::Vector { .. }) {
        return math_scalar(&d.name, &ty, &operands);
    }
    let elem = ty.element_type()?;
    let lanes: Vec<Vec<Attribute>> = operands
        .iter()
        .map(|a| dense_lanes(a).map(|(lanes, _)| lanes))
        .collect::<Option<_>>()?;
    let count = lanes.first()?.len();
    let folded: Vec<Attribute> = (0..count)
        .map(|k| {
            let args: Vec<&Attribute> = lanes.iter().map(|l| l.get(k)).collect::<Option<_>>()?;
            math_scalar(&d.name, elem, &args)
        })
        .collect::<Option<_>>()?;
    dense_of(&folded, &ty)
}

/// [`math_constant`] of the op `name` on scalar constants of type `ty`.
fn math_scalar(name: &str, ty: &Type, operands: &[&Attribute]) -> Option<Attribute> {
    let operand = |k: usize| operands.get(k).and_then(|a| float_of(a));
    if let Some(f) = IntMathFn::of(name) {
        let width = int_width(ty)?;
        let bits = int_bits(operands.first()?, width)?;
        return int_attr(f.apply(bits, width), ty);
    }
    let ty = ty.clone();
    let value = match name {
        "math.powf" | "math.copysign" | "math.atan2" => {
            let (x, y) = (operand(0)?, operand(1)?);
            match (name, &ty) {
                ("math.powf", Type::F32) => f64::from((x as f32).powf(y as f32)),
                ("math.copysign", Type::F32) => f64::from((x as f32).copysign(y as f32)),
                (_, Type::F32) => f64::from((x as f32).atan2(y as f32)),
                ("math.powf", Type::F64) => x.powf(y),
                ("math.copysign", Type::F64) => x.copysign(y),
                (_, Type::F64) => x.atan2(y),
                _ => return None,
            }
        }
        name => {
            let (f, x) = (MathFn::of(name)?, operand(0)?);
            let partial = matches!(f, MathFn::Sqrt | MathFn::Log | MathFn::Log2 | MathFn::Log10);
            let below_minus_one = f == MathFn::Log1p && x + 1.0 < 0.0;
            // MLIR has no folder for rsqrt and cbrt; those of acosh,
            // asinh, atanh and erf call the host's libm, which the
            // interpreter's functions may differ from in the last bit.
            let unfolded = matches!(f, MathFn::Rsqrt | MathFn::Cbrt) || !f.is_platform_libm();
            if unfolded || (partial && x.is_sign_negative()) || below_minus_one {
                return None;
            }
            match ty {
                Type::F32 => f64::from(f.f32(x as f32)),
                Type::F64 => f.f64(x),
                _ => return None,
            }
        }
    };
    float_attr(value, &ty)
}

/// The folders of `ExtUIOp`, `ExtSIOp` and `TruncIOp` on a chain of
/// casts: `ext(ext(x))` extends `x` at once (in place),
/// `trunci(ext(x))` truncates `x` when it is wider than the result (in
/// place) and is `x` when it has the result's type, and
/// `trunci(trunci(x))` truncates `x` at once (in place).
fn fold_cast_chain(m: &mut Module, op: OpId) -> Fold {
    let name = m.ops[op].name.clone();
    let Some(def) = m.defining_op(m.ops[op].operands[0]) else {
        return Fold::Failed;
    };
    let inner = m.ops[def].name.clone();
    let Some(&x) = m.ops[def].operands.first() else {
        return Fold::Failed;
    };
    let in_place = |m: &mut Module| {
        m.ops[op].operands[0] = x;
        Fold::InPlace
    };
    match (name.as_str(), inner.as_str()) {
        ("arith.extui", "arith.extui") | ("arith.extsi", "arith.extsi") => in_place(m),
        ("arith.trunci", "arith.extui" | "arith.extsi") => {
            let res = m.value_type(m.ops[op].results[0]).clone();
            let from = m.value_type(x).clone();
            match (elem_int_width(&from), elem_int_width(&res)) {
                (Some(f), Some(r)) if f > r => in_place(m),
                _ if from == res => one(Folded::Value(x)),
                _ => Fold::Failed,
            }
        }
        ("arith.trunci", "arith.trunci") => in_place(m),
        _ => Fold::Failed,
    }
}

/// The casts of a constant: integer extensions and truncation, float
/// extension and exact truncation, conversions between
/// integers and floats (a float to integer only when its truncation
/// toward zero fits).
fn fold_cast(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let (src, res) = (d.operands[0], d.results[0]);
    let (from, to) = (m.value_type(src), m.value_type(res));
    let Some(c) = constant_attr(m, src) else {
        return Fold::Failed;
    };
    let folded = match (from.element_type(), to.element_type()) {
        // Vector constants cast lane by lane (`constFoldCastOp`).
        (Some(from_elem), Some(to_elem)) => dense_lanes(c).and_then(|(lanes, _)| {
            let cast: Option<Vec<Attribute>> = lanes
                .iter()
                .map(|x| cast_scalar(&d.name, from_elem, to_elem, x))
                .collect();
            dense_of(&cast?, to)
        }),
        _ => cast_scalar(&d.name, from, to, c),
    };
    match folded {
        Some(a) => one(Folded::Constant(a)),
        None => Fold::Failed,
    }
}

/// A cast of the scalar constant `c` from `from` to `to`; `None` where
/// MLIR's folder declines (an inexact float conversion, a float out of
/// the integer's range).
fn cast_scalar(name: &str, from: &Type, to: &Type, c: &Attribute) -> Option<Attribute> {
    match name {
        "arith.extsi" | "arith.extui" | "arith.trunci" => {
            let (wf, wt) = (int_width(from)?, int_width(to)?);
            let bits = int_bits(c, wf)?;
            let bits = if name == "arith.extsi" {
                signed(bits, wf) as u64
            } else {
                bits
            };
            int_attr(truncate(bits, wt), to)
        }
        "arith.sitofp" | "arith.uitofp" => {
            let wf = int_width(from)?;
            let bits = int_bits(c, wf)?;
            let value = match (name == "arith.sitofp", to) {
                (true, Type::F32) => f64::from(signed(bits, wf) as f32),
                (true, _) => signed(bits, wf) as f64,
                (false, Type::F32) => f64::from(bits as f32),
                (false, _) => bits as f64,
            };
            float_attr(value, to)
        }
        "arith.fptosi" | "arith.fptoui" => {
            let (x, wt) = (float_of(c)?, int_width(to)?);
            let t = x.trunc();
            let fits = if name == "arith.fptosi" {
                let half = 2f64.powi(wt as i32 - 1);
                t >= -half && t < half
            } else {
                t >= 0.0 && t < 2f64.powi(wt as i32)
            };
            if !fits {
                return None;
            }
            let bits = if t < 0.0 { t as i64 as u64 } else { t as u64 };
            int_attr(truncate(bits, wt), to)
        }
        _ => {
            let x = float_of(c)?;
            let value = match to {
                Type::F32 => f64::from(x as f32),
                _ => x,
            };
            // Only an exact conversion folds (`convertFloatValue`).
            (value == x).then_some(())?;
            float_attr(value, to)
        }
    }
}

/// The identities of MLIR's integer folders (`y` the constant right
/// operand, if any).
fn int_identity(
    m: &Module,
    name: &str,
    a: Value,
    b: Value,
    y: Option<u64>,
    width: u32,
) -> Option<Fold> {
    let ty = m.value_type(a).clone();
    let constant = |bits: u64| Some(one(Folded::Constant(int_attr(bits, &ty)?)));
    let value = |v: Value| Some(one(Folded::Value(v)));
    let ones = truncate(u64::MAX, width);
    let smax = ones >> 1;
    let smin = smax.wrapping_add(1) & ones;
    // Each op's rules in the order of its MLIR folder: which rule fires
    // decides whether the result is an existing value or a new constant.
    match name {
        "arith.addi" => {
            if y == Some(0) {
                return value(a);
            }
            // addi(subi(x, y), y) -> x, addi(y, subi(x, y)) -> x
            let sub_of = |v: Value, other: Value| {
                let def = m.defining_op(v)?;
                let d = &m.ops[def];
                (d.name == "arith.subi" && d.operands[1] == other).then(|| d.operands[0])
            };
            sub_of(a, b).or_else(|| sub_of(b, a)).and_then(value)
        }
        "arith.subi" => {
            if a == b {
                return constant(0);
            }
            if y == Some(0) {
                return value(a);
            }
            // subi(addi(x, y), y) -> x, subi(addi(x, y), x) -> y
            let def = m.defining_op(a)?;
            let d = &m.ops[def];
            if d.name != "arith.addi" {
                None
            } else if d.operands[1] == b {
                value(d.operands[0])
            } else if d.operands[0] == b {
                value(d.operands[1])
            } else {
                None
            }
        }
        "arith.muli" => match y {
            Some(0) => value(b),
            Some(1) => value(a),
            _ => None,
        },
        "arith.divsi" | "arith.divui" | "arith.ceildivsi" | "arith.ceildivui"
        | "arith.floordivsi" => (y == Some(1)).then(|| one(Folded::Value(a))),
        "arith.remsi" | "arith.remui" => (y == Some(1)).then(|| constant(0)).flatten(),
        "arith.andi" => match y {
            Some(0) => value(b),
            Some(y) if y == ones => value(a),
            // and(x, not(x)) -> 0, and(not(x), x) -> 0
            _ if not_of(m, b, a, width).is_some() || not_of(m, a, b, width).is_some() => {
                constant(0)
            }
            // and(x, and(x, y)) -> and(x, y), either side, either order.
            _ => {
                let absorbs = |v: Value, other: Value| {
                    let def = m.defining_op(v)?;
                    let d = &m.ops[def];
                    (d.name == "arith.andi" && d.operands.contains(&other)).then_some(v)
                };
                absorbs(b, a).or_else(|| absorbs(a, b)).and_then(value)
            }
        },
        "arith.ori" => match y {
            Some(0) => value(a),
            Some(y) if y == ones => constant(ones),
            // or(x, not(x)) -> the all-ones operand of the `not`
            _ => not_of(m, b, a, width)
                .or_else(|| not_of(m, a, b, width))
                .and_then(value),
        },
        "arith.xori" => {
            if y == Some(0) {
                return value(a);
            }
            if a == b {
                return constant(0);
            }
            // xor(xor(x, a), a) -> x and its three mirror images.
            let cancel = |v: Value, other: Value| {
                let def = m.defining_op(v)?;
                let d = &m.ops[def];
                if d.name != "arith.xori" {
                    return None;
                }
                if d.operands[1] == other {
                    Some(d.operands[0])
                } else if d.operands[0] == other {
                    Some(d.operands[1])
                } else {
                    None
                }
            };
            cancel(a, b).or_else(|| cancel(b, a)).and_then(value)
        }
        "arith.shli" | "arith.shrsi" | "arith.shrui" => {
            (y == Some(0)).then(|| one(Folded::Value(a)))
        }
        "arith.maxsi" | "arith.minsi" | "arith.maxui" | "arith.minui" => {
            if a == b {
                return value(b);
            }
            // The extremes of each order: max(x, MAX) = MAX, max(x, MIN) = x, ...
            match (name, y?) {
                ("arith.maxsi", y) if y == smax => value(b),
                ("arith.maxsi", y) if y == smin => value(a),
                ("arith.minsi", y) if y == smin => value(b),
                ("arith.minsi", y) if y == smax => value(a),
                ("arith.maxui", y) if y == ones => value(b),
                ("arith.maxui", 0) => value(a),
                ("arith.minui", 0) => value(b),
                ("arith.minui", y) if y == ones => value(a),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Constant folding of a binary integer op on `width`-bit operands;
/// `None` where MLIR does not fold (division by zero, signed overflow,
/// shifts by the width or more).
fn int_binary(name: &str, x: u64, y: u64, width: u32) -> Option<u64> {
    let (sx, sy) = (signed(x, width) as i128, signed(y, width) as i128);
    let min = -(1i128 << (width - 1));
    let max = (1i128 << (width - 1)) - 1;
    let wrap = |v: i128| Some(truncate(v as u64, width));
    match name {
        "arith.addi" => wrap(sx + sy),
        "arith.subi" => wrap(sx - sy),
        "arith.muli" => wrap(sx.wrapping_mul(sy)),
        "arith.andi" => Some(x & y),
        "arith.ori" => Some(x | y),
        "arith.xori" => Some(x ^ y),
        "arith.divui" => (y != 0).then(|| x / y),
        "arith.ceildivui" => (y != 0).then(|| x / y + u64::from(x % y != 0)),
        "arith.remui" => (y != 0).then(|| x % y),
        "arith.remsi" => (sy != 0).then(|| truncate((sx % sy) as u64, width)),
        "arith.ceildivsi" => ceil_div_si(sx, sy, min, max).map(|v| truncate(v as u64, width)),
        "arith.divsi" | "arith.floordivsi" => {
            if sy == 0 || (sx == min && sy == -1) {
                return None;
            }
            let (q, r) = (sx / sy, sx % sy);
            let v = if name == "arith.floordivsi" && r != 0 && ((r < 0) != (sy < 0)) {
                q - 1
            } else {
                q
            };
            Some(truncate(v as u64, width))
        }
        "arith.maxsi" => Some(if sx >= sy { x } else { y }),
        "arith.minsi" => Some(if sx <= sy { x } else { y }),
        "arith.maxui" => Some(x.max(y)),
        "arith.minui" => Some(x.min(y)),
        "arith.shli" => (y < u64::from(width)).then(|| truncate(x << y, width)),
        "arith.shrui" => (y < u64::from(width)).then(|| x >> y),
        "arith.shrsi" => (y < u64::from(width)).then(|| truncate((sx >> y) as u64, width)),
        _ => None,
    }
}

/// MLIR's fold of `ceildivsi` on values in `min..=max`: through
/// negations of the operands, each of which must not overflow (so
/// `ceildivsi(MIN, MIN)` does not fold), and no division by zero.
fn ceil_div_si(a: i128, b: i128, min: i128, max: i128) -> Option<i128> {
    let fits = |v: i128| (min..=max).contains(&v).then_some(v);
    // ceil(a / b) for a >= 0, b > 0: ((a - 1) / b) + 1, each step checked.
    let ceil_nonneg = |a: i128, b: i128| fits(fits(a - 1)? / b).and_then(|q| fits(q + 1));
    if b == 0 {
        return None;
    }
    if a == 0 {
        return Some(0);
    }
    match (a > 0, b > 0) {
        (true, true) => ceil_nonneg(a, b),
        (false, false) => ceil_nonneg(fits(-a)?, fits(-b)?),
        (false, true) => fits(-(fits(fits(-a)? / b)?)),
        (true, false) => fits(-(fits(a / fits(-b)?)?)),
    }
}

/// `arith.cmpi`: equal operands, constant operands, and a constant left
/// operand moved right (the predicate swapped).
fn fold_cmpi(m: &mut Module, op: OpId) -> Fold {
    use tessera_ir::syntax::CMPI_PREDICATES;
    let d = &m.ops[op];
    let Some(Attribute::Integer { value: p, ty: pty }) = d.attr("predicate").cloned() else {
        return Fold::Failed;
    };
    let Some(&pred) = usize::try_from(p).ok().and_then(|i| CMPI_PREDICATES.get(i)) else {
        return Fold::Failed;
    };
    let (a, b) = (d.operands[0], d.operands[1]);
    let operand_ty = m.value_type(a);
    let Some(width) = int_width(operand_ty.element_type().unwrap_or(operand_ty)) else {
        return Fold::Failed;
    };
    let result_ty = m.value_type(d.results[0]).clone();
    // A scalar `i1`, or the splat or lanes of a vector of them.
    let bools = |lanes: &[bool]| -> Option<Attribute> {
        let lanes: Vec<Attribute> = lanes.iter().map(|&b| Attribute::Bool(b)).collect();
        match result_ty {
            Type::Vector { .. } | Type::Tensor { .. } => dense_of(&lanes, &result_ty),
            Type::Integer(1) => lanes.first().cloned(),
            _ => None,
        }
    };
    let compare = |x: u64, y: u64| {
        let (sx, sy) = (signed(x, width), signed(y, width));
        match pred {
            "eq" => x == y,
            "ne" => x != y,
            "slt" => sx < sy,
            "sle" => sx <= sy,
            "sgt" => sx > sy,
            "sge" => sx >= sy,
            "ult" => x < y,
            "ule" => x <= y,
            "ugt" => x > y,
            _ => x >= y,
        }
    };
    if a == b {
        let holds = matches!(pred, "eq" | "sle" | "sge" | "ule" | "uge");
        return match bools(&[holds]) {
            Some(c) => one(Folded::Constant(c)),
            None => Fold::Failed,
        };
    }
    // `extsi(x : i1) != 0` and `extui(x : i1) != 0` are `x`.
    if pred == "ne" && constant_attr(m, b).is_some_and(is_int_zero) {
        let extended = m
            .defining_op(a)
            .filter(|&o| matches!(m.ops[o].name.as_str(), "arith.extsi" | "arith.extui"))
            .map(|o| m.ops[o].operands[0]);
        if let Some(x) = extended.filter(|&x| {
            matches!(m.value_type(x), Type::Integer(1))
                || matches!(m.value_type(x), Type::Vector { elem, .. } if **elem == Type::Integer(1))
        }) {
            return one(Folded::Value(x));
        }
    }
    // Vector constants compare lane by lane (`constFoldBinaryOp`).
    if let (Some((xs, _)), Some((ys, _))) = (
        constant_attr(m, a).and_then(dense_lanes),
        constant_attr(m, b).and_then(dense_lanes),
    ) {
        let lanes: Option<Vec<bool>> = xs
            .iter()
            .zip(&ys)
            .map(|(x, y)| Some(compare(int_bits(x, width)?, int_bits(y, width)?)))
            .collect();
        return match lanes.and_then(|l| bools(&l)) {
            Some(c) => one(Folded::Constant(c)),
            None => Fold::Failed,
        };
    }
    let x = constant_attr(m, a).map(|c| int_bits(c, width));
    let y = constant_attr(m, b).map(|c| int_bits(c, width));
    match (x, y) {
        (Some(Some(x)), Some(Some(y))) => one(Folded::Constant(Attribute::Bool(compare(x, y)))),
        (Some(_), None) => {
            // The constant moves to the right (vectors too).
            let swapped = match pred {
                "slt" => "sgt",
                "sgt" => "slt",
                "sle" => "sge",
                "sge" => "sle",
                "ult" => "ugt",
                "ugt" => "ult",
                "ule" => "uge",
                "uge" => "ule",
                other => other,
            };
            let index = CMPI_PREDICATES
                .iter()
                .position(|&q| q == swapped)
                .unwrap_or(0);
            m.set_prop(
                op,
                "predicate",
                Attribute::Integer {
                    value: index as i64,
                    ty: pty,
                },
            );
            m.ops[op].operands.swap(0, 1);
            Fold::InPlace
        }
        _ => Fold::Failed,
    }
}

/// `scf.if` on `xori(c, 1)` with an `else`: on `c`, its branches
/// swapped.
fn fold_if_not(m: &mut Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let has_else = d
        .regions
        .get(1)
        .is_some_and(|&r| !m.regions[r].blocks.is_empty());
    let Some(&cond) = d.operands.first() else {
        return Fold::Failed;
    };
    let negated = m.defining_op(cond).and_then(|x| {
        let [c, one] = m.ops[x].operands[..] else {
            return None;
        };
        let is_one = constant_attr(m, one).and_then(|a| int_bits(a, 1)) == Some(1);
        (m.ops[x].name == "arith.xori" && is_one).then_some(c)
    });
    match negated {
        Some(c) if has_else => {
            m.ops[op].operands[0] = c;
            m.ops[op].regions.swap(0, 1);
            Fold::InPlace
        }
        _ => Fold::Failed,
    }
}

/// `arith.select`: a constant condition, equal branches, `select(c,
/// true, false)`.
fn fold_select(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let [c, t, f] = d.operands[..] else {
        return Fold::Failed;
    };
    if t == f {
        return one(Folded::Value(t));
    }
    let condition = constant_attr(m, c);
    let splat = match condition {
        Some(Attribute::Bool(b)) => Some(*b),
        Some(Attribute::DenseInt { values, .. }) if values.len() == 1 => Some(values[0] != 0),
        _ => None,
    };
    match splat {
        Some(true) => return one(Folded::Value(t)),
        Some(false) => return one(Folded::Value(f)),
        None => {}
    }
    if *m.value_type(t) == Type::Integer(1)
        && matches!(constant_attr(m, t), Some(Attribute::Bool(true)))
        && matches!(constant_attr(m, f), Some(Attribute::Bool(false)))
    {
        return one(Folded::Value(c));
    }
    // select (cmpi eq a, b), a, b -> b; with `ne`, a (either order).
    if let Some(cmp) = m.defining_op(c).filter(|&o| m.ops[o].name == "arith.cmpi") {
        let predicate = m.ops[cmp].attr("predicate").and_then(Attribute::as_int);
        if let (&[l, r], Some(p @ (0 | 1))) = (m.ops[cmp].operands.as_slice(), predicate) {
            if (l == t && r == f) || (r == t && l == f) {
                return one(Folded::Value(if p == 1 { t } else { f }));
            }
        }
    }
    // Vector constants picked lane by lane by a constant condition.
    if let (Some((cs, _)), Some((ts, ty)), Some((fs, _))) = (
        condition.and_then(dense_lanes),
        constant_attr(m, t).and_then(dense_lanes),
        constant_attr(m, f).and_then(dense_lanes),
    ) {
        let lanes: Vec<Attribute> = cs
            .iter()
            .zip(ts.into_iter().zip(fs))
            .map(|(c, (t, f))| {
                if matches!(c, Attribute::Bool(true)) {
                    t
                } else {
                    f
                }
            })
            .collect();
        if let Some(folded) = dense_of(&lanes, ty) {
            return one(Folded::Constant(folded));
        }
    }
    Fold::Failed
}

/// `arith.bitcast`: to its own type, the operand; of a constant, the
/// constant's bits reinterpreted.
fn fold_bitcast(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let (Some(&src), Some(&res)) = (d.operands.first(), d.results.first()) else {
        return Fold::Failed;
    };
    let (from, to) = (m.value_type(src), m.value_type(res));
    if from == to {
        return one(Folded::Value(src));
    }
    let Some(c) = constant_attr(m, src) else {
        return Fold::Failed;
    };
    let folded = match (from.element_type(), to.element_type()) {
        // Dense elements are cast lane by lane (`DenseElementsAttr::bitcast`).
        (Some(from_elem), Some(to_elem)) => dense_lanes(c).and_then(|(lanes, _)| {
            let cast: Option<Vec<Attribute>> = lanes
                .iter()
                .map(|l| of_bits(bits_of(l, from_elem)?, to_elem))
                .collect();
            dense_of(&cast?, to)
        }),
        (None, None) => bits_of(c, from).and_then(|bits| of_bits(bits, to)),
        _ => None,
    };
    folded.map_or(Fold::Failed, |a| one(Folded::Constant(a)))
}

/// The encoding of the scalar constant `c` of type `ty`.
fn bits_of(c: &Attribute, ty: &Type) -> Option<u64> {
    match c {
        Attribute::Float { value, .. } => float_to_bits(*value, ty),
        c => int_width(ty).and_then(|w| int_bits(c, w)),
    }
}

/// The scalar constant of type `ty` encoded by `bits`.
fn of_bits(bits: u64, ty: &Type) -> Option<Attribute> {
    match float_from_bits(bits, ty) {
        Some(value) => Some(Attribute::Float {
            value,
            ty: ty.clone(),
        }),
        None => int_attr(bits, ty),
    }
}

/// `arith.index_cast(ui)` of a constant.
fn fold_index_cast(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let (Some(&src), Some(&res)) = (d.operands.first(), d.results.first()) else {
        return Fold::Failed;
    };
    let (Some(from), Some(to)) = (int_width(m.value_type(src)), int_width(m.value_type(res)))
    else {
        return Fold::Failed;
    };
    let Some(bits) = constant_attr(m, src).and_then(|c| int_bits(c, from)) else {
        return Fold::Failed;
    };
    let extended = if d.name == "arith.index_cast" {
        signed(bits, from) as u64
    } else {
        bits
    };
    match int_attr(truncate(extended, to), m.value_type(res)) {
        Some(a) => one(Folded::Constant(a)),
        None => Fold::Failed,
    }
}

/// `arith.negf` of a constant or of a `negf`.
fn fold_negf(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let Some(&x) = d.operands.first() else {
        return Fold::Failed;
    };
    if let Some(def) = m.defining_op(x) {
        if m.ops[def].name == "arith.negf" {
            return one(Folded::Value(m.ops[def].operands[0]));
        }
    }
    let ty = m.value_type(d.results[0]).clone();
    match constant_attr(m, x)
        .and_then(float_of)
        .and_then(|v| float_attr(-v, &ty))
    {
        Some(a) => one(Folded::Constant(a)),
        None => Fold::Failed,
    }
}

fn map_of(m: &Module, op: OpId) -> Option<AffineMap> {
    match m.ops[op].attr("map") {
        Some(Attribute::AffineMap(map)) => Some(map.clone()),
        _ => None,
    }
}

/// `AffineApplyOp::fold`: a result that is a dim or symbol is that
/// operand; a map whose operands it uses are constants folds.
fn fold_apply(m: &Module, op: OpId) -> Fold {
    let Some(map) = map_of(m, op) else {
        return Fold::Failed;
    };
    let operands = &m.ops[op].operands;
    let [e] = map.results() else {
        return Fold::Failed;
    };
    match *e.kind() {
        ExprKind::Dim(d) => return one(Folded::Value(operands[d as usize])),
        ExprKind::Symbol(s) => {
            return one(Folded::Value(operands[(map.num_dims() + s) as usize]));
        }
        _ => {}
    }
    let (_, values) = partial_constant_fold(&map, &constant_operands(m, operands));
    match values.as_deref() {
        Some([v]) => one(Folded::Constant(Attribute::index(*v))),
        _ => Fold::Failed,
    }
}

/// `foldMinMaxOp`: every result constant gives the min (max); otherwise
/// the constant results folded into the map in place.
fn fold_min_max(m: &mut Module, op: OpId, is_max: bool) -> Fold {
    let Some(map) = map_of(m, op) else {
        return Fold::Failed;
    };
    let operands = m.ops[op].operands.clone();
    let (folded, values) = partial_constant_fold(&map, &constant_operands(m, &operands));
    if folded.num_symbols() == 1 && folded.num_dims() == 0 {
        if let [e] = folded.results() {
            if matches!(e.kind(), ExprKind::Symbol(0)) {
                return one(Folded::Value(operands[0]));
            }
        }
    }
    match values {
        Some(values) => {
            let v = if is_max {
                values.iter().max()
            } else {
                values.iter().min()
            };
            match v {
                Some(&v) => one(Folded::Constant(Attribute::index(v))),
                None => Fold::Failed,
            }
        }
        None if folded == map => Fold::Failed,
        None => {
            m.set_prop(op, "map", Attribute::AffineMap(folded));
            Fold::InPlace
        }
    }
}

/// `AffineForOp::fold`: bounds folded and canonicalized; a loop with
/// results that never runs is its initial values.
fn fold_for(m: &mut Module, op: OpId) -> Fold {
    let mut folded = fold_loop_bounds(m, op);
    folded |= canonicalize_loop_bounds(m, op);
    if let Some(l) = ForLoop::read(m, op) {
        let zero_trip = match (l.lower.as_constant(), l.upper.as_constant()) {
            (Some(lb), Some(ub)) => ub <= lb,
            _ => false,
        };
        if zero_trip && !m.ops[op].results.is_empty() {
            return Fold::Replace(l.inits.into_iter().map(Folded::Value).collect());
        }
    }
    if folded {
        Fold::InPlace
    } else {
        Fold::Failed
    }
}

/// `AffineIfOp::fold`: the condition's `affine.apply` operands composed
/// in, the set and operands canonicalized.
fn fold_if(m: &mut Module, op: OpId) -> Fold {
    let Some(Attribute::IntegerSet(set)) = m.ops[op].attr("condition").cloned() else {
        return Fold::Failed;
    };
    let operands = m.ops[op].operands.clone();
    let (new_set, new_operands) = compose_set(m, &set, &operands);
    let (new_set, new_operands) = canonicalize_set(m, &new_set, &new_operands);
    let (new_set, new_operands) = legal_symbols_set(m, &new_set, &new_operands);
    if new_set == set && new_operands == operands {
        return Fold::Failed;
    }
    m.set_attr(op, "condition", Attribute::IntegerSet(new_set));
    m.ops[op].operands = new_operands;
    Fold::InPlace
}

/// `memref::foldMemRefCast`: a memref operand produced by a
/// `memref.cast` of a ranked memref is replaced by the cast's source —
/// but for the value a store writes (a memref stored into a memref of
/// memrefs keeps its type, as `AffineStoreOp::fold` and `StoreOp::fold`
/// leave it alone).
fn fold_memref_cast(m: &mut Module, op: OpId) -> Fold {
    let first = match m.ops[op].name.as_str() {
        "affine.store" | "memref.store" => 1,
        _ => 0,
    };
    fold_cast_operands(m, op, first, |from, _| matches!(from, Type::MemRef { .. }))
}

/// `CopyOp::fold`: a `memref.copy` operand produced by a `memref.cast`
/// that only erases static sizes (`canFoldIntoConsumerOp`) is replaced by
/// the cast's source.
fn fold_copy_of_cast(m: &mut Module, op: OpId) -> Fold {
    fold_cast_operands(m, op, 0, |from, to| match (from, to) {
        (
            Type::MemRef {
                shape: from,
                elem: e1,
                layout: None,
                space: s1,
            },
            Type::MemRef {
                shape: to,
                elem: e2,
                layout: None,
                space: s2,
            },
        ) => {
            e1 == e2
                && s1 == s2
                && from.len() == to.len()
                && from.iter().zip(to).all(|(&f, &t)| f == t || t < 0)
        }
        _ => false,
    })
}

/// MLIR's `foldReshapeOp` for `memref.expand_shape` and `collapse_shape`:
/// a reshape to its source's type is its source; so is one undoing an
/// `inverse` reshape (of the type this one makes) when the types have at
/// most one dynamic size, or the two reshapes group the dimensions alike
/// (expanding then collapsing, or at most one dynamic size per group).
fn fold_reshape(m: &Module, op: OpId, inverse: &str) -> Fold {
    let d = &m.ops[op];
    let (Some(&src), Some(&res)) = (d.operands.first(), d.results.first()) else {
        return Fold::Failed;
    };
    let result_ty = m.value_type(res);
    if m.value_type(src) == result_ty {
        return one(Folded::Value(src));
    }
    let Some(prev) = m.defining_op(src).filter(|&p| m.ops[p].name == inverse) else {
        return Fold::Failed;
    };
    let Some(&original) = m.ops[prev].operands.first() else {
        return Fold::Failed;
    };
    let original_ty = m.value_type(original);
    if original_ty != result_ty {
        return Fold::Failed;
    }
    let Some(shape) = original_ty.shape() else {
        return Fold::Failed;
    };
    let dynamic = |dims: &[i64]| dims.iter().filter(|&&n| n == DYNAMIC).count();
    if dynamic(shape) < 2 {
        return one(Folded::Value(original));
    }
    let groups = tessera_ir::views::reassociation(m, op);
    if groups.is_none() || groups != tessera_ir::views::reassociation(m, prev) {
        return Fold::Failed;
    }
    let expanded_between = m.value_type(src).shape().map_or(0, <[i64]>::len) > shape.len();
    let groups_fine = groups.into_iter().flatten().all(|g| {
        let slice: Vec<i64> = g.iter().filter_map(|&k| shape.get(k).copied()).collect();
        dynamic(&slice) < 2
    });
    if expanded_between || groups_fine {
        one(Folded::Value(original))
    } else {
        Fold::Failed
    }
}

/// `ReinterpretCastOp::fold`: a reinterpret cast of a reinterpret cast, of
/// a cast, or of a subview at offset zero casts that op's source instead
/// (in place); one changing neither type nor offset (a static shape,
/// offset 0) is its source.
fn fold_reinterpret_cast(m: &mut Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let (Some(&src), Some(&res)) = (d.operands.first(), d.results.first()) else {
        return Fold::Failed;
    };
    let prev_src = m.defining_op(src).and_then(|p| {
        let pd = &m.ops[p];
        let zero_offsets = || {
            tessera_ir::views::Slices::of(m, p).is_some_and(|s| {
                s.offsets.iter().all(|o| match o {
                    tessera_ir::views::Mixed::Static(k) => *k == 0,
                    tessera_ir::views::Mixed::Dynamic(v) => m.constant_int(*v) == Some(0),
                })
            })
        };
        match pd.name.as_str() {
            "memref.reinterpret_cast" | "memref.cast" => pd.operands.first().copied(),
            "memref.subview" if zero_offsets() => pd.operands.first().copied(),
            _ => None,
        }
    });
    if let Some(p) = prev_src {
        m.ops[op].operands[0] = p;
        return Fold::InPlace;
    }
    let static_shape = m
        .value_type(res)
        .shape()
        .is_some_and(|s| s.iter().all(|&n| n != DYNAMIC));
    let zero_offset = tessera_ir::views::Slices::of(m, op)
        .is_some_and(|s| matches!(s.offsets.first(), Some(tessera_ir::views::Mixed::Static(0))));
    if static_shape && m.value_type(src) == m.value_type(res) && zero_offset {
        return one(Folded::Value(src));
    }
    Fold::Failed
}

/// Replaces each operand of `op` from the `first` on produced by a
/// `memref.cast` whose source and result types `foldable` accepts by the
/// cast's source.
fn fold_cast_operands(
    m: &mut Module,
    op: OpId,
    first: usize,
    foldable: impl Fn(&Type, &Type) -> bool,
) -> Fold {
    let mut changed = false;
    for i in first..m.ops[op].operands.len() {
        let v = m.ops[op].operands[i];
        let Some(def) = m.defining_op(v).filter(|&d| m.ops[d].name == "memref.cast") else {
            continue;
        };
        let src = m.ops[def].operands[0];
        if foldable(m.value_type(src), m.value_type(v)) {
            m.ops[op].operands[i] = src;
            changed = true;
        }
    }
    if changed {
        Fold::InPlace
    } else {
        Fold::Failed
    }
}

/// `SubViewOp::fold`: a subview of the source's own static type is the
/// source; so is a subview at zero offsets with unit strides of a
/// subview of the same sizes, when the types agree.
fn fold_subview(m: &Module, op: OpId) -> Fold {
    use tessera_ir::views::{Mixed, Slices};
    let d = &m.ops[op];
    let (Some(&src), Some(&res)) = (d.operands.first(), d.results.first()) else {
        return Fold::Failed;
    };
    let (src_ty, res_ty) = (m.value_type(src), m.value_type(res));
    let static_shape =
        matches!(res_ty, Type::MemRef { shape, .. } if shape.iter().all(|&n| n >= 0));
    if static_shape && src_ty == res_ty {
        return one(Folded::Value(src));
    }
    let Some(inner) = m
        .defining_op(src)
        .filter(|&o| m.ops[o].name == "memref.subview")
    else {
        return Fold::Failed;
    };
    let (Some(outer), Some(inner_slices)) = (Slices::of(m, op), Slices::of(m, inner)) else {
        return Fold::Failed;
    };
    let is = |entry: &Mixed, c: i64| super::views::is_constant(m, entry, c);
    let trivial = outer.offsets.iter().all(|o| is(o, 0))
        && outer.strides.iter().all(|s| is(s, 1))
        && outer.sizes == inner_slices.sizes
        && src_ty == res_ty;
    if trivial {
        one(Folded::Value(src))
    } else {
        Fold::Failed
    }
}

/// `memref.dim` of a static size, or of a dynamic size given to the
/// `memref.alloc` / `alloca` that made the memref.
fn fold_dim(m: &mut Module, op: OpId) -> Fold {
    use tessera_ir::views::{dropped_dims, Mixed, Slices};
    let d = &m.ops[op];
    let [src, index] = d.operands[..] else {
        return Fold::Failed;
    };
    let Some(Attribute::Integer { value: i, .. }) = constant_attr(m, index) else {
        return Fold::Failed;
    };
    let Type::MemRef { shape, .. } = m.value_type(src) else {
        return Fold::Failed;
    };
    let Some(i) = usize::try_from(*i).ok().filter(|&i| i < shape.len()) else {
        return Fold::Failed;
    };
    let size = shape[i];
    if size >= 0 {
        return one(Folded::Constant(Attribute::index(size)));
    }
    // A dynamic size: the operand that gave it (MLIR's `DimOp::fold`).
    let dynamic_before = shape[..i].iter().filter(|&&s| s < 0).count();
    let mixed = |m: &Module, def: OpId, k: usize| match Slices::of(m, def)?.sizes.get(k)? {
        Mixed::Dynamic(v) => Some(Folded::Value(*v)),
        Mixed::Static(c) => Some(Folded::Constant(Attribute::index(*c))),
    };
    let given = m.defining_op(src).and_then(|def| {
        let dd = &m.ops[def];
        match dd.name.as_str() {
            "memref.alloc" | "memref.alloca" => {
                dd.operands.get(dynamic_before).map(|&v| Folded::Value(v))
            }
            "memref.view" => dd
                .operands
                .get(2 + dynamic_before)
                .map(|&v| Folded::Value(v)),
            "memref.subview" => {
                let slices = Slices::of(m, def)?;
                let dropped = dropped_dims(&slices.sizes, m.value_type(src))?;
                let source_index = (0..slices.sizes.len())
                    .filter(|k| !dropped.contains(k))
                    .nth(i)?;
                mixed(m, def, source_index)
            }
            "memref.reinterpret_cast" => mixed(m, def, i),
            _ => None,
        }
    });
    match given {
        Some(folded) => one(folded),
        None => fold_memref_cast(m, op),
    }
}

/// `tensor::DimOp::fold`, for a static size: the constant.
pub(crate) fn fold_tensor_dim(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let [src, index] = d.operands[..] else {
        return Fold::Failed;
    };
    let Some(Attribute::Integer { value: i, .. }) = constant_attr(m, index) else {
        return Fold::Failed;
    };
    let Type::Tensor { shape, .. } = m.value_type(src) else {
        return Fold::Failed;
    };
    match usize::try_from(*i).ok().and_then(|i| shape.get(i)) {
        Some(&size) if size >= 0 => one(Folded::Constant(Attribute::index(size))),
        _ => Fold::Failed,
    }
}

/// `BroadcastOp::fold` / `SplatOp::fold`: a broadcast to its own type is
/// its source; of a scalar constant (or, for a broadcast, a splat vector
/// constant), a splat constant of the result type.
fn fold_broadcast(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let (Some(&src), Some(&r)) = (d.operands.first(), d.results.first()) else {
        return Fold::Failed;
    };
    let ty = m.value_type(r).clone();
    if d.name == "vector.broadcast" && m.value_type(src) == &ty {
        return one(Folded::Value(src));
    }
    let splat = match constant_attr(m, src) {
        Some(Attribute::Integer { value, .. }) => Attribute::DenseInt {
            values: vec![*value],
            ty,
        },
        Some(Attribute::Bool(b)) => Attribute::DenseInt {
            values: vec![i64::from(*b)],
            ty,
        },
        Some(Attribute::Float { value, .. }) => Attribute::DenseFloat {
            values: vec![*value],
            ty,
        },
        Some(Attribute::DenseInt { values, .. })
            if values.len() == 1 && d.name == "vector.broadcast" =>
        {
            Attribute::DenseInt {
                values: values.clone(),
                ty,
            }
        }
        Some(Attribute::DenseFloat { values, .. })
            if values.len() == 1 && d.name == "vector.broadcast" =>
        {
            Attribute::DenseFloat {
                values: values.clone(),
                ty,
            }
        }
        _ => return Fold::Failed,
    };
    one(Folded::Constant(splat))
}

/// A float `arith` binary op of two constants of type `ty`, as APFloat
/// computes it in the type's precision; `None` for other ops.
fn float_binary(name: &str, x: f64, y: f64, ty: &Type) -> Option<f64> {
    let value = match (name, ty) {
        ("arith.addf", Type::F32) => (x as f32 + y as f32) as f64,
        ("arith.subf", Type::F32) => (x as f32 - y as f32) as f64,
        ("arith.mulf", Type::F32) => (x as f32 * y as f32) as f64,
        ("arith.divf", Type::F32) => (x as f32 / y as f32) as f64,
        ("arith.addf", _) => x + y,
        ("arith.subf", _) => x - y,
        ("arith.mulf", _) => x * y,
        ("arith.divf", _) => x / y,
        ("arith.maximumf", _) => maximum(x, y),
        ("arith.minimumf", _) => -maximum(-x, -y),
        // LLVM's maxnum/minnum: a NaN gives the other, ties the first
        // (mlir-opt 19 folds maxnumf with a NaN operand to NaN, which
        // its own lowering does not compute).
        ("arith.maxnumf", _) if x.is_nan() || (!y.is_nan() && x < y) => y,
        ("arith.minnumf", _) if x.is_nan() || (!y.is_nan() && y < x) => y,
        ("arith.maxnumf" | "arith.minnumf", _) => x,
        // APFloat's mod: the sign of the dividend (C's fmod).
        ("arith.remf", Type::F32) => f64::from(x as f32 % y as f32),
        ("arith.remf", _) => x % y,
        _ => return None,
    };
    // An invalid operation gives APFloat's NaN, positive (x86 gives a
    // negative one). A 16-bit result is computed exactly or correctly
    // rounded in `f64`, then rounded once more: with 53 bits against at
    // most 11, the second rounding gives the correctly rounded result.
    Some(if value.is_nan() && !x.is_nan() && !y.is_nan() {
        f64::NAN
    } else {
        round_to_type(value, ty)
    })
}

/// `constFoldBinaryOp` on two vector constants: the op lane by lane (a
/// splat stays a splat).
fn fold_binary_lanes(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let (&[a, b], Some(&r)) = (&d.operands[..], d.results.first()) else {
        return Fold::Failed;
    };
    let ty = m.value_type(r);
    let Some(elem) = ty.element_type() else {
        return Fold::Failed;
    };
    let (Some((xs, _)), Some((ys, _))) = (
        constant_attr(m, a).and_then(dense_lanes),
        constant_attr(m, b).and_then(dense_lanes),
    ) else {
        return Fold::Failed;
    };
    let lane = |x: &Attribute, y: &Attribute| -> Option<Attribute> {
        match int_width(elem) {
            Some(width) => {
                let bits = int_binary(&d.name, int_bits(x, width)?, int_bits(y, width)?, width)?;
                int_attr(bits, elem)
            }
            None => float_attr(
                float_binary(&d.name, float_of(x)?, float_of(y)?, elem)?,
                elem,
            ),
        }
    };
    let lanes: Option<Vec<Attribute>> = xs.iter().zip(&ys).map(|(x, y)| lane(x, y)).collect();
    match lanes.and_then(|l| dense_of(&l, ty)) {
        Some(a) => one(Folded::Constant(a)),
        None => Fold::Failed,
    }
}

/// The lanes of a dense vector or static tensor constant (a splat
/// repeated), with its type.
fn dense_lanes(a: &Attribute) -> Option<(Vec<Attribute>, &Type)> {
    let (elements, ty): (Vec<Attribute>, &Type) = match a {
        Attribute::DenseInt { values, ty } => {
            let elem = ty.element_type()?;
            let one = |v: i64| match elem {
                Type::Integer(1) => Attribute::Bool(v != 0),
                _ => Attribute::Integer {
                    value: v,
                    ty: elem.clone(),
                },
            };
            (values.iter().map(|&v| one(v)).collect(), ty)
        }
        Attribute::DenseFloat { values, ty } => {
            let elem = ty.element_type()?;
            let one = |v: f64| Attribute::Float {
                value: v,
                ty: elem.clone(),
            };
            (values.iter().map(|&v| one(v)).collect(), ty)
        }
        _ => return None,
    };
    let lanes = match ty {
        Type::Vector { shape, .. } => shape.iter().product::<i64>(),
        Type::Tensor { shape, .. } if !shape.contains(&DYNAMIC) => shape.iter().product::<i64>(),
        _ => return None,
    };
    let lanes = usize::try_from(lanes).ok()?;
    match elements.len() {
        1 => Some((vec![elements[0].clone(); lanes], ty)),
        n if n == lanes => Some((elements, ty)),
        _ => None,
    }
}

/// The constant position operand of `vector.extractelement` /
/// `insertelement`, as MLIR reads it (`getInt`: sign-extended).
fn element_position(m: &Module, v: Option<&Value>) -> Option<usize> {
    match constant_attr(m, *v?)? {
        Attribute::Integer { value, .. } => usize::try_from(*value).ok(),
        Attribute::Bool(b) => Some(usize::from(*b)),
        _ => None,
    }
}

/// `ExtractElementOp::fold`: of a splat or of a broadcast scalar, the
/// scalar; of a constant at a constant position inside it, that lane (a
/// 0-D vector does not fold).
fn fold_extract_element(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let (Some(&vector), Some(position)) = (d.operands.first(), d.operands.get(1)) else {
        return Fold::Failed;
    };
    if let Some(def) = m.defining_op(vector) {
        let source = m.ops[def].operands.first().copied();
        match (m.ops[def].name.as_str(), source) {
            ("vector.splat", Some(x)) => return one(Folded::Value(x)),
            ("vector.broadcast", Some(x)) if !matches!(m.value_type(x), Type::Vector { .. }) => {
                return one(Folded::Value(x))
            }
            _ => {}
        }
    }
    let lanes = constant_attr(m, vector).and_then(dense_lanes);
    match (lanes, element_position(m, Some(position))) {
        (Some((lanes, _)), Some(k)) if k < lanes.len() => one(Folded::Constant(lanes[k].clone())),
        _ => Fold::Failed,
    }
}

/// `InsertElementOp::fold`: a constant scalar into a constant vector at a
/// constant position inside it is a constant (a 0-D vector does not
/// fold).
fn fold_insert_element(m: &Module, op: OpId) -> Fold {
    let d = &m.ops[op];
    let [value, vector, _] = d.operands[..] else {
        return Fold::Failed;
    };
    let (Some(scalar), Some((mut lanes, ty)), Some(k)) = (
        constant_attr(m, value),
        constant_attr(m, vector).and_then(dense_lanes),
        element_position(m, d.operands.get(2)),
    ) else {
        return Fold::Failed;
    };
    if k >= lanes.len()
        || !matches!(
            scalar,
            Attribute::Integer { .. } | Attribute::Bool(_) | Attribute::Float { .. }
        )
    {
        return Fold::Failed;
    }
    lanes[k] = scalar.clone();
    match dense_of(&lanes, &ty.clone()) {
        Some(a) => one(Folded::Constant(a)),
        None => Fold::Failed,
    }
}

/// The dense constant of type `ty` with these lanes (one value when all
/// are equal, as MLIR makes a splat); `None` for lanes that are not
/// scalar constants of one kind.
fn dense_of(lanes: &[Attribute], ty: &Type) -> Option<Attribute> {
    let first = lanes.first()?;
    let kept = if lanes.iter().all(|l| l == first) {
        &lanes[..1]
    } else {
        lanes
    };
    let ty = ty.clone();
    if matches!(first, Attribute::Float { .. }) {
        let values = kept
            .iter()
            .map(|l| match l {
                Attribute::Float { value, .. } => Some(*value),
                _ => None,
            })
            .collect::<Option<Vec<f64>>>()?;
        Some(Attribute::DenseFloat { values, ty })
    } else {
        let values = kept
            .iter()
            .map(|l| match l {
                Attribute::Integer { value, .. } => Some(*value),
                Attribute::Bool(b) => Some(i64::from(*b)),
                _ => None,
            })
            .collect::<Option<Vec<i64>>>()?;
        Some(Attribute::DenseInt { values, ty })
    }
}

/// The transfers' `foldTransferInBoundsAttribute`: a vector dimension
/// whose lanes, from a constant index, end inside a static memref
/// dimension is marked in bounds.
fn fold_transfer_in_bounds(m: &mut Module, op: OpId) -> Fold {
    let Some(t) = tessera_ir::vector::Transfer::of(m, op) else {
        return Fold::Failed;
    };
    let data = &m.ops[op];
    let (Type::MemRef { shape, .. }, Type::Vector { shape: lanes, .. }) =
        (m.value_type(data.operands[t.memref]), &t.vector)
    else {
        return Fold::Failed;
    };
    let mut flags = t.in_bounds.clone();
    let mut changed = false;
    for (k, dim) in t.lane_dims.iter().enumerate() {
        let Some(dim) = *dim else { continue };
        let index = constant_attr(m, data.operands[t.indices.start + dim]).and_then(|a| a.as_int());
        let inside = index.is_some_and(|i| {
            let (n, size) = (lanes[k], shape[dim]);
            size >= 0 && i >= 0 && i.checked_add(n).is_some_and(|end| end <= size)
        });
        if inside && !flags[k] {
            flags[k] = true;
            changed = true;
        }
    }
    if !changed {
        return Fold::Failed;
    }
    let attr = Attribute::Array(flags.into_iter().map(Attribute::Bool).collect());
    m.set_prop(op, "in_bounds", attr);
    Fold::InPlace
}

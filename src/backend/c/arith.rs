//! `arith` operations (and the `math` functions) on scalars as C expressions with
//! MLIR's semantics.
//!
//! Integer operands are C variables holding the value sign-extended from
//! the type's width. Wrapping operations go through an unsigned type (no
//! signed overflow, no promotion to `int`), and widths that are not a
//! container width are sign-extended again afterwards. Divisions,
//! `fptosi` and `fptoui` call runtime helpers that fault on division by
//! zero, signed overflow and out-of-range conversions (all undefined in C
//! and poison or UB in MLIR) with the interpreter's messages. Float
//! operations stay in the operand type (`-ffp-contract=off` keeps the C
//! compiler from fusing them).

use tessera_ir::interp::ExtendedOp;
use tessera_ir::syntax::{ARITH_EXTENDED, MATH_INT_UNARY, MATH_UNARY};
use tessera_ir::{Attribute, Location, OpData};

use super::types::Prim;

/// Integer comparison predicates, in `arith.cmpi`'s enum order.
const CMPI: &[&str] = &["==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">="];

/// `arith` ops the C back end translates (and the `math` functions:
/// [`supported`]).
pub const SUPPORTED: &[&str] = &[
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.divsi",
    "arith.divui",
    "arith.remsi",
    "arith.remui",
    "arith.floordivsi",
    "arith.ceildivsi",
    "arith.ceildivui",
    "arith.maxsi",
    "arith.minsi",
    "arith.maxui",
    "arith.minui",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.shli",
    "arith.shrsi",
    "arith.shrui",
    "arith.addf",
    "arith.subf",
    "arith.mulf",
    "arith.divf",
    "arith.negf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.maxnumf",
    "arith.minnumf",
    "arith.remf",
    "arith.cmpi",
    "arith.cmpf",
    "arith.select",
    "arith.index_cast",
    "arith.index_castui",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
    "arith.sitofp",
    "arith.uitofp",
    "arith.fptosi",
    "arith.fptoui",
    "arith.extf",
    "arith.truncf",
    "arith.bitcast",
];

/// Whether the C back end translates the op: the `arith` ops of
/// [`SUPPORTED`] and the `math` functions.
pub fn supported(name: &str) -> bool {
    SUPPORTED.contains(&name)
        || MATH_UNARY.contains(&name)
        || MATH_INT_UNARY.contains(&name)
        || matches!(
            name,
            "math.powf" | "math.copysign" | "math.atan2" | "math.fma"
        )
        || ARITH_EXTENDED.contains(&name)
}

/// The C expressions of the two results of the extended op `op` on the
/// scalars `a` and `b` of type `ty` (the carry of `addui_extended` of
/// type `carry`), through 128-bit arithmetic.
pub fn extended(op: ExtendedOp, a: &str, b: &str, ty: Prim, carry: Prim) -> (String, String) {
    let n = ty.width();
    let (za, zb) = (zext(a, ty), zext(b, ty));
    match op {
        ExtendedOp::AddUI => {
            let sum = format!("((unsigned __int128){za} + {zb})");
            (
                wrap(ty, &format!("(uint64_t){sum}")),
                wrap(carry, &format!("(({sum} >> {n}) != 0)")),
            )
        }
        ExtendedOp::MulUI => {
            let p = format!("((unsigned __int128){za} * {zb})");
            (
                wrap(ty, &format!("(uint64_t){p}")),
                wrap(ty, &format!("(uint64_t)({p} >> {n})")),
            )
        }
        ExtendedOp::MulSI => {
            let p = format!("((__int128){a} * (__int128){b})");
            (
                wrap(ty, &format!("(uint64_t){p}")),
                wrap(ty, &format!("(uint64_t)({p} >> {n})")),
            )
        }
    }
}

/// The `arith` ops with one operand.
const UNARY: &[&str] = &[
    "arith.negf",
    "arith.index_cast",
    "arith.index_castui",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
    "arith.sitofp",
    "arith.uitofp",
    "arith.fptosi",
    "arith.fptoui",
    "arith.extf",
    "arith.truncf",
    "arith.bitcast",
];

/// Sign-extends an unsigned C expression from the width of `ty` into its
/// container (a plain cast when the width is the container's).
fn wrap(ty: Prim, unsigned_expr: &str) -> String {
    if ty.width() == ty.container() {
        format!("({})({unsigned_expr})", ty.c())
    } else {
        format!(
            "({})tm_sext((uint64_t)({unsigned_expr}), {})",
            ty.c(),
            ty.width()
        )
    }
}

/// `a OP b` in wrapping arithmetic of `ty`.
fn wrapping(ty: Prim, a: &str, op: &str, b: &str) -> String {
    let u = ty.wide_unsigned();
    wrap(ty, &format!("({u}){a} {op} ({u}){b}"))
}

fn zext(a: &str, ty: Prim) -> String {
    format!("tm_zext({a}, {})", ty.width())
}

/// The suffix of C's libm function for the type: `expf`, `exp`.
fn libm_suffix(ty: Prim) -> &'static str {
    if ty == Prim::F32 {
        "f"
    } else {
        ""
    }
}

fn float_suffix(ty: Prim) -> &'static str {
    if ty == Prim::F32 {
        "f32"
    } else {
        "f64"
    }
}

/// A `cmpf` predicate (enum order of `arith.cmpf`) as a C condition that
/// is exact for NaNs without `-ffast-math`.
fn cmpf(pred: i64, a: &str, b: &str) -> Option<String> {
    Some(match pred {
        0 => "0".into(),
        1 => format!("{a} == {b}"),
        2 => format!("{a} > {b}"),
        3 => format!("{a} >= {b}"),
        4 => format!("{a} < {b}"),
        5 => format!("{a} <= {b}"),
        6 => format!("({a} < {b} || {a} > {b})"),
        7 => format!("({a} == {a} && {b} == {b})"),
        8 => format!("!({a} < {b} || {a} > {b})"),
        9 => format!("!({a} <= {b})"),
        10 => format!("!({a} < {b})"),
        11 => format!("!({a} >= {b})"),
        12 => format!("!({a} > {b})"),
        13 => format!("{a} != {b}"),
        14 => format!("({a} != {a} || {b} != {b})"),
        15 => "1".into(),
        _ => return None,
    })
}

/// The C expression of the scalar `arith` op `d` applied to `args` (C
/// expressions safe to evaluate twice), where `input` is the scalar type of
/// the first operand (the second for `select`) and `output` that of the
/// result. Errors say why the op cannot be translated.
pub fn expr(
    d: &OpData,
    args: &[String],
    input: Prim,
    output: Prim,
    loc: Location,
) -> Result<String, String> {
    let name = d.name.as_str();
    let arity = match name {
        "arith.select" | "math.fma" => 3,
        n if UNARY.contains(&n) || MATH_UNARY.contains(&n) || MATH_INT_UNARY.contains(&n) => 1,
        _ => 2,
    };
    if args.len() != arity {
        return Err(format!("expected {arity} operands, found {}", args.len()));
    }
    let a = args[0].as_str();
    let b = args.get(1).map_or("", String::as_str);
    let (line, col) = (loc.line, loc.col);
    let n = input.width();
    let int_in = !input.is_float();
    let need = |ok: bool, what: &str| {
        if ok {
            Ok(())
        } else {
            Err(format!("'{name}' on {what} is not supported"))
        }
    };
    let checked = |helper: &str| {
        format!(
            "({})tm_{helper}(ctx, {a}, {b}, {n}, {line}, {col})",
            output.c()
        )
    };
    Ok(match name {
        "arith.addi" | "arith.subi" | "arith.muli" => {
            need(int_in, "floats")?;
            let op = match name {
                "arith.addi" => "+",
                "arith.subi" => "-",
                _ => "*",
            };
            wrapping(output, a, op, b)
        }
        "arith.andi" => format!("({})({a} & {b})", output.c()),
        "arith.ori" => format!("({})({a} | {b})", output.c()),
        "arith.xori" => format!("({})({a} ^ {b})", output.c()),
        "arith.divsi" => checked("divsi"),
        "arith.remsi" => checked("remsi"),
        "arith.floordivsi" => checked("floordivsi"),
        "arith.ceildivsi" => checked("ceildivsi"),
        "arith.divui" | "arith.remui" | "arith.ceildivui" => {
            let helper = &name[6..];
            format!(
                "({})tm_sext(tm_{helper}(ctx, {}, {}, {line}, {col}), {n})",
                output.c(),
                zext(a, input),
                zext(b, input)
            )
        }
        "arith.maxsi" => format!("({a} > {b} ? {a} : {b})"),
        "arith.minsi" => format!("({a} < {b} ? {a} : {b})"),
        "arith.maxui" => format!("({} > {} ? {a} : {b})", zext(a, input), zext(b, input)),
        "arith.minui" => format!("({} < {} ? {a} : {b})", zext(a, input), zext(b, input)),
        "arith.shli" | "arith.shrsi" | "arith.shrui" => format!(
            "({})tm_{}({a}, {}, {n})",
            output.c(),
            &name[6..],
            zext(b, input)
        ),
        "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" => {
            need(!int_in, "integers")?;
            let op = match name {
                "arith.addf" => "+",
                "arith.subf" => "-",
                "arith.mulf" => "*",
                _ => "/",
            };
            format!("{a} {op} {b}")
        }
        "arith.negf" => format!("-{a}"),
        // LLVM's `frem` is C's `fmod`.
        "arith.remf" if input == Prim::F32 => format!("fmodf({a}, {b})"),
        "arith.remf" => format!("fmod({a}, {b})"),
        // IEEE square root, correctly rounded in C as in MLIR.
        "math.sqrt" if input == Prim::F32 => format!("sqrtf({a})"),
        "math.sqrt" => format!("sqrt({a})"),
        // As MLIR lowers it: a division by the square root.
        "math.rsqrt" if input == Prim::F32 => format!("1.0f / sqrtf({a})"),
        "math.rsqrt" => format!("1.0 / sqrt({a})"),
        // Half to even in the default rounding mode.
        "math.roundeven" => format!("nearbyint{}({a})", libm_suffix(input)),
        "math.absf" | "math.ceil" | "math.floor" | "math.round" | "math.trunc" | "math.exp"
        | "math.exp2" | "math.log" | "math.log2" | "math.log10" | "math.sin" | "math.cos"
        | "math.tan" | "math.tanh" | "math.sinh" | "math.cosh" | "math.asin" | "math.acos"
        | "math.atan" | "math.expm1" | "math.log1p" | "math.cbrt" | "math.acosh" | "math.asinh"
        | "math.atanh" | "math.erf" => {
            need(!int_in, "integers")?;
            let f = match &name[5..] {
                "absf" => "fabs",
                other => other,
            };
            format!("{f}{}({a})", libm_suffix(input))
        }
        "math.absi" => {
            need(int_in, "floats")?;
            wrap(output, &format!("{a} < 0 ? -(uint64_t){a} : (uint64_t){a}"))
        }
        "math.ctlz" | "math.cttz" | "math.ctpop" => {
            need(int_in, "floats")?;
            let z = zext(a, input);
            let count = match name {
                "math.ctlz" => format!("{z} == 0 ? {n} : __builtin_clzll({z}) - {}", 64 - n),
                "math.cttz" => format!("{z} == 0 ? {n} : __builtin_ctzll({z})"),
                _ => format!("__builtin_popcountll({z})"),
            };
            wrap(output, &format!("(uint64_t)({count})"))
        }
        "math.powf" => format!("pow{}({a}, {b})", libm_suffix(input)),
        "math.copysign" => format!("copysign{}({a}, {b})", libm_suffix(input)),
        "math.atan2" => format!("atan2{}({a}, {b})", libm_suffix(input)),
        // One rounding, as LLVM's `llvm.fma`.
        "math.fma" => {
            need(!int_in, "integers")?;
            format!("fma{}({a}, {b}, {})", libm_suffix(input), args[2])
        }
        "arith.maximumf" | "arith.minimumf" | "arith.maxnumf" | "arith.minnumf" => {
            need(!int_in, "integers")?;
            format!("tm_{}_{}({a}, {b})", &name[6..], float_suffix(input))
        }
        "arith.cmpi" | "arith.cmpf" => {
            let pred = d
                .attr("predicate")
                .and_then(Attribute::as_int)
                .ok_or("missing predicate")?;
            let cond = if name == "arith.cmpf" {
                cmpf(pred, a, b).ok_or("unknown predicate")?
            } else {
                let op = usize::try_from(pred)
                    .ok()
                    .and_then(|p| CMPI.get(p))
                    .ok_or("unknown predicate")?;
                if pred >= 6 {
                    format!("{} {op} {}", zext(a, input), zext(b, input))
                } else {
                    format!("{a} {op} {b}")
                }
            };
            format!("TM_BOOL({cond})")
        }
        "arith.select" => format!("(({a} & 1) ? {b} : {})", args[2]),
        "arith.index_cast" | "arith.extsi" | "arith.trunci" => {
            need(int_in && !output.is_float(), "floats")?;
            if output.width() >= n {
                format!("({}){a}", output.c())
            } else {
                wrap(output, &format!("(uint64_t){a}"))
            }
        }
        "arith.index_castui" | "arith.extui" => {
            need(int_in && !output.is_float(), "floats")?;
            if output.width() > n {
                format!("({}){}", output.c(), zext(a, input))
            } else {
                wrap(output, &format!("(uint64_t){a}"))
            }
        }
        "arith.sitofp" => format!("({})(int64_t){a}", output.c()),
        "arith.uitofp" => format!("({}){}", output.c(), zext(a, input)),
        "arith.fptosi" | "arith.fptoui" => format!(
            "({})tm_{}(ctx, (double){a}, {}, {line}, {col})",
            output.c(),
            &name[6..],
            output.width()
        ),
        "arith.extf" | "arith.truncf" => format!("({}){a}", output.c()),
        "arith.bitcast" => match (input, output) {
            (i, o) if i == o => a.to_string(),
            (Prim::Int(32), Prim::F32) => format!("tm_f32_of_bits((uint32_t){a})"),
            (Prim::Int(64), Prim::F64) => format!("tm_f64_of_bits((uint64_t){a})"),
            (Prim::F32, Prim::Int(32)) => format!("(int32_t)tm_bits_of_f32({a})"),
            (Prim::F64, Prim::Int(64)) => format!("(int64_t)tm_bits_of_f64({a})"),
            _ => return Err("bitcast between these types is not supported".into()),
        },
        _ => return Err("operation not supported by the C back end".into()),
    })
}

/// The C literal of an `arith.constant` scalar of type `ty`.
pub fn constant(value: &Attribute, ty: Prim) -> Option<String> {
    match (value, ty) {
        (Attribute::Float { value, .. }, Prim::F32) => Some(float_literal(*value, true)),
        (Attribute::Float { value, .. }, Prim::F64) => Some(float_literal(*value, false)),
        (Attribute::Integer { value, .. }, t) if !t.is_float() => Some(int_constant(*value, t)),
        (Attribute::Bool(b), t) if !t.is_float() => Some(int_constant(i64::from(*b), t)),
        _ => None,
    }
}

/// An integer constant of type `ty`, normalised to its width.
pub fn int_constant(value: i64, ty: Prim) -> String {
    let w = ty.width();
    let v = if w >= 64 {
        value
    } else {
        let shift = 64 - w;
        (value << shift) >> shift
    };
    format!("({}){}", ty.c(), super::affine::int_literal(v))
}

/// A float literal that denotes exactly `v` (rounded to `f32` first when
/// `single`): the shortest round-tripping decimal, or the bits for
/// infinities and NaNs.
pub fn float_literal(v: f64, single: bool) -> String {
    if single {
        let f = v as f32;
        if f.is_finite() {
            format!("{f:?}f")
        } else {
            format!("tm_f32_of_bits(0x{:08X}u)", f.to_bits())
        }
    } else if v.is_finite() {
        format!("{v:?}")
    } else {
        format!("tm_f64_of_bits(UINT64_C(0x{:016X}))", v.to_bits())
    }
}

/// The identity element and the combining expression (over `a`, `b`) of
/// an `affine.parallel` reduction kind (MLIR's `AtomicRMWKind` numbering)
/// on type `ty`.
pub fn reduction(kind: i64, ty: Prim) -> Option<(String, String)> {
    let float = ty.is_float();
    let sfx = float_suffix(ty);
    let w = ty.width();
    let min = if w >= 64 {
        i64::MIN
    } else {
        -(1i64 << (w - 1))
    };
    let max = if w >= 64 {
        i64::MAX
    } else {
        (1i64 << (w - 1)) - 1
    };
    let int = |v: i64| int_constant(v, ty);
    let fl = |v: f64| float_literal(v, ty == Prim::F32);
    let (a, b) = ("a", "b");
    Some(match (kind, float) {
        (0, true) => (fl(0.0), "a + b".into()),
        (9, true) => (fl(1.0), "a * b".into()),
        (3, true) => (fl(f64::NEG_INFINITY), format!("tm_maximumf_{sfx}(a, b)")),
        (6, true) => (fl(f64::INFINITY), format!("tm_minimumf_{sfx}(a, b)")),
        (13, true) => (fl(f64::NEG_INFINITY), format!("tm_maxnumf_{sfx}(a, b)")),
        (14, true) => (fl(f64::INFINITY), format!("tm_minnumf_{sfx}(a, b)")),
        (2, _) => (if float { fl(0.0) } else { int(0) }, "b".into()),
        (1, false) => (int(0), wrapping(ty, a, "+", b)),
        (10, false) => (int(1), wrapping(ty, a, "*", b)),
        (4, false) => (int(min), "a > b ? a : b".into()),
        (7, false) => (int(max), "a < b ? a : b".into()),
        (5, false) => (int(0), format!("{} > {} ? a : b", zext(a, ty), zext(b, ty))),
        (8, false) => (
            int(-1),
            format!("{} < {} ? a : b", zext(a, ty), zext(b, ty)),
        ),
        (11, false) => (int(0), format!("({})(a | b)", ty.c())),
        (12, false) => (int(-1), format!("({})(a & b)", ty.c())),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_literals_round_trip() {
        assert_eq!(float_literal(2.5, true), "2.5f");
        assert_eq!(float_literal(3.0, false), "3.0");
        assert_eq!(
            float_literal(f64::INFINITY, true),
            "tm_f32_of_bits(0x7F800000u)"
        );
        assert_eq!(
            float_literal(f64::NAN, false),
            "tm_f64_of_bits(UINT64_C(0x7FF8000000000000))"
        );
        let x = f64::from(0.1f32);
        assert_eq!(float_literal(x, true), "0.1f");
    }

    #[test]
    fn integer_constants_are_normalised_to_their_width() {
        assert_eq!(int_constant(1, Prim::Int(1)), "(int8_t)(int64_t)-1");
        assert_eq!(int_constant(255, Prim::Int(8)), "(int8_t)(int64_t)-1");
        assert_eq!(int_constant(7, Prim::Index), "(int64_t)7");
    }
}

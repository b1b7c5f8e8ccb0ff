//! Attributes: compile-time constants attached to operations.

use std::fmt::{self, Write};

use tessera_affine::{AffineMap, IntegerSet};

use crate::alias::Aliases;
use crate::ir::NamedAttr;
use crate::types::{write_type, Type};

/// An attribute of the MLIR subset.
#[derive(Clone, Debug, PartialEq)]
pub enum Attribute {
    /// `42 : i32`, `0 : index`.
    Integer {
        /// The value (sign-extended).
        value: i64,
        /// Its integer or index type.
        ty: Type,
    },
    /// `1.000000e+00 : f32`.
    Float {
        /// The value, exactly representable in `ty`.
        value: f64,
        /// Its float type.
        ty: Type,
    },
    /// `"text"`.
    String(String),
    /// `true` / `false` (an `i1` integer in MLIR).
    Bool(bool),
    /// `unit` (a present flag).
    Unit,
    /// `[a, b]`.
    Array(Vec<Attribute>),
    /// `{a = 1, b}`, sorted by name.
    Dict(Vec<NamedAttr>),
    /// `affine_map<...>`.
    AffineMap(AffineMap),
    /// `affine_set<...>`.
    IntegerSet(IntegerSet),
    /// A type used as an attribute.
    Type(Type),
    /// `@root::@nested`.
    SymbolRef(Vec<String>),
    /// `array<i32: 1, 2>`.
    DenseArray {
        /// Element type.
        elem: Type,
        /// Values.
        values: Vec<i64>,
    },
    /// `array<f32: 1.0, 2.5>`: a dense array of a float type.
    DenseFloatArray {
        /// Element type.
        elem: Type,
        /// Values, rounded to the element type.
        values: Vec<f64>,
    },
    /// `dense<[1, 2]> : tensor<2xi32>`: integer elements (`i1` ones as
    /// 0 and 1), in row-major order.
    DenseInt {
        /// Values (one for a splat), sign-extended.
        values: Vec<i64>,
        /// The shaped type.
        ty: Type,
    },
    /// `dense<[1.5, 2.0]> : vector<2xf32>`: float elements, in row-major
    /// order.
    DenseFloat {
        /// Values (one for a splat), each exactly representable in the
        /// element type.
        values: Vec<f64>,
        /// The shaped type.
        ty: Type,
    },
    /// `dense_resource<blob> : tensor<4xf32>`: elements kept in a resource
    /// blob, named by its handle (tessera reads no resource blobs; mlir-opt
    /// prints `dense_resource<__elided__>` for elements it elides).
    DenseResource {
        /// The blob's handle.
        handle: String,
        /// The shaped type.
        ty: Type,
    },
    /// A dialect attribute such as `#arith.fastmath<none>`, kept as its
    /// text without the `#`.
    Opaque(String),
}

impl Attribute {
    /// An `index` integer attribute.
    pub fn index(value: i64) -> Attribute {
        Attribute::Integer {
            value,
            ty: Type::Index,
        }
    }

    /// The integer value of an integer or bool attribute.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Attribute::Integer { value, .. } => Some(*value),
            Attribute::Bool(b) => Some(*b as i64),
            _ => None,
        }
    }
}

/// Is `s` a bare identifier (`[a-zA-Z_][a-zA-Z0-9_$.]*`)?
pub fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || "_$.".contains(c))
}

/// Writes a string literal with MLIR's escapes.
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for &b in s.as_bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e if b != b'"' => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
}

/// Writes `@name`, quoting names that are not bare identifiers.
pub fn write_symbol(out: &mut String, s: &str) {
    out.push('@');
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        write_string(out, s);
    }
}

/// Formats a float as MLIR does: six significant digits in scientific
/// notation (`1.500000e+00`) when that round-trips, otherwise APFloat's
/// default decimal form (`0.699999988` for `0.7 : f32`), otherwise
/// hexadecimal bits. The digits are APFloat's (`IEEEFloat::toString`),
/// which truncates the exact decimal expansion to a few digits more than
/// it keeps before rounding: `exp(2) : f32` prints `7.3890562`, where the
/// correctly rounded nine digits would be `7.38905621`.
///
/// ```
/// use tessera_ir::{attr::format_float, Type};
/// assert_eq!(format_float(1.5, &Type::F64), "1.500000e+00");
/// assert_eq!(format_float(f64::from(0.7f32), &Type::F32), "0.699999988");
/// assert_eq!(format_float(0.7, &Type::F64), "0.69999999999999996");
/// assert_eq!(format_float(f64::from(2f32.exp()), &Type::F32), "7.3890562");
/// ```
pub fn format_float(value: f64, ty: &Type) -> String {
    if value.is_finite() {
        let sci = if value == 0.0 {
            format!(
                "{}0.000000e+00",
                if value.is_sign_negative() { "-" } else { "" }
            )
        } else {
            six_digit_scientific(value)
        };
        if round_trips(&sci, value, ty) {
            return sci;
        }
        if let Some(plain) = natural_decimal(value, ty) {
            return plain;
        }
    }
    match ty {
        Type::F32 => format!("0x{:08X}", (value as f32).to_bits()),
        Type::F16 | Type::BF16 => format!("0x{:04X}", half_bits(value, ty)),
        _ => format!("0x{:016X}", value.to_bits()),
    }
}

/// The value of the float type `ty` whose encoding is `bits` (the low
/// bits of a hexadecimal literal), or `None` for a type that is not a
/// float.
///
/// ```
/// use tessera_ir::{attr::float_from_bits, Type};
/// assert_eq!(float_from_bits(0x3C00, &Type::F16), Some(1.0));
/// assert_eq!(float_from_bits(0x0001, &Type::F16), Some(2f64.powi(-24)));
/// assert_eq!(float_from_bits(0xC000, &Type::BF16), Some(-2.0));
/// assert_eq!(float_from_bits(0x7C00, &Type::F16), Some(f64::INFINITY));
/// ```
pub fn float_from_bits(bits: u64, ty: &Type) -> Option<f64> {
    Some(match ty {
        Type::F64 => f64::from_bits(bits),
        Type::F32 => f64::from(f32::from_bits(bits as u32)),
        Type::BF16 => f64::from(f32::from_bits(((bits & 0xFFFF) as u32) << 16)),
        Type::F16 => {
            let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
            let exp = ((bits >> 10) & 0x1F) as i32;
            let mantissa = (bits & 0x3FF) as f64;
            sign * match exp {
                0 => mantissa * 2f64.powi(-24),
                0x1F if mantissa == 0.0 => f64::INFINITY,
                0x1F => f64::NAN,
                _ => (1024.0 + mantissa) * 2f64.powi(exp - 25),
            }
        }
        _ => return None,
    })
}

/// The encoding of `value` in the float type `ty` (the inverse of
/// [`float_from_bits`] for values of the type), or `None` for a type that
/// is not a float.
///
/// ```
/// use tessera_ir::{attr::float_to_bits, Type};
/// assert_eq!(float_to_bits(1.0, &Type::F16), Some(0x3C00));
/// assert_eq!(float_to_bits(-2.0, &Type::BF16), Some(0xC000));
/// assert_eq!(float_to_bits(1.0, &Type::F32), Some(0x3F80_0000));
/// ```
pub fn float_to_bits(value: f64, ty: &Type) -> Option<u64> {
    Some(match ty {
        Type::F64 => value.to_bits(),
        Type::F32 => u64::from((value as f32).to_bits()),
        Type::F16 | Type::BF16 => half_bits(value, ty),
        _ => return None,
    })
}

/// The 16-bit encoding of `value` (a value of `f16` or `bf16`).
fn half_bits(value: f64, ty: &Type) -> u64 {
    if *ty == Type::BF16 {
        return u64::from((value as f32).to_bits() >> 16);
    }
    let sign = if value.is_sign_negative() { 0x8000 } else { 0 };
    let a = value.abs();
    let body = if a.is_nan() {
        0x7E00
    } else if a.is_infinite() {
        0x7C00
    } else if a < 2f64.powi(-14) {
        (a / 2f64.powi(-24)) as u64
    } else {
        let exp = ((a.to_bits() >> 52) & 0x7FF) as i32 - 1023;
        let mantissa = (a / 2f64.powi(exp - 10)) as u64 - 1024;
        (((exp + 15) as u64) << 10) | mantissa
    };
    sign | body
}

/// APFloat's `toString(6, 0, false)`: six significant digits in
/// scientific notation, zeros kept, an exponent of two digits at least.
fn six_digit_scientific(value: f64) -> String {
    let (digits, last_exp) = apfloat_digits(value, 6);
    let exp10 = last_exp + digits.len() as i64 - 1;
    let sign = if value < 0.0 { "-" } else { "" };
    let rest: String = digits[1..].iter().map(|d| char::from(b'0' + d)).collect();
    format!(
        "{sign}{}.{rest:0<6}e{}{:02}",
        digits[0],
        if exp10 < 0 { '-' } else { '+' },
        exp10.unsigned_abs()
    )
}

/// The decimal digits APFloat's `toString` prints for a nonzero finite
/// `value` at `precision` significant digits (its `FormatPrecision`), most
/// significant first and without trailing zeros, with the power of ten of
/// the last one. As APFloat: the exact expansion `odd · 2^e` is made an
/// integer times a power of ten, then truncated to a few digits more than
/// `precision` (whole tens divided off, by a bit-count estimate), and only
/// then rounded half up to `precision` digits.
fn apfloat_digits(value: f64, precision: u32) -> (Vec<u8>, i64) {
    use num_bigint::BigUint;
    let bits = value.abs().to_bits();
    let biased = (bits >> 52) & 0x7ff;
    let mantissa = bits & ((1u64 << 52) - 1);
    let (mut significand, mut exp) = if biased == 0 {
        (mantissa, -1074i64)
    } else {
        (mantissa | (1u64 << 52), biased as i64 - 1075)
    };
    let zeros = significand.trailing_zeros();
    significand >>= zeros;
    exp += i64::from(zeros);
    let mut n = BigUint::from(significand);
    if exp > 0 {
        n <<= exp as u64;
        exp = 0;
    } else if exp < 0 {
        n *= BigUint::from(5u32).pow(exp.unsigned_abs() as u32);
    }
    // Whole tens off the integer first (truncating).
    let required = (u64::from(precision) * 196).div_ceil(59);
    if n.bits() > required {
        let tens = (n.bits() - required) * 59 / 196;
        if tens > 0 {
            exp += tens as i64;
            n /= BigUint::from(10u32).pow(tens as u32);
        }
    }
    let mut digits: Vec<u8> = n.to_str_radix(10).bytes().map(|b| b - b'0').collect();
    let drop_zeros = |digits: &mut Vec<u8>, exp: &mut i64| {
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
            *exp += 1;
        }
    };
    drop_zeros(&mut digits, &mut exp);
    let keep = precision as usize;
    if digits.len() > keep {
        let round_up = digits[keep] >= 5;
        exp += (digits.len() - keep) as i64;
        digits.truncate(keep);
        if round_up {
            // Decimal add with carry: trailing nines go, and a carry
            // through all of them leaves a single 1.
            while digits.last() == Some(&9) {
                digits.pop();
                exp += 1;
            }
            match digits.last_mut() {
                Some(d) => *d += 1,
                None => digits.push(1),
            }
        }
        drop_zeros(&mut digits, &mut exp);
    }
    (digits, exp)
}

fn round_trips(text: &str, value: f64, ty: &Type) -> bool {
    match ty {
        Type::F64 => text.parse::<f64>().ok() == Some(value),
        Type::F32 => text.parse::<f32>().ok().map(f64::from) == Some(value),
        _ => text.parse::<f64>().ok().map(|v| round_to_type(v, ty)) == Some(value),
    }
}

/// Rounds `v` (to nearest, ties to even) to a value of float type `ty`,
/// returned as an `f64`; overflow gives an infinity.
///
/// ```
/// use tessera_ir::{attr::round_to_type, Type};
/// assert_eq!(round_to_type(0.1, &Type::F16), 0.0999755859375);
/// assert_eq!(round_to_type(0.1, &Type::BF16), 0.10009765625);
/// assert_eq!(round_to_type(1.0e6, &Type::F16), f64::INFINITY);
/// ```
pub fn round_to_type(v: f64, ty: &Type) -> f64 {
    // (mantissa bits, lowest normal exponent, largest finite value)
    let (mantissa, min_exp, max) = match ty {
        Type::F64 => return v,
        Type::F32 => return f64::from(v as f32),
        Type::F16 => (10, -14, 65504.0),
        _ => (7, -126, f64::from(f32::from_bits(0x7F7F_0000))),
    };
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    let a = v.abs();
    let exp = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(min_exp);
    let quantum = 2f64.powi(exp - mantissa);
    let rounded = (a / quantum).round_ties_even() * quantum;
    let max_plus_half_ulp = max + 2f64.powi(max.log2().floor() as i32 - mantissa - 1);
    let r = if rounded >= max_plus_half_ulp {
        f64::INFINITY
    } else {
        rounded.min(max)
    };
    r.copysign(v)
}

/// APFloat's default `toString`: the natural number of significant digits
/// for the type, trailing zeros dropped, plain notation for moderate
/// exponents. `None` when that form has no `.` (MLIR then prints hex).
fn natural_decimal(value: f64, ty: &Type) -> Option<String> {
    let precision: usize = match ty {
        Type::F64 => 17,
        Type::F32 => 9,
        Type::F16 => 5,
        _ => 4,
    };
    if value == 0.0 {
        return None;
    }
    let (digits, last_exp) = apfloat_digits(value, precision as u32);
    let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let digits = digits.as_str();
    let n = digits.len() as i64;
    let exp10 = last_exp + n - 1;
    let sign = if value < 0.0 { "-" } else { "" };
    let scientific = if last_exp >= 0 {
        last_exp > 3 || n + last_exp > precision as i64
    } else {
        exp10 < 0 && -exp10 > 3
    };
    let text = if scientific {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        format!(
            "{sign}{first}.{rest}E{}{}",
            if exp10 < 0 { "-" } else { "+" },
            exp10.abs()
        )
    } else if last_exp >= 0 {
        format!("{sign}{digits}{}", "0".repeat(last_exp as usize))
    } else if exp10 >= 0 {
        let (int, frac) = digits.split_at(exp10 as usize + 1);
        format!("{sign}{int}.{frac}")
    } else {
        format!("{sign}0.{}{digits}", "0".repeat((-exp10 - 1) as usize))
    };
    text.contains('.').then_some(text)
}

/// Writes `attr`; `elide_default` drops the `: i64` / `: f64` suffix as MLIR
/// does inside arrays and for memory spaces.
pub fn write_attr(out: &mut String, attr: &Attribute, aliases: &Aliases, elide_default: bool) {
    match attr {
        Attribute::Integer { value, ty } => {
            let _ = write!(out, "{value}");
            if !(elide_default && *ty == Type::Integer(64)) {
                out.push_str(" : ");
                write_type(out, ty, aliases);
            }
        }
        Attribute::Float { value, ty } => {
            out.push_str(&format_float(*value, ty));
            if !(elide_default && *ty == Type::F64) {
                out.push_str(" : ");
                write_type(out, ty, aliases);
            }
        }
        Attribute::String(s) => write_string(out, s),
        Attribute::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Attribute::Unit => out.push_str("unit"),
        Attribute::Array(items) => {
            out.push('[');
            for (i, a) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr(out, a, aliases, true);
            }
            out.push(']');
        }
        Attribute::Dict(entries) => write_dict(out, entries, aliases),
        Attribute::AffineMap(m) => aliases.write_map(out, m),
        Attribute::IntegerSet(s) => aliases.write_set(out, s),
        Attribute::Type(t) => write_type(out, t, aliases),
        Attribute::SymbolRef(path) => {
            for (i, s) in path.iter().enumerate() {
                if i > 0 {
                    out.push_str("::");
                }
                write_symbol(out, s);
            }
        }
        Attribute::DenseArray { elem, values } => {
            out.push_str("array<");
            write_type(out, elem, aliases);
            for (i, v) in values.iter().enumerate() {
                out.push_str(if i == 0 { ": " } else { ", " });
                if *elem == Type::Integer(1) {
                    out.push_str(if *v != 0 { "true" } else { "false" });
                } else {
                    let _ = write!(out, "{v}");
                }
            }
            out.push('>');
        }
        Attribute::DenseFloatArray { elem, values } => {
            out.push_str("array<");
            write_type(out, elem, aliases);
            for (i, &v) in values.iter().enumerate() {
                out.push_str(if i == 0 { ": " } else { ", " });
                out.push_str(&format_float(v, elem));
            }
            out.push('>');
        }
        Attribute::DenseInt { ty, .. }
        | Attribute::DenseFloat { ty, .. }
        | Attribute::DenseResource { ty, .. } => {
            write_elements_value(out, attr, aliases);
            out.push_str(" : ");
            write_type(out, ty, aliases);
        }
        Attribute::Opaque(text) => {
            out.push('#');
            out.push_str(text);
        }
    }
}

/// Writes an elements attribute without its type: `dense<...>`, or
/// `dense_resource<handle>`; `dense_resource<__elided__>` for a `dense`
/// one the printer elides (`-mlir-elide-elementsattrs-if-larger`: not a
/// splat, more elements than the limit).
pub fn write_elements_value(out: &mut String, attr: &Attribute, aliases: &Aliases) {
    // MLIR keeps elements all equal as a splat, which it never elides.
    let (elements, splat) = match attr {
        Attribute::DenseInt { values, .. } => {
            (values.len(), values.windows(2).all(|w| w[0] == w[1]))
        }
        Attribute::DenseFloat { values, .. } => (
            values.len(),
            values.windows(2).all(|w| w[0].to_bits() == w[1].to_bits()),
        ),
        Attribute::DenseResource { handle, .. } => {
            let _ = write!(out, "dense_resource<{handle}>");
            return;
        }
        _ => return,
    };
    if !splat && aliases.elides_elements(elements) {
        out.push_str("dense_resource<__elided__>");
    } else {
        write_elements_literal(out, attr);
    }
}

/// Writes `{a = 1 : i64, flag}`.
pub fn write_dict(out: &mut String, entries: &[NamedAttr], aliases: &Aliases) {
    out.push('{');
    for (i, (name, value)) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if is_bare_identifier(name) {
            out.push_str(name);
        } else {
            write_string(out, name);
        }
        if *value != Attribute::Unit {
            out.push_str(" = ");
            write_attr(out, value, aliases, false);
        }
    }
    out.push('}');
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_attr(&mut s, self, &Aliases::default(), false);
        f.write_str(&s)
    }
}

/// Writes the `dense<...>` of a dense elements attribute without its
/// type, as MLIR prints it where the type is known (`memref.global`'s
/// initial value): one element when all are equal (a splat), otherwise
/// lists nested by the type's shape; `dense<>` when there are none.
/// Other attributes write nothing.
///
/// ```
/// use tessera_ir::{attr::write_elements_literal, Attribute, Type};
/// let ty = Type::Tensor { shape: vec![2, 2], elem: Box::new(Type::Integer(32)), encoding: None };
/// let mut out = String::new();
/// write_elements_literal(&mut out, &Attribute::DenseInt { values: vec![1, 2, 3, 4], ty });
/// assert_eq!(out, "dense<[[1, 2], [3, 4]]>");
/// ```
pub fn write_elements_literal(out: &mut String, a: &Attribute) {
    let (texts, ty): (Vec<String>, &Type) = match a {
        Attribute::DenseInt { values, ty } => {
            let bool_elements = ty.element_type() == Some(&Type::Integer(1));
            let texts = values
                .iter()
                .map(|v| match (bool_elements, *v != 0) {
                    (true, true) => "true".to_string(),
                    (true, false) => "false".to_string(),
                    _ => v.to_string(),
                })
                .collect();
            (texts, ty)
        }
        Attribute::DenseFloat { values, ty } => {
            let elem = ty.element_type().cloned().unwrap_or(Type::F64);
            (values.iter().map(|&v| format_float(v, &elem)).collect(), ty)
        }
        _ => return,
    };
    out.push_str("dense<");
    match texts.as_slice() {
        [] => {}
        [first, rest @ ..] if rest.iter().all(|t| t == first) => out.push_str(first),
        _ => {
            let shape: Vec<usize> = match ty {
                Type::Vector { shape, .. } | Type::Tensor { shape, .. } => {
                    shape.iter().map(|&d| d.max(0) as usize).collect()
                }
                _ => vec![texts.len()],
            };
            let shape = if shape.iter().product::<usize>() == texts.len() {
                shape
            } else {
                vec![texts.len()]
            };
            write_nested(out, &texts, &shape);
        }
    }
    out.push('>');
}

/// `texts` as lists nested by `shape` (row-major).
fn write_nested(out: &mut String, texts: &[String], shape: &[usize]) {
    let Some((&outer, inner)) = shape.split_first() else {
        if let Some(t) = texts.first() {
            out.push_str(t);
        }
        return;
    };
    let step = inner.iter().product::<usize>();
    out.push('[');
    for k in 0..outer {
        if k > 0 {
            out.push_str(", ");
        }
        let start = k * step;
        write_nested(out, &texts[start..(start + step).min(texts.len())], inner);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_mlir_does() {
        assert_eq!(format_float(0.0, &Type::F32), "0.000000e+00");
        assert_eq!(format_float(1.0e300, &Type::F64), "1.000000e+300");
        assert_eq!(format_float(-2.5, &Type::F64), "-2.500000e+00");
        let pi: f32 = "3.14159265".parse().unwrap();
        assert_eq!(format_float(f64::from(pi), &Type::F32), "3.14159274");
        let x: f32 = "123456.789".parse().unwrap();
        assert_eq!(format_float(f64::from(x), &Type::F32), "123456.789");
        assert_eq!(format_float(0.123456789, &Type::F64), "0.123456789");
        assert_eq!(format_float(f64::NAN, &Type::F32), "0x7FC00000");
        assert_eq!(format_float(1234567.0, &Type::F32), "0x4996B438");
        assert_eq!(format_float(123456.0, &Type::F64), "1.234560e+05");
    }
}

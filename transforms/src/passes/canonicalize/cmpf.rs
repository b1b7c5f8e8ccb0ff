//! `CmpFIntToFPConst`, MLIR 19's canonicalization of `arith.cmpf`
//! (LLVM InstCombine's `foldFCmpIntToFPConst`): a comparison of an
//! integer converted to float (`sitofp`, `uitofp`) with a float constant
//! becomes an integer comparison with an integer constant, or a constant
//! when the float lies outside the integer type's range or is fractional
//! and the predicate then decides.
//!
//! Everything is decided exactly: the constants of `f16`, `bf16` and
//! `f32` are exact `f64` values, and the integer bounds are rounded to
//! the float format by [`Format::round`] (to nearest, ties to even, as
//! APFloat's `convertFromAPInt`).
//!
//! Where MLIR fails an assertion (the predicates `false` and `true`,
//! whose integer form it does not know — mlir-opt 19 crashes on them)
//! the comparison is left alone; integers wider than 64 bits are left
//! alone too.

use tessera_ir::syntax::CMPF_PREDICATES;
use tessera_ir::{Attribute, OpId, Type};

use super::fold::{constant_attr, int_attr};
use super::Driver;

/// An IEEE binary floating-point format.
#[derive(Clone, Copy)]
struct Format {
    /// Significand bits, the implicit one included (APFloat's mantissa
    /// width).
    precision: u32,
    /// The exponent of the largest finite value.
    max_exponent: i32,
}

impl Format {
    fn of(ty: &Type) -> Option<Format> {
        let (precision, max_exponent) = match ty {
            Type::F16 => (11, 15),
            Type::BF16 => (8, 127),
            Type::F32 => (24, 127),
            Type::F64 => (53, 1023),
            _ => return None,
        };
        Some(Format {
            precision,
            max_exponent,
        })
    }

    /// `n` in this format, rounded to nearest with ties to even, infinite
    /// past the largest finite value.
    fn round(self, n: i128) -> f64 {
        let mut magnitude = n.unsigned_abs();
        if magnitude == 0 {
            return 0.0;
        }
        let mut shift = 0u32;
        let bits = 128 - magnitude.leading_zeros();
        if bits > self.precision {
            shift = bits - self.precision;
            let rest = magnitude & ((1u128 << shift) - 1);
            let half = 1u128 << (shift - 1);
            magnitude >>= shift;
            if rest > half || (rest == half && magnitude & 1 == 1) {
                magnitude += 1;
                if magnitude >> self.precision != 0 {
                    magnitude >>= 1;
                    shift += 1;
                }
            }
        }
        let exponent = (127 - magnitude.leading_zeros() + shift) as i32;
        // (`magnitude` has at most 53 bits, and the scaling by a power of
        // two is exact)
        let value = if exponent > self.max_exponent {
            f64::INFINITY
        } else {
            magnitude as f64 * 2f64.powi(shift as i32)
        };
        if n < 0 {
            -value
        } else {
            value
        }
    }
}

/// `floor(log2(|x|))` of a finite nonzero `x`, read off its bits (APFloat's
/// `ilogb`, which also normalizes subnormals).
fn ilogb(x: f64) -> i32 {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    if biased == 0 {
        -1075 + (64 - fraction.leading_zeros()) as i32
    } else {
        biased - 1023
    }
}

/// The integer predicate of a float predicate, for signed or unsigned
/// operands; `None` for `false`, `true`, `ord` and `uno`.
fn integer_predicate(pred: &str, unsigned: bool) -> Option<&'static str> {
    let pick = |s, u| Some(if unsigned { u } else { s });
    match pred {
        "oeq" | "ueq" => Some("eq"),
        "one" | "une" => Some("ne"),
        "ogt" | "ugt" => pick("sgt", "ugt"),
        "oge" | "uge" => pick("sge", "uge"),
        "olt" | "ult" => pick("slt", "ult"),
        "ole" | "ule" => pick("sle", "ule"),
        _ => None,
    }
}

/// What `cmpf(pred, itofp(x), c)` becomes.
enum Outcome {
    /// A constant truth value.
    Constant(bool),
    /// `cmpi(pred, x, n)`.
    Compare(&'static str, i128),
}

/// The rewrite of `cmpf(float_pred, itofp(x), c)` for an `x` of `width`
/// bits (`unsigned` for `uitofp`) and a non-NaN `c` of `format`; `None`
/// where MLIR's pattern does not apply.
fn rewrite(
    float_pred: &str,
    width: u32,
    unsigned: bool,
    c: f64,
    format: Format,
) -> Option<Outcome> {
    let value_bits = if unsigned { width } else { width - 1 } as i32;
    // (an integer wider than the significand may round on conversion)
    if width > format.precision {
        if c.is_infinite() {
            if format.max_exponent < value_bits {
                return None;
            }
        } else if c != 0.0 {
            let exponent = ilogb(c);
            if format.precision as i32 <= exponent && exponent <= value_bits {
                return None;
            }
        }
    }
    let pred = match float_pred {
        "ord" => return Some(Outcome::Constant(true)),
        "uno" => return Some(Outcome::Constant(false)),
        other => integer_predicate(other, unsigned)?,
    };
    let (min, max): (i128, i128) = if unsigned {
        (0, (1i128 << width) - 1)
    } else {
        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
    };
    if format.round(max) < c {
        return Some(Outcome::Constant(matches!(
            pred,
            "ne" | "slt" | "sle" | "ult" | "ule"
        )));
    }
    if format.round(min) > c {
        return Some(Outcome::Constant(matches!(
            pred,
            "ne" | "sgt" | "sge" | "ugt" | "uge"
        )));
    }
    // (`c` lies within [round(min), round(max)], at most 2^64 in size:
    // its integer part converts exactly)
    let truncated = c.trunc() as i128;
    if truncated < min || truncated > max {
        return None;
    }
    let mut pred = pred;
    if c != 0.0 && c.fract() != 0.0 {
        // (a fractional `c`: `truncated` is `c` rounded towards zero)
        let negative = c < 0.0;
        pred = match (pred, negative) {
            ("ne", _) => return Some(Outcome::Constant(true)),
            ("eq", _) => return Some(Outcome::Constant(false)),
            ("ule" | "ult", true) => return Some(Outcome::Constant(false)),
            ("ugt" | "uge", true) => return Some(Outcome::Constant(true)),
            ("sle", true) => "slt",
            ("ult", false) => "ule",
            ("slt", false) => "sle",
            ("sgt", true) => "sge",
            ("uge", false) => "ugt",
            ("sge", false) => "sgt",
            (p, _) => p,
        };
    }
    Some(Outcome::Compare(pred, truncated))
}

/// Applies `CmpFIntToFPConst` to the `arith.cmpf` `op`; whether it did.
pub(super) fn int_to_fp_const(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let [lhs, rhs] = m.ops[op].operands[..] else {
        return false;
    };
    let Some(&Attribute::Float { value: c, .. }) = constant_attr(m, rhs) else {
        return false;
    };
    let Some(format) = Format::of(m.value_type(rhs)) else {
        return false;
    };
    if c.is_nan() {
        return false;
    }
    let Some(Attribute::Integer { value: p, .. }) = m.ops[op].attr("predicate") else {
        return false;
    };
    let Some(&float_pred) = usize::try_from(*p)
        .ok()
        .and_then(|i| CMPF_PREDICATES.get(i))
    else {
        return false;
    };
    let Some(def) = m.defining_op(lhs) else {
        return false;
    };
    let unsigned = match m.ops[def].name.as_str() {
        "arith.sitofp" => false,
        "arith.uitofp" => true,
        _ => return false,
    };
    let Some(&x) = m.ops[def].operands.first() else {
        return false;
    };
    let ty = m.value_type(x).clone();
    let Type::Integer(width @ 1..=64) = ty else {
        return false;
    };
    match rewrite(float_pred, width, unsigned, c, format) {
        None => false,
        Some(Outcome::Constant(truth)) => {
            let v = d.constant_before(op, Attribute::Bool(truth), Type::Integer(1));
            d.replace_op(op, &[v]);
            true
        }
        Some(Outcome::Compare(pred, n)) => {
            let Some(attr) = int_attr(n as u64, &ty) else {
                return false;
            };
            let n = d.constant_before(op, attr, ty);
            let cmp = super::extensions::create_cmpi(d, op, d.m.ops[op].loc, pred, x, n);
            d.replace_op(op, &[cmp]);
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const F16: Format = Format {
        precision: 11,
        max_exponent: 15,
    };

    /// What `cmpf` computes on `v` converted to float and `c`, the
    /// conversion rounded to `format`.
    fn float_compare(pred: &str, v: i128, c: f64, format: Format) -> bool {
        let x = format.round(v);
        match pred {
            "oeq" | "ueq" => x == c,
            "one" | "une" => x != c,
            "ogt" | "ugt" => x > c,
            "oge" | "uge" => x >= c,
            "olt" | "ult" => x < c,
            "ole" | "ule" => x <= c,
            "ord" => true,
            _ => false,
        }
    }

    fn integer_compare(pred: &str, v: i128, n: i128) -> bool {
        match pred {
            "eq" => v == n,
            "ne" => v != n,
            "sgt" | "ugt" => v > n,
            "sge" | "uge" => v >= n,
            "slt" | "ult" => v < n,
            _ => v <= n,
        }
    }

    #[test]
    fn rounding_matches_the_native_conversions() {
        let f32_format = Format::of(&Type::F32).unwrap();
        let f64_format = Format::of(&Type::F64).unwrap();
        for n in [
            0i128,
            1,
            -1,
            16_777_217,
            16_777_219,
            i32::MAX as i128,
            i32::MIN as i128,
            i64::MAX as i128,
            i64::MIN as i128,
            9_007_199_254_740_993,
            (1 << 64) - 1,
        ] {
            assert_eq!(f32_format.round(n), n as f32 as f64, "{n}");
            assert_eq!(f64_format.round(n), n as f64, "{n}");
        }
        assert_eq!(F16.round(65504), 65504.0);
        assert_eq!(F16.round(65519), 65504.0);
        assert_eq!(F16.round(65520), f64::INFINITY);
        assert_eq!(F16.round(2049), 2048.0);
        assert_eq!(F16.round(2051), 2052.0);
    }

    #[test]
    fn ilogb_is_the_binary_exponent() {
        assert_eq!(ilogb(1.0), 0);
        assert_eq!(ilogb(-3.5), 1);
        assert_eq!(ilogb(0.75), -1);
        assert_eq!(ilogb(f64::MIN_POSITIVE), -1022);
        assert_eq!(ilogb(f64::from_bits(1)), -1074);
    }

    /// Every 8-bit integer, converted to `f16` and compared with
    /// constants around the range, compares as the rewrite says.
    #[test]
    fn the_rewrite_agrees_with_the_float_comparison() {
        let constants = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            4.5,
            -4.5,
            127.0,
            127.5,
            128.0,
            -128.0,
            -128.5,
            255.0,
            255.5,
            256.0,
            -0.5,
            0.5,
            1.0e4,
            -1.0e4,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        let predicates = [
            "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
            "une", "uno",
        ];
        for unsigned in [false, true] {
            let values: Vec<i128> = if unsigned {
                (0..256).collect()
            } else {
                (-128..128).collect()
            };
            for &c in &constants {
                for pred in predicates {
                    let Some(outcome) = rewrite(pred, 8, unsigned, c, F16) else {
                        continue;
                    };
                    for &v in &values {
                        let expected = float_compare(pred, v, c, F16);
                        let got = match outcome {
                            Outcome::Constant(t) => t,
                            Outcome::Compare(p, n) => integer_compare(p, v, n),
                        };
                        assert_eq!(got, expected, "{pred} {v} {c} unsigned={unsigned}");
                    }
                }
            }
        }
    }

    /// A 16-bit integer and `f16`: the conversion rounds, and the rewrite
    /// applies only where the rounding cannot change the answer.
    #[test]
    fn rounding_conversions_are_rewritten_only_where_safe() {
        let constants = [
            0.5, 1.0, -3.25, 1000.0, 1000.5, 2048.0, 4096.0, 65504.0, -32768.0,
        ];
        for unsigned in [false, true] {
            let values: Vec<i128> = if unsigned {
                (0..65536).step_by(7).collect()
            } else {
                (-32768..32768).step_by(7).collect()
            };
            for c in constants {
                for pred in ["oeq", "ogt", "oge", "olt", "ole", "une"] {
                    let Some(outcome) = rewrite(pred, 16, unsigned, c, F16) else {
                        continue;
                    };
                    for &v in &values {
                        let got = match outcome {
                            Outcome::Constant(t) => t,
                            Outcome::Compare(p, n) => integer_compare(p, v, n),
                        };
                        assert_eq!(got, float_compare(pred, v, c, F16), "{pred} {v} {c}");
                    }
                }
            }
        }
    }
}

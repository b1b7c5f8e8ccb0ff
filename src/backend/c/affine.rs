//! Affine expressions, maps and integer sets as C expressions over
//! `int64_t` values.
//!
//! `+` and `*` wrap (two's complement, through `uint64_t`), as the
//! interpreter's linear forms do; `floordiv`, `ceildiv` and `mod` round as
//! MLIR defines them, also for negative dividends. A divisor that is a
//! positive constant needs no check; any other divisor (a symbol) is
//! checked at run time and a non-positive one is a fault.

use tessera_affine::{AffineExpr, BinaryOp, ConstraintKind, ExprKind, IntegerSet};
use tessera_ir::Location;

/// A C literal of type `int64_t`.
pub fn int_literal(c: i64) -> String {
    if c == i64::MIN {
        "INT64_MIN".into()
    } else if i32::try_from(c).is_ok() {
        if c < 0 {
            format!("(int64_t){c}")
        } else {
            c.to_string()
        }
    } else {
        format!("INT64_C({c})")
    }
}

/// Translates affine expressions whose dims and symbols are C expressions.
pub struct AffineC {
    /// C expressions of the dims.
    pub dims: Vec<String>,
    /// C expressions of the symbols.
    pub symbols: Vec<String>,
    /// Where faults (a non-positive divisor) are reported.
    pub loc: Location,
    /// Whether this is an `affine.if` condition (changes the message).
    pub condition: bool,
}

impl AffineC {
    /// The C expression of `e`, or why it has none (an operand missing).
    pub fn expr(&self, e: &AffineExpr) -> Result<String, String> {
        Ok(match e.kind() {
            ExprKind::Dim(d) => self
                .dims
                .get(*d as usize)
                .cloned()
                .ok_or_else(|| format!("affine expression uses d{d} but has no such operand"))?,
            ExprKind::Symbol(s) => self
                .symbols
                .get(*s as usize)
                .cloned()
                .ok_or_else(|| format!("affine expression uses s{s} but has no such operand"))?,
            ExprKind::Constant(c) => int_literal(*c),
            ExprKind::Binary(op, l, r) => {
                let a = self.expr(l)?;
                let divisor = match r.as_constant() {
                    Some(c) if c > 0 => c.to_string(),
                    _ => format!(
                        "tm_divisor(ctx, {}, {}, {}, {})",
                        self.expr(r)?,
                        i32::from(self.condition),
                        self.loc.line,
                        self.loc.col
                    ),
                };
                match op {
                    BinaryOp::Add => format!("tm_add({a}, {})", self.expr(r)?),
                    BinaryOp::Mul => format!("tm_mul({a}, {})", self.expr(r)?),
                    BinaryOp::FloorDiv => format!("tm_floordiv({a}, {divisor})"),
                    BinaryOp::CeilDiv => format!("tm_ceildiv({a}, {divisor})"),
                    BinaryOp::Mod => format!("tm_mod({a}, {divisor})"),
                }
            }
        })
    }

    /// The maximum (`lower`) or minimum of several expressions: a loop
    /// bound or `affine.max`/`affine.min`.
    pub fn bound(&self, exprs: &[AffineExpr], lower: bool) -> Result<String, String> {
        let mut parts = exprs.iter().map(|e| self.expr(e));
        let first = parts
            .next()
            .ok_or_else(|| "a bound map needs at least one result".to_string())??;
        let f = if lower { "tm_max" } else { "tm_min" };
        parts.try_fold(first, |acc, e| Ok(format!("{f}({acc}, {})", e?)))
    }

    /// The C condition of an integer set: every constraint holds, checked
    /// left to right (`&&` stops at the first that fails, as the
    /// interpreter does).
    pub fn set(&self, set: &IntegerSet) -> Result<String, String> {
        if set.constraints().is_empty() {
            return Ok("1".into());
        }
        let parts: Result<Vec<String>, String> = set
            .constraints()
            .iter()
            .map(|c| {
                let e = self.expr(&c.expr)?;
                Ok(match c.kind {
                    ConstraintKind::Eq => format!("{e} == 0"),
                    ConstraintKind::Ge => format!("{e} >= 0"),
                })
            })
            .collect();
        Ok(parts?
            .iter()
            .map(|p| format!("({p})"))
            .collect::<Vec<_>>()
            .join(" && "))
    }
}

/// Is `s` a C identifier or an integer literal (safe to use twice)?
pub fn is_atom(s: &str) -> bool {
    let ident = s
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    ident || (!s.is_empty() && s.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_use_the_rounding_helpers() {
        let e: tessera_affine::AffineMap =
            "(d0)[s0] -> (d0 floordiv 4 + d0 mod s0)".parse().unwrap();
        let c = AffineC {
            dims: vec!["i".to_string()],
            symbols: vec!["n".to_string()],
            loc: Location::at(3, 7),
            condition: false,
        };
        let text = c.expr(&e.results()[0]).unwrap();
        assert!(text.contains("tm_floordiv(i, 4)"), "{text}");
        assert!(
            text.contains("tm_mod(i, tm_divisor(ctx, n, 0, 3, 7))"),
            "{text}"
        );
    }

    #[test]
    fn literals() {
        assert_eq!(int_literal(5), "5");
        assert_eq!(int_literal(-5), "(int64_t)-5");
        assert_eq!(int_literal(i64::MIN), "INT64_MIN");
        assert_eq!(int_literal(1 << 40), "INT64_C(1099511627776)");
        assert!(is_atom("v12") && is_atom("42") && !is_atom("a + b") && !is_atom(""));
    }
}

//! Printing in MLIR's syntax, byte for byte as `mlir-opt` 19 prints.
//!
//! The rules follow MLIR's `AsmPrinter`: operands of `*`, `floordiv`,
//! `ceildiv` and `mod` are parenthesised when they are themselves binary,
//! `e * -1` prints as `-e`, `a + e * -1` as `a - e`, `a + e * -c` as
//! `a - e * c`, and `a + -c` as `a - c`.

use std::fmt::{self, Write};

use crate::expr::{AffineExpr, BinaryOp, ExprKind};

/// A dim or symbol position, handed to the naming callback of
/// [`AffineExpr::display_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// Dimension number `n`.
    Dim(u32),
    /// Symbol number `n`.
    Symbol(u32),
}

/// How tightly the surrounding context binds an expression.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Binding {
    Weak,
    Strong,
}

type Namer<'a> = &'a dyn Fn(&mut dyn Write, Position) -> fmt::Result;

fn default_name(out: &mut dyn Write, pos: Position) -> fmt::Result {
    match pos {
        Position::Dim(p) => write!(out, "d{p}"),
        Position::Symbol(p) => write!(out, "s{p}"),
    }
}

fn write_expr(
    out: &mut dyn Write,
    e: &AffineExpr,
    binding: Binding,
    name: Namer<'_>,
) -> fmt::Result {
    let (op, lhs, rhs) = match e.kind() {
        ExprKind::Dim(p) => return name(out, Position::Dim(*p)),
        ExprKind::Symbol(p) => return name(out, Position::Symbol(*p)),
        // `-9223372036854775808` does not parse (its magnitude is no
        // `i64`, in MLIR's parser too): i64::MIN prints as a difference.
        ExprKind::Constant(i64::MIN) if binding == Binding::Strong => {
            return write!(out, "({} - 1)", i64::MIN + 1)
        }
        ExprKind::Constant(i64::MIN) => return write!(out, "{} - 1", i64::MIN + 1),
        ExprKind::Constant(c) => return write!(out, "{c}"),
        ExprKind::Binary(op, l, r) => (*op, l, r),
    };
    let strong = binding == Binding::Strong;
    if strong {
        out.write_char('(')?;
    }
    if op != BinaryOp::Add {
        if op == BinaryOp::Mul && rhs.as_constant() == Some(-1) {
            out.write_char('-')?;
            write_expr(out, lhs, Binding::Strong, name)?;
        } else {
            write_expr(out, lhs, Binding::Strong, name)?;
            write!(out, " {} ", op.spelling())?;
            write_expr(out, rhs, Binding::Strong, name)?;
        }
    } else {
        write_sum(out, lhs, rhs, name)?;
    }
    if strong {
        out.write_char(')')?;
    }
    Ok(())
}

/// `lhs + rhs` with MLIR's subtraction sugar.
fn write_sum(
    out: &mut dyn Write,
    lhs: &AffineExpr,
    rhs: &AffineExpr,
    name: Namer<'_>,
) -> fmt::Result {
    if let Some((BinaryOp::Mul, rl, rr)) = rhs.as_binary() {
        match rr.as_constant() {
            Some(-1) => {
                write_expr(out, lhs, Binding::Weak, name)?;
                out.write_str(" - ")?;
                let inner = if rl.as_binary().is_some_and(|(op, _, _)| op == BinaryOp::Add) {
                    Binding::Strong
                } else {
                    Binding::Weak
                };
                return write_expr(out, rl, inner, name);
            }
            Some(c) if c < -1 && c != i64::MIN => {
                write_expr(out, lhs, Binding::Weak, name)?;
                out.write_str(" - ")?;
                write_expr(out, rl, Binding::Strong, name)?;
                return write!(out, " * {}", c.unsigned_abs());
            }
            _ => {}
        }
    }
    if let Some(c) = rhs.as_constant().filter(|&c| c < 0) {
        write_expr(out, lhs, Binding::Weak, name)?;
        if c == i64::MIN {
            return write!(out, " - {} - 1", i64::MAX);
        }
        return write!(out, " - {}", c.unsigned_abs());
    }
    write_expr(out, lhs, Binding::Weak, name)?;
    out.write_str(" + ")?;
    write_expr(out, rhs, Binding::Weak, name)
}

impl fmt::Display for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expr(f, self, Binding::Weak, &default_name)
    }
}

/// An expression printed with caller-chosen names for dims and symbols; see
/// [`AffineExpr::display_with`].
pub struct DisplayWith<'a, F> {
    expr: &'a AffineExpr,
    name: F,
}

impl<F: Fn(&mut dyn Write, Position) -> fmt::Result> fmt::Display for DisplayWith<'_, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expr(f, self.expr, Binding::Weak, &self.name)
    }
}

impl AffineExpr {
    /// Prints the expression with `name` writing each dim and symbol, as
    /// MLIR prints subscripts such as `%arg0 + 1` in `affine.load`.
    ///
    /// ```
    /// use std::fmt::Write;
    /// use tessera_affine::{print::Position, AffineExpr};
    /// let e = AffineExpr::dim(0) - AffineExpr::symbol(0) * 2;
    /// let shown = e.display_with(|out: &mut dyn Write, p| match p {
    ///     Position::Dim(i) => write!(out, "%i{i}"),
    ///     Position::Symbol(i) => write!(out, "%N{i}"),
    /// });
    /// assert_eq!(shown.to_string(), "%i0 - %N0 * 2");
    /// ```
    pub fn display_with<F>(&self, name: F) -> DisplayWith<'_, F>
    where
        F: Fn(&mut dyn Write, Position) -> fmt::Result,
    {
        DisplayWith { expr: self, name }
    }
}

/// Writes `(d0, d1)[s0, s1]`, omitting the brackets when there are no
/// symbols.
pub(crate) fn write_dims_and_symbols(
    f: &mut dyn Write,
    num_dims: u32,
    num_symbols: u32,
) -> fmt::Result {
    f.write_char('(')?;
    for i in 0..num_dims {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "d{i}")?;
    }
    f.write_char(')')?;
    if num_symbols > 0 {
        f.write_char('[')?;
        for i in 0..num_symbols {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "s{i}")?;
        }
        f.write_char(']')?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_constant_prints_in_a_form_that_parses_back() {
        let d0 = AffineExpr::dim(0);
        for e in [
            AffineExpr::constant(i64::MIN),
            d0.clone() + i64::MIN,
            d0.clone() * i64::MIN,
            d0.clone().floor_div(3) + i64::MIN,
        ] {
            let text = format!("(d0) -> ({e})");
            let map: crate::AffineMap = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
            assert_eq!(map.results()[0], e, "{text}");
        }
        assert_eq!(
            AffineExpr::constant(i64::MIN).to_string(),
            "-9223372036854775807 - 1"
        );
    }

    #[test]
    fn subtraction_sugar() {
        let (d0, d1) = (AffineExpr::dim(0), AffineExpr::dim(1));
        assert_eq!((d0.clone() - d1.clone()).to_string(), "d0 - d1");
        assert_eq!((d0.clone() - (d1.clone() + 2)).to_string(), "d0 - (d1 + 2)");
        assert_eq!((d0.clone() + d1.clone() * -3).to_string(), "d0 - d1 * 3");
        assert_eq!((d0.clone() - 3).to_string(), "d0 - 3");
        assert_eq!((-d0.clone() + 5).to_string(), "-d0 + 5");
        assert_eq!((-(d0.clone() + 2)).to_string(), "-(d0 + 2)");
        assert_eq!(
            ((d0 + 1).ceil_div(3) * 2).to_string(),
            "((d0 + 1) ceildiv 3) * 2"
        );
    }
}

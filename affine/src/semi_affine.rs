//! Simplification specific to semi-affine expressions: a `floordiv`,
//! `ceildiv` or `mod` by a symbol that provably divides the dividend is
//! cancelled (`(d0 * s0) floordiv s0` → `d0`, `(d0 * s0) mod s0` → `0`),
//! and `(x - x mod e) mod e` is 0, as MLIR's `simplifySemiAffine` does (it
//! also takes `(x - x mod e) floordiv e` and `ceildiv e` for 0, wrongly:
//! tessera does not).
//!
//! As in MLIR, a symbol used as a divisor is assumed positive (evaluation
//! rejects a non-positive divisor). Unlike MLIR, a division nested under a
//! sum or product is never taken as a multiple of the symbol: MLIR rewrites
//! `(s0 ceildiv 6 + s0 ceildiv 6) ceildiv s0` to `2`, but at `s0 = 10` the
//! value is `1`. The commutation `(e ceildiv a) ceildiv s = (e ceildiv s)
//! ceildiv a` only holds along a chain of divisions of the same kind
//! directly under the outer one.

use crate::expr::{AffineExpr, BinaryOp, ExprKind};

/// Rewrites divisions by a symbol that divides their dividend, bottom-up,
/// and `(x - x mod e) mod e` to 0; `num_dims` and `num_symbols` are the
/// expression's space.
pub(crate) fn simplify_semi_affine(
    expr: &AffineExpr,
    num_dims: u32,
    num_symbols: u32,
) -> AffineExpr {
    let Some((op, l, r)) = expr.as_binary() else {
        return expr.clone();
    };
    let sl = simplify_semi_affine(l, num_dims, num_symbols);
    let sr = simplify_semi_affine(r, num_dims, num_symbols);
    let rebuilt = || AffineExpr::try_binary(op, &sl, &sr).unwrap_or_else(|_| expr.clone());
    if matches!(op, BinaryOp::Add | BinaryOp::Mul) {
        return rebuilt();
    }
    // MLIR applies this to `floordiv` and `ceildiv` too, where it is wrong:
    // `(10 - 10 mod 3) floordiv 3` is 3.
    if op == BinaryOp::Mod && is_mod_of_mod_subtraction(&sl, &sr, num_dims, num_symbols) {
        return AffineExpr::constant(0);
    }
    let ExprKind::Symbol(sym) = *sr.kind() else {
        return rebuilt();
    };
    if !divisible_by_symbol(l, sym, op, true) {
        return rebuilt();
    }
    if op == BinaryOp::Mod {
        return AffineExpr::constant(0);
    }
    symbolic_divide(&sl, sym, op).unwrap_or_else(rebuilt)
}

/// Whether `lhs mod rhs` is 0 because `lhs` is `x - x mod rhs` (MLIR's
/// `isModOfModSubtraction`): one summand of `lhs` is `-(x mod rhs)` and the
/// others add up to `x`, so `lhs` is a multiple of `rhs`.
fn is_mod_of_mod_subtraction(
    lhs: &AffineExpr,
    rhs: &AffineExpr,
    num_dims: u32,
    num_symbols: u32,
) -> bool {
    let mut summands = Vec::new();
    collect_summands(lhs, &mut summands);
    summands.iter().enumerate().any(|(i, s)| {
        let Some((BinaryOp::Mod, x, r)) = negated(s).and_then(AffineExpr::as_binary) else {
            return false;
        };
        if r != rhs {
            return false;
        }
        let others = summands
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(AffineExpr::constant(0), |sum, (_, &t)| sum + t.clone());
        (others - x.clone())
            .simplify(num_dims, num_symbols)
            .as_constant()
            == Some(0)
    })
}

/// The terms of a sum, left to right.
fn collect_summands<'a>(expr: &'a AffineExpr, out: &mut Vec<&'a AffineExpr>) {
    match expr.as_binary() {
        Some((BinaryOp::Add, l, r)) => {
            collect_summands(l, out);
            collect_summands(r, out);
        }
        _ => out.push(expr),
    }
}

/// `e` when `expr` is `e * -1` (or `-1 * e`).
fn negated(expr: &AffineExpr) -> Option<&AffineExpr> {
    let (BinaryOp::Mul, l, r) = expr.as_binary()? else {
        return None;
    };
    if r.as_constant() == Some(-1) {
        Some(l)
    } else if l.as_constant() == Some(-1) {
        Some(r)
    } else {
        None
    }
}

/// Whether dividing `expr` by symbol `sym` with division kind `op` can be
/// done exactly. `chain` is true while `expr` is the outer division's
/// dividend or, below it, a dividend of divisions of the same kind
/// (`((e floordiv a) floordiv b) floordiv s` commutes to
/// `((e floordiv s) floordiv a) floordiv b`); anywhere else a division is not
/// a multiple of `sym`.
fn divisible_by_symbol(expr: &AffineExpr, sym: u32, op: BinaryOp, chain: bool) -> bool {
    match expr.kind() {
        ExprKind::Constant(c) => *c == 0,
        ExprKind::Dim(_) => false,
        ExprKind::Symbol(p) => *p == sym,
        ExprKind::Binary(BinaryOp::Add | BinaryOp::Mod, l, r) => {
            divisible_by_symbol(l, sym, op, false) && divisible_by_symbol(r, sym, op, false)
        }
        ExprKind::Binary(BinaryOp::Mul, l, r) => {
            divisible_by_symbol(l, sym, op, false) || divisible_by_symbol(r, sym, op, false)
        }
        ExprKind::Binary(kind @ (BinaryOp::FloorDiv | BinaryOp::CeilDiv), l, _) => {
            chain && *kind == op && divisible_by_symbol(l, sym, op, true)
        }
    }
}

/// `expr / s<sym>` for an `expr` that [`divisible_by_symbol`] accepted.
fn symbolic_divide(expr: &AffineExpr, sym: u32, op: BinaryOp) -> Option<AffineExpr> {
    match expr.kind() {
        ExprKind::Constant(0) => Some(AffineExpr::constant(0)),
        ExprKind::Constant(_) | ExprKind::Dim(_) => None,
        ExprKind::Symbol(p) => (*p == sym).then(|| AffineExpr::constant(1)),
        ExprKind::Binary(BinaryOp::Add, l, r) => {
            Some(symbolic_divide(l, sym, op)? + symbolic_divide(r, sym, op)?)
        }
        ExprKind::Binary(BinaryOp::Mod, l, r) => {
            let nl = symbolic_divide(l, sym, BinaryOp::Mod)?;
            let nr = symbolic_divide(r, sym, BinaryOp::Mod)?;
            nl.try_modulo(&nr).ok()
        }
        ExprKind::Binary(BinaryOp::Mul, l, r) => {
            if divisible_by_symbol(l, sym, op, false) {
                symbolic_divide(l, sym, op)?.try_mul(r).ok()
            } else {
                l.try_mul(&symbolic_divide(r, sym, op)?).ok()
            }
        }
        ExprKind::Binary(kind @ (BinaryOp::FloorDiv | BinaryOp::CeilDiv), l, r) => {
            let nl = symbolic_divide(l, sym, *kind)?;
            AffineExpr::try_binary(*kind, &nl, r).ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_by_a_dividing_symbol_cancels() {
        let (d0, s0) = (AffineExpr::dim(0), AffineExpr::symbol(0));
        let prod = d0.try_mul(&s0).unwrap();
        assert_eq!(
            simplify_semi_affine(&prod.try_floor_div(&s0).unwrap(), 1, 1),
            d0
        );
        assert_eq!(
            simplify_semi_affine(&prod.try_ceil_div(&s0).unwrap(), 1, 1),
            d0
        );
        assert_eq!(
            simplify_semi_affine(&prod.try_modulo(&s0).unwrap(), 1, 1),
            AffineExpr::constant(0)
        );
        let not_divisible = (prod + d0).try_floor_div(&s0).unwrap();
        assert_eq!(simplify_semi_affine(&not_divisible, 1, 1), not_divisible);
        // MLIR folds this to 2; at s0 = 10 it is 1.
        let inner = s0.ceil_div(6);
        let nested = (inner.clone() + inner).try_ceil_div(&s0).unwrap();
        assert_eq!(simplify_semi_affine(&nested, 0, 1), nested);
        assert_eq!(nested.evaluate(&[], &[10]), Ok(1));
    }

    #[test]
    fn a_remainder_subtracted_leaves_a_multiple() {
        let (s0, s1, s2) = (
            AffineExpr::symbol(0),
            AffineExpr::symbol(1),
            AffineExpr::symbol(2),
        );
        let rem = |e: &AffineExpr| e.try_modulo(&s1).unwrap();
        // (s0 - s0 mod s1) mod s1 and (s0 - (s0 - s2) mod s1 - s2) mod s1.
        let first = rem(&(s0.clone() - rem(&s0)));
        assert_eq!(simplify_semi_affine(&first, 0, 2), AffineExpr::constant(0));
        let shifted = s0.clone() - s2.clone();
        let second = rem(&(s0.clone() - rem(&shifted) - s2.clone()));
        assert_eq!(simplify_semi_affine(&second, 0, 3), AffineExpr::constant(0));
        // Not for a division: (10 - 10 mod 3) floordiv 3 is 3.
        let quotient = (s0.clone() - rem(&s0)).try_floor_div(&s1).unwrap();
        assert_ne!(
            simplify_semi_affine(&quotient, 0, 2),
            AffineExpr::constant(0)
        );
        assert_eq!(quotient.evaluate(&[], &[10, 3]), Ok(3));
        // A remainder by another divisor is not a multiple.
        let other = (s0.clone() - s0.try_modulo(&s2).unwrap())
            .try_modulo(&s1)
            .unwrap();
        assert_eq!(simplify_semi_affine(&other, 0, 3), other);
    }
}

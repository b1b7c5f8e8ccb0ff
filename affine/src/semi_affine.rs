//! Simplification specific to semi-affine expressions: a `floordiv`,
//! `ceildiv` or `mod` by a symbol that provably divides the dividend is
//! cancelled (`(d0 * s0) floordiv s0` → `d0`, `(d0 * s0) mod s0` → `0`), as
//! MLIR's `simplifySemiAffine` does.
//!
//! As in MLIR, a symbol used as a divisor is assumed positive (evaluation
//! rejects a non-positive divisor). Unlike MLIR, a division nested under a
//! sum or product is never taken as a multiple of the symbol: MLIR rewrites
//! `(s0 ceildiv 6 + s0 ceildiv 6) ceildiv s0` to `2`, but at `s0 = 10` the
//! value is `1`. The commutation `(e ceildiv a) ceildiv s = (e ceildiv s)
//! ceildiv a` only holds along a chain of divisions of the same kind
//! directly under the outer one.

use crate::expr::{AffineExpr, BinaryOp, ExprKind};

/// Rewrites divisions by a symbol that divides their dividend, bottom-up.
pub(crate) fn simplify_semi_affine(expr: &AffineExpr) -> AffineExpr {
    let Some((op, l, r)) = expr.as_binary() else {
        return expr.clone();
    };
    let sl = simplify_semi_affine(l);
    let sr = simplify_semi_affine(r);
    let rebuilt = || AffineExpr::try_binary(op, &sl, &sr).unwrap_or_else(|_| expr.clone());
    if matches!(op, BinaryOp::Add | BinaryOp::Mul) {
        return rebuilt();
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
        assert_eq!(simplify_semi_affine(&prod.try_floor_div(&s0).unwrap()), d0);
        assert_eq!(simplify_semi_affine(&prod.try_ceil_div(&s0).unwrap()), d0);
        assert_eq!(
            simplify_semi_affine(&prod.try_modulo(&s0).unwrap()),
            AffineExpr::constant(0)
        );
        let not_divisible = (prod + d0).try_floor_div(&s0).unwrap();
        assert_eq!(simplify_semi_affine(&not_divisible), not_divisible);
        // MLIR folds this to 2; at s0 = 10 it is 1.
        let inner = s0.ceil_div(6);
        let nested = (inner.clone() + inner).try_ceil_div(&s0).unwrap();
        assert_eq!(simplify_semi_affine(&nested), nested);
        assert_eq!(nested.evaluate(&[], &[10]), Ok(1));
    }
}

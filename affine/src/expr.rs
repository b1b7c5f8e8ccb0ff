//! Affine expressions: dims, symbols, constants and the five binary
//! operations, built with MLIR's construction-time simplification.
//!
//! An [`AffineExpr`] is an immutable tree shared through [`Arc`], so cloning
//! is cheap and equality is structural. Every constructor applies the local
//! rewrite rules MLIR applies in `AffineExpr::operator+` and friends
//! (constant folding, constants to the right, `d0 + d0` → `d0 * 2`,
//! `(d0 * 4) floordiv 2` → `d0 * 2`, `(d0 mod 4) mod 2` → `d0 mod 2`, ...), so
//! a parsed expression prints exactly as `mlir-opt` prints it. The stronger
//! canonical form, obtained by flattening, is [`AffineExpr::simplify`].
//!
//! Constant folding never wraps: when a fold would overflow `i64`, the
//! operation is kept unevaluated.

use std::fmt;
use std::sync::Arc;

use crate::error::{AffineError, EvalError};
use crate::int_math;

/// The binary operations of affine expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BinaryOp {
    /// `lhs + rhs`.
    Add,
    /// `lhs * rhs`; one side must be symbolic or constant.
    Mul,
    /// `lhs floordiv rhs`, rounding toward −∞.
    FloorDiv,
    /// `lhs ceildiv rhs`, rounding toward +∞.
    CeilDiv,
    /// `lhs mod rhs`, non-negative for a positive `rhs`.
    Mod,
}

impl BinaryOp {
    /// The keyword or symbol MLIR spells the operation with.
    pub fn spelling(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Mul => "*",
            BinaryOp::FloorDiv => "floordiv",
            BinaryOp::CeilDiv => "ceildiv",
            BinaryOp::Mod => "mod",
        }
    }
}

/// What an [`AffineExpr`] node is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    /// Dimension `d<pos>`.
    Dim(u32),
    /// Symbol `s<pos>`.
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// A binary operation.
    Binary(BinaryOp, AffineExpr, AffineExpr),
}

/// An affine (or semi-affine) expression over dims `d0, d1, ...` and symbols
/// `s0, s1, ...`.
///
/// ```
/// use tessera_affine::AffineExpr;
/// let d0 = AffineExpr::dim(0);
/// let e = d0.clone() + d0.clone();
/// assert_eq!(e.to_string(), "d0 * 2");
/// assert_eq!((d0 * 4).floor_div(2).to_string(), "d0 * 2");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct AffineExpr(Arc<ExprKind>);

impl fmt::Debug for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AffineExpr({self})")
    }
}

impl From<i64> for AffineExpr {
    fn from(value: i64) -> Self {
        AffineExpr::constant(value)
    }
}

impl AffineExpr {
    fn from_kind(kind: ExprKind) -> Self {
        AffineExpr(Arc::new(kind))
    }

    fn binary(op: BinaryOp, lhs: AffineExpr, rhs: AffineExpr) -> Self {
        Self::from_kind(ExprKind::Binary(op, lhs, rhs))
    }

    /// The dimension `d<pos>`.
    pub fn dim(pos: u32) -> Self {
        Self::from_kind(ExprKind::Dim(pos))
    }

    /// The symbol `s<pos>`.
    pub fn symbol(pos: u32) -> Self {
        Self::from_kind(ExprKind::Symbol(pos))
    }

    /// The integer constant `value`.
    pub fn constant(value: i64) -> Self {
        Self::from_kind(ExprKind::Constant(value))
    }

    /// What this node is.
    pub fn kind(&self) -> &ExprKind {
        &self.0
    }

    /// The value if this is a constant.
    pub fn as_constant(&self) -> Option<i64> {
        match *self.kind() {
            ExprKind::Constant(c) => Some(c),
            _ => None,
        }
    }

    /// The operation and operands if this is a binary node.
    pub fn as_binary(&self) -> Option<(BinaryOp, &AffineExpr, &AffineExpr)> {
        match self.kind() {
            ExprKind::Binary(op, l, r) => Some((*op, l, r)),
            _ => None,
        }
    }

    fn as_binary_of(&self, want: BinaryOp) -> Option<(&AffineExpr, &AffineExpr)> {
        match self.as_binary() {
            Some((op, l, r)) if op == want => Some((l, r)),
            _ => None,
        }
    }

    /// True when the expression contains no dims (only symbols and constants).
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self.kind() {
            ExprKind::Dim(_) => false,
            ExprKind::Symbol(_) | ExprKind::Constant(_) => true,
            ExprKind::Binary(_, l, r) => l.is_symbolic_or_constant() && r.is_symbolic_or_constant(),
        }
    }

    /// True when every product has a constant factor and every
    /// `floordiv`/`ceildiv`/`mod` has a constant right operand, as in MLIR's
    /// `isPureAffine`. Semi-affine expressions (a symbol as factor or
    /// divisor) answer false.
    ///
    /// ```
    /// use tessera_affine::AffineExpr;
    /// let (d0, s0) = (AffineExpr::dim(0), AffineExpr::symbol(0));
    /// assert!((d0.clone() * 3 + 1).is_pure_affine());
    /// assert!(!d0.try_mul(&s0).unwrap().is_pure_affine());
    /// ```
    pub fn is_pure_affine(&self) -> bool {
        match self.kind() {
            ExprKind::Dim(_) | ExprKind::Symbol(_) | ExprKind::Constant(_) => true,
            ExprKind::Binary(BinaryOp::Add, l, r) => l.is_pure_affine() && r.is_pure_affine(),
            ExprKind::Binary(BinaryOp::Mul, l, r) => {
                l.is_pure_affine()
                    && r.is_pure_affine()
                    && (l.as_constant().is_some() || r.as_constant().is_some())
            }
            ExprKind::Binary(_, l, r) => l.is_pure_affine() && r.as_constant().is_some(),
        }
    }

    /// The largest integer known to divide every value of the expression
    /// (0 for the constant 0), as MLIR's `getLargestKnownDivisor`.
    pub fn largest_known_divisor(&self) -> u64 {
        match self.kind() {
            ExprKind::Dim(_) | ExprKind::Symbol(_) => 1,
            ExprKind::Constant(c) => c.unsigned_abs(),
            ExprKind::Binary(BinaryOp::FloorDiv | BinaryOp::CeilDiv, _, _) => 1,
            ExprKind::Binary(BinaryOp::Mul, l, r) => l
                .largest_known_divisor()
                .checked_mul(r.largest_known_divisor())
                .unwrap_or(1),
            ExprKind::Binary(BinaryOp::Add | BinaryOp::Mod, l, r) => {
                int_math::gcd(l.largest_known_divisor(), r.largest_known_divisor())
            }
        }
    }

    /// True when `d<pos>` occurs in the expression.
    pub fn is_function_of_dim(&self, pos: u32) -> bool {
        match self.kind() {
            ExprKind::Dim(p) => *p == pos,
            ExprKind::Symbol(_) | ExprKind::Constant(_) => false,
            ExprKind::Binary(_, l, r) => l.is_function_of_dim(pos) || r.is_function_of_dim(pos),
        }
    }

    /// True when `s<pos>` occurs in the expression.
    pub fn is_function_of_symbol(&self, pos: u32) -> bool {
        match self.kind() {
            ExprKind::Symbol(p) => *p == pos,
            ExprKind::Dim(_) | ExprKind::Constant(_) => false,
            ExprKind::Binary(_, l, r) => {
                l.is_function_of_symbol(pos) || r.is_function_of_symbol(pos)
            }
        }
    }

    /// One more than the largest dim position used (0 if none).
    pub fn dim_count(&self) -> u32 {
        match self.kind() {
            ExprKind::Dim(p) => p + 1,
            ExprKind::Symbol(_) | ExprKind::Constant(_) => 0,
            ExprKind::Binary(_, l, r) => l.dim_count().max(r.dim_count()),
        }
    }

    /// One more than the largest symbol position used (0 if none).
    pub fn symbol_count(&self) -> u32 {
        match self.kind() {
            ExprKind::Symbol(p) => p + 1,
            ExprKind::Dim(_) | ExprKind::Constant(_) => 0,
            ExprKind::Binary(_, l, r) => l.symbol_count().max(r.symbol_count()),
        }
    }

    /// Rebuilds a binary node with the given operation through the
    /// simplifying constructors. Fails only for a product of two
    /// non-symbolic operands or a division by a non-symbolic expression.
    pub fn try_binary(
        op: BinaryOp,
        lhs: &AffineExpr,
        rhs: &AffineExpr,
    ) -> Result<Self, AffineError> {
        match op {
            BinaryOp::Add => Ok(lhs.clone() + rhs.clone()),
            BinaryOp::Mul => lhs.try_mul(rhs),
            BinaryOp::FloorDiv => lhs.try_floor_div(rhs),
            BinaryOp::CeilDiv => lhs.try_ceil_div(rhs),
            BinaryOp::Mod => lhs.try_modulo(rhs),
        }
    }

    /// `self * rhs`. Fails when neither side is symbolic or constant: the
    /// product of two dims is not affine.
    pub fn try_mul(&self, rhs: &AffineExpr) -> Result<Self, AffineError> {
        if !self.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
            return Err(AffineError::NonAffineProduct {
                lhs: self.to_string(),
                rhs: rhs.to_string(),
            });
        }
        Ok(mul_unchecked(self, rhs))
    }

    /// `self floordiv rhs`; `rhs` must be symbolic or constant.
    pub fn try_floor_div(&self, rhs: &AffineExpr) -> Result<Self, AffineError> {
        self.check_divisor(BinaryOp::FloorDiv, rhs)?;
        Ok(floor_div_unchecked(self, rhs))
    }

    /// `self ceildiv rhs`; `rhs` must be symbolic or constant.
    pub fn try_ceil_div(&self, rhs: &AffineExpr) -> Result<Self, AffineError> {
        self.check_divisor(BinaryOp::CeilDiv, rhs)?;
        Ok(ceil_div_unchecked(self, rhs))
    }

    /// `self mod rhs`; `rhs` must be symbolic or constant.
    pub fn try_modulo(&self, rhs: &AffineExpr) -> Result<Self, AffineError> {
        self.check_divisor(BinaryOp::Mod, rhs)?;
        Ok(mod_unchecked(self, rhs))
    }

    fn check_divisor(&self, op: BinaryOp, rhs: &AffineExpr) -> Result<(), AffineError> {
        if rhs.is_symbolic_or_constant() {
            Ok(())
        } else {
            Err(AffineError::NonSymbolicDivisor {
                op: op.spelling(),
                lhs: self.to_string(),
                rhs: rhs.to_string(),
            })
        }
    }

    /// `self floordiv c`. A non-positive `c` is kept unsimplified, as MLIR
    /// does (such an expression is not valid in an affine op).
    pub fn floor_div(&self, c: i64) -> Self {
        floor_div_unchecked(self, &AffineExpr::constant(c))
    }

    /// `self ceildiv c`.
    pub fn ceil_div(&self, c: i64) -> Self {
        ceil_div_unchecked(self, &AffineExpr::constant(c))
    }

    /// `self mod c`.
    pub fn modulo(&self, c: i64) -> Self {
        mod_unchecked(self, &AffineExpr::constant(c))
    }

    /// Evaluates the expression at integer values of the dims and symbols.
    ///
    /// A `floordiv`, `ceildiv` or `mod` by a value that is not positive is
    /// an error: affine divisors are positive constants, and simplification
    /// of semi-affine expressions assumes, as MLIR does, that symbols used
    /// as divisors are positive.
    ///
    /// ```
    /// use tessera_affine::AffineExpr;
    /// let e = (AffineExpr::dim(0) - 7).floor_div(2);
    /// assert_eq!(e.evaluate(&[0], &[]), Ok(-4));
    /// ```
    pub fn evaluate(&self, dims: &[i64], symbols: &[i64]) -> Result<i64, EvalError> {
        match self.kind() {
            ExprKind::Dim(p) => dims
                .get(*p as usize)
                .copied()
                .ok_or(EvalError::MissingDim(*p)),
            ExprKind::Symbol(p) => symbols
                .get(*p as usize)
                .copied()
                .ok_or(EvalError::MissingSymbol(*p)),
            ExprKind::Constant(c) => Ok(*c),
            ExprKind::Binary(op, l, r) => {
                let a = l.evaluate(dims, symbols)?;
                let b = r.evaluate(dims, symbols)?;
                match op {
                    BinaryOp::Add => a.checked_add(b).ok_or(EvalError::Overflow),
                    BinaryOp::Mul => a.checked_mul(b).ok_or(EvalError::Overflow),
                    _ if b <= 0 => Err(EvalError::NonPositiveDivisor(b)),
                    BinaryOp::FloorDiv => int_math::floor_div(a, b).ok_or(EvalError::Overflow),
                    BinaryOp::CeilDiv => int_math::ceil_div(a, b).ok_or(EvalError::Overflow),
                    BinaryOp::Mod => int_math::modulo(a, b).ok_or(EvalError::Overflow),
                }
            }
        }
    }

    /// Substitutes `dims[i]` for `d<i>` and `symbols[j]` for `s<j>`,
    /// re-simplifying as it rebuilds. Positions beyond the given slices are
    /// left alone. Fails if a substitution makes a product or a divisor
    /// non-affine (e.g. a symbol replaced by a dim under a product).
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
    ) -> Result<Self, AffineError> {
        match self.kind() {
            ExprKind::Dim(p) => Ok(dims.get(*p as usize).unwrap_or(self).clone()),
            ExprKind::Symbol(p) => Ok(symbols.get(*p as usize).unwrap_or(self).clone()),
            ExprKind::Constant(_) => Ok(self.clone()),
            ExprKind::Binary(op, l, r) => {
                let nl = l.replace_dims_and_symbols(dims, symbols)?;
                let nr = r.replace_dims_and_symbols(dims, symbols)?;
                if &nl == l && &nr == r {
                    return Ok(self.clone());
                }
                Self::try_binary(*op, &nl, &nr)
            }
        }
    }

    /// Renumbers dims `d<offset>..d<num_dims>` to `d<offset+shift>..`.
    pub fn shift_dims(&self, num_dims: u32, shift: u32, offset: u32) -> Self {
        let dims: Vec<_> = (0..num_dims)
            .map(|i| AffineExpr::dim(if i < offset { i } else { i + shift }))
            .collect();
        self.rename(&dims, &[])
    }

    /// Renumbers symbols `s<offset>..s<num_symbols>` to `s<offset+shift>..`.
    pub fn shift_symbols(&self, num_symbols: u32, shift: u32, offset: u32) -> Self {
        let symbols: Vec<_> = (0..num_symbols)
            .map(|i| AffineExpr::symbol(if i < offset { i } else { i + shift }))
            .collect();
        self.rename(&[], &symbols)
    }

    /// Substitution that only renames dims to dims and symbols to symbols,
    /// which can never make the expression non-affine.
    fn rename(&self, dims: &[AffineExpr], symbols: &[AffineExpr]) -> Self {
        self.replace_dims_and_symbols(dims, symbols)
            .unwrap_or_else(|_| unreachable!("renaming keeps every operand's symbolic-ness"))
    }
}

impl std::ops::Add for AffineExpr {
    type Output = AffineExpr;
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        add_exprs(&self, &rhs)
    }
}

impl std::ops::Add<i64> for AffineExpr {
    type Output = AffineExpr;
    fn add(self, rhs: i64) -> AffineExpr {
        add_exprs(&self, &AffineExpr::constant(rhs))
    }
}

impl std::ops::Mul<i64> for AffineExpr {
    type Output = AffineExpr;
    fn mul(self, rhs: i64) -> AffineExpr {
        mul_unchecked(&self, &AffineExpr::constant(rhs))
    }
}

impl std::ops::Neg for AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        self * -1
    }
}

impl std::ops::Sub for AffineExpr {
    type Output = AffineExpr;
    fn sub(self, rhs: AffineExpr) -> AffineExpr {
        self + (-rhs)
    }
}

impl std::ops::Sub<i64> for AffineExpr {
    type Output = AffineExpr;
    fn sub(self, rhs: i64) -> AffineExpr {
        match rhs.checked_neg() {
            Some(n) => self + n,
            None => self - AffineExpr::constant(rhs),
        }
    }
}

/// MLIR's `simplifyAdd` followed by node creation.
fn add_exprs(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_add(lhs, rhs)
        .unwrap_or_else(|| AffineExpr::binary(BinaryOp::Add, lhs.clone(), rhs.clone()))
}

fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let lc = lhs.as_constant();
    let rc = rhs.as_constant();
    if let (Some(a), Some(b)) = (lc, rc) {
        return a.checked_add(b).map(AffineExpr::constant);
    }
    // Only the right side may be a constant; a symbolic side goes right.
    if lc.is_some() || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant()) {
        return Some(add_exprs(rhs, lhs));
    }
    if rc == Some(0) {
        return Some(lhs.clone());
    }
    let l_add = lhs.as_binary_of(BinaryOp::Add);
    // (d0 + 2) + 3 -> d0 + 5.
    if let (Some((ll, lr)), Some(c)) = (l_add, rc) {
        if let Some(sum) = lr.as_constant().and_then(|a| a.checked_add(c)) {
            return Some(ll.clone() + sum);
        }
    }
    // c1 * e + c2 * e -> (c1 + c2) * e.
    let (first, c1) = split_scaled(lhs);
    let (second, c2) = split_scaled(rhs);
    if first == second {
        if let Some(c) = c1.checked_add(c2) {
            return Some(first.clone() * c);
        }
    }
    // (d0 + 2) + d1 -> (d0 + d1) + 2. Not for a constant right side: that
    // case was folded above unless the fold overflows, and moving the
    // constants past each other would then never end.
    if let (Some((ll, lr)), None) = (l_add, rc) {
        if lr.as_constant().is_some() {
            return Some((ll.clone() + rhs.clone()) + lr.clone());
        }
    }
    // e + (e floordiv q) * q * -1  and  e + (e floordiv c) * -c  ->  e mod q.
    let (rl, rr) = rhs.as_binary_of(BinaryOp::Mul)?;
    if rr.as_constant() == Some(-1) {
        if let Some((q_floor, q)) = rl.as_binary_of(BinaryOp::Mul) {
            let (dividend, divisor) = q_floor.as_binary_of(BinaryOp::FloorDiv)?;
            if divisor == q && dividend == lhs {
                return Some(mod_unchecked(lhs, q));
            }
        }
    }
    let (dividend, divisor) = rl.as_binary_of(BinaryOp::FloorDiv)?;
    (dividend == lhs && *divisor == -rr.clone()).then(|| mod_unchecked(lhs, divisor))
}

/// Splits `e * c` (constant `c`) into `(e, c)`; anything else is `(self, 1)`.
fn split_scaled(e: &AffineExpr) -> (&AffineExpr, i64) {
    if let Some((l, r)) = e.as_binary_of(BinaryOp::Mul) {
        if let Some(c) = r.as_constant() {
            return (l, c);
        }
    }
    (e, 1)
}

/// MLIR's `simplifyMul` followed by node creation; callers have checked that
/// one side is symbolic or constant.
fn mul_unchecked(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_mul(lhs, rhs)
        .unwrap_or_else(|| AffineExpr::binary(BinaryOp::Mul, lhs.clone(), rhs.clone()))
}

fn simplify_mul(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let lc = lhs.as_constant();
    let rc = rhs.as_constant();
    if let (Some(a), Some(b)) = (lc, rc) {
        return a.checked_mul(b).map(AffineExpr::constant);
    }
    // The constant or symbolic factor goes right.
    if !rhs.is_symbolic_or_constant() || lc.is_some() {
        return Some(mul_unchecked(rhs, lhs));
    }
    match rc {
        Some(1) => return Some(lhs.clone()),
        Some(0) => return Some(rhs.clone()),
        _ => {}
    }
    let (ll, lr) = lhs.as_binary_of(BinaryOp::Mul)?;
    let inner = lr.as_constant()?;
    if let Some(c) = rc {
        // (d0 * 2) * 3 -> d0 * 6.
        return inner.checked_mul(c).map(|p| ll.clone() * p);
    }
    // (d0 * 2) * s0 -> (d0 * s0) * 2.
    Some(mul_unchecked(&mul_unchecked(ll, rhs), lr))
}

fn floor_div_unchecked(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_floor_div(lhs, rhs)
        .unwrap_or_else(|| AffineExpr::binary(BinaryOp::FloorDiv, lhs.clone(), rhs.clone()))
}

fn simplify_floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = rhs.as_constant().filter(|&c| c >= 1)?;
    if let Some(a) = lhs.as_constant() {
        return int_math::floor_div(a, c).map(AffineExpr::constant);
    }
    if c == 1 {
        return Some(lhs.clone());
    }
    // (e * k) floordiv c -> e * (k / c) when c divides k.
    if let Some((ll, lr)) = lhs.as_binary_of(BinaryOp::Mul) {
        if let Some(k) = lr.as_constant() {
            if k % c == 0 {
                return Some(ll.clone() * (k / c));
            }
        }
    }
    // (a + b) floordiv c -> a floordiv c + b floordiv c when c divides a or b.
    if let Some((ll, lr)) = lhs.as_binary_of(BinaryOp::Add) {
        let c64 = c.unsigned_abs();
        if ll.largest_known_divisor() % c64 == 0 || lr.largest_known_divisor() % c64 == 0 {
            return Some(ll.floor_div(c) + lr.floor_div(c));
        }
    }
    None
}

fn ceil_div_unchecked(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_ceil_div(lhs, rhs)
        .unwrap_or_else(|| AffineExpr::binary(BinaryOp::CeilDiv, lhs.clone(), rhs.clone()))
}

fn simplify_ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = rhs.as_constant().filter(|&c| c >= 1)?;
    if let Some(a) = lhs.as_constant() {
        return int_math::ceil_div(a, c).map(AffineExpr::constant);
    }
    if c == 1 {
        return Some(lhs.clone());
    }
    let (ll, lr) = lhs.as_binary_of(BinaryOp::Mul)?;
    let k = lr.as_constant()?;
    (k % c == 0).then(|| ll.clone() * (k / c))
}

fn mod_unchecked(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_mod(lhs, rhs)
        .unwrap_or_else(|| AffineExpr::binary(BinaryOp::Mod, lhs.clone(), rhs.clone()))
}

fn simplify_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = rhs.as_constant().filter(|&c| c >= 1)?;
    if let Some(a) = lhs.as_constant() {
        return int_math::modulo(a, c).map(AffineExpr::constant);
    }
    let c64 = c.unsigned_abs();
    if lhs.largest_known_divisor() % c64 == 0 {
        return Some(AffineExpr::constant(0));
    }
    // (a + b) mod c -> b mod c when c divides a (or symmetrically).
    if let Some((ll, lr)) = lhs.as_binary_of(BinaryOp::Add) {
        if ll.largest_known_divisor() % c64 == 0 {
            return Some(lr.modulo(c));
        }
        if lr.largest_known_divisor() % c64 == 0 {
            return Some(ll.modulo(c));
        }
    }
    // (e mod k) mod c -> e mod c when c divides k.
    let (ll, lr) = lhs.as_binary_of(BinaryOp::Mod)?;
    let k = lr.as_constant().filter(|&k| k >= 1)?;
    (k % c == 0).then(|| ll.modulo(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(i: u32) -> AffineExpr {
        AffineExpr::dim(i)
    }

    #[test]
    fn construction_rules_from_the_issue() {
        assert_eq!((d(0) + d(0)).to_string(), "d0 * 2");
        assert_eq!((d(0) * 4).floor_div(2).to_string(), "d0 * 2");
        assert_eq!(((d(0) * 4) + 2).modulo(2).to_string(), "0");
        assert_eq!(d(0).modulo(4).modulo(2).to_string(), "d0 mod 2");
        assert_eq!((AffineExpr::constant(3) + d(0)).to_string(), "d0 + 3");
        assert_eq!(((d(0) + 2) + 3).to_string(), "d0 + 5");
        assert_eq!(((d(0) + 2) + d(1)).to_string(), "d0 + d1 + 2");
        assert_eq!((d(0) - d(0).floor_div(4) * 4).to_string(), "d0 mod 4");
    }

    #[test]
    fn an_overflowing_fold_of_two_constants_terminates() {
        // Each fold of c1 + c2 overflows; construction must still end.
        let e = (d(0) - 2) - i64::MAX;
        assert_eq!(e.evaluate(&[i64::MAX], &[]), Ok(-2));
        let e = (d(0) + i64::MIN) + (-1);
        assert_eq!(e.evaluate(&[1], &[]), Ok(i64::MIN));
        let e = ((d(0) + i64::MAX) + d(1)) + 1;
        assert_eq!(e.evaluate(&[-5, 3], &[]), Ok(i64::MAX - 1));
    }

    #[test]
    fn folding_never_wraps() {
        let e = AffineExpr::constant(i64::MAX) + 1;
        assert!(e.as_constant().is_none());
        assert_eq!(e.evaluate(&[], &[]), Err(EvalError::Overflow));
    }

    #[test]
    fn products_of_dims_are_rejected() {
        assert!(d(0).try_mul(&d(1)).is_err());
        assert!(d(0).try_floor_div(&d(1)).is_err());
        let s = AffineExpr::symbol(0);
        assert_eq!(s.try_mul(&d(0)).unwrap().to_string(), "d0 * s0");
    }
}

//! Flattening affine expressions into linear rows over dims, symbols and
//! local variables, and rebuilding expressions from such rows.
//!
//! A flat row has the layout `[dims.., symbols.., locals.., constant]`. Each
//! `floordiv`/`ceildiv`/`mod` by a positive constant introduces (or reuses) a
//! local `q = ⌊e / c⌋` whose defining [`Local::division`] is kept, so that the
//! polyhedral crate can add `c·q ≤ e ≤ c·q + c − 1`; `e mod c` becomes
//! `e − c·q`. In a semi-affine expression every product, division and
//! remainder that is not linear is kept as an opaque local.
//!
//! [`simplify_expr`] (and [`AffineExpr::simplify`]) rebuilds an expression
//! from its flat form in MLIR's canonical order: dims, symbols, locals,
//! constant — the form `mlir-opt --affine-simplify-structures` prints.
//! Arithmetic is checked; an expression whose flat form would overflow `i64`
//! is left as it is.

use crate::expr::{AffineExpr, BinaryOp, ExprKind};
use crate::int_math::gcd;

/// A local variable introduced by flattening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Local {
    /// The expression the local stands for, e.g. `d0 floordiv 4`.
    pub expr: AffineExpr,
    /// For a division by a positive constant: the dividend as a flat row
    /// over the columns that existed when the local was created (dims,
    /// symbols, earlier locals, constant) and the divisor, meaning
    /// `local = ⌊dividend / divisor⌋`. `None` for an opaque semi-affine term.
    pub division: Option<(Vec<i64>, i64)>,
}

/// Why an expression could not be flattened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlattenError {
    /// A coefficient does not fit in 64 bits.
    Overflow,
    /// A division or `mod` by a constant that is not positive.
    NonPositiveDivisor,
    /// A dim or symbol position beyond the declared counts.
    OutOfRange,
}

/// Flattens expressions over a fixed number of dims and symbols into rows
/// sharing one list of locals.
///
/// ```
/// use tessera_affine::{flatten::Flattener, AffineExpr};
/// let e = AffineExpr::dim(0).modulo(4) + AffineExpr::symbol(0);
/// let mut f = Flattener::new(1, 1);
/// let row = f.flatten(&e).unwrap();
/// // d0 + s0 - 4 * (d0 floordiv 4) + 0
/// assert_eq!(row, vec![1, 1, -4, 0]);
/// assert_eq!(f.locals()[0].expr.to_string(), "d0 floordiv 4");
/// ```
#[derive(Clone, Debug)]
pub struct Flattener {
    num_dims: usize,
    num_symbols: usize,
    locals: Vec<Local>,
    stack: Vec<Vec<i64>>,
    semi_affine: bool,
    depth: u32,
    reshaped: bool,
}

/// How deeply re-flattening of rebuilt semi-affine terms may nest before
/// flattening gives up (and simplification leaves the expression alone).
const MAX_REBUILD_DEPTH: u32 = 64;

impl Flattener {
    /// A flattener for expressions over `num_dims` dims and `num_symbols`
    /// symbols.
    pub fn new(num_dims: u32, num_symbols: u32) -> Self {
        Flattener {
            num_dims: num_dims as usize,
            num_symbols: num_symbols as usize,
            locals: Vec::new(),
            stack: Vec::new(),
            semi_affine: false,
            depth: 0,
            reshaped: false,
        }
    }

    /// The locals introduced so far, in column order.
    pub fn locals(&self) -> &[Local] {
        &self.locals
    }

    /// Number of columns of a row right now (dims, symbols, locals, constant).
    pub fn num_columns(&self) -> usize {
        self.num_dims + self.num_symbols + self.locals.len() + 1
    }

    /// Flattens `expr`, adding locals as needed. The returned row has
    /// [`Flattener::num_columns`] entries at the time of return; rows returned
    /// earlier may be shorter (pad them with zeros before the constant).
    pub fn flatten(&mut self, expr: &AffineExpr) -> Result<Vec<i64>, FlattenError> {
        self.semi_affine = !expr.is_pure_affine();
        self.stack.clear();
        self.visit(expr)?;
        self.stack.pop().ok_or(FlattenError::OutOfRange)
    }

    fn local_start(&self) -> usize {
        self.num_dims + self.num_symbols
    }

    fn zero_row(&self) -> Vec<i64> {
        vec![0; self.num_columns()]
    }

    fn visit(&mut self, expr: &AffineExpr) -> Result<(), FlattenError> {
        match expr.kind() {
            ExprKind::Dim(p) => {
                let p = *p as usize;
                if p >= self.num_dims {
                    return Err(FlattenError::OutOfRange);
                }
                let mut row = self.zero_row();
                row[p] = 1;
                self.stack.push(row);
            }
            ExprKind::Symbol(p) => {
                let p = *p as usize;
                if p >= self.num_symbols {
                    return Err(FlattenError::OutOfRange);
                }
                let mut row = self.zero_row();
                row[self.num_dims + p] = 1;
                self.stack.push(row);
            }
            ExprKind::Constant(c) => {
                let mut row = self.zero_row();
                if let Some(last) = row.last_mut() {
                    *last = *c;
                }
                self.stack.push(row);
            }
            ExprKind::Binary(op, l, r) => {
                self.visit(l)?;
                self.visit(r)?;
                let rhs = self.stack.pop().ok_or(FlattenError::OutOfRange)?;
                let lhs = self.stack.pop().ok_or(FlattenError::OutOfRange)?;
                let result = match (op, r.as_constant()) {
                    (BinaryOp::Add, _) => add_rows(&lhs, &rhs)?,
                    (BinaryOp::Mul, Some(c)) => scale_row(&lhs, c)?,
                    (BinaryOp::Mod, Some(c)) if !self.semi_affine => self.flatten_mod(lhs, c)?,
                    (BinaryOp::FloorDiv, Some(c)) if !self.semi_affine => {
                        self.flatten_div(lhs, c, false)?
                    }
                    (BinaryOp::CeilDiv, Some(c)) if !self.semi_affine => {
                        self.flatten_div(lhs, c, true)?
                    }
                    (BinaryOp::FloorDiv | BinaryOp::CeilDiv, Some(c)) if c > 0 => {
                        // Over opaque locals the row is still linear: cancel
                        // the gcd with the divisor before keeping the
                        // division whole.
                        let g = row_gcd(&lhs, c) as i64;
                        let lhs: Vec<i64> = lhs.iter().map(|a| a / g).collect();
                        if c == g {
                            lhs
                        } else {
                            let mut divisor = rhs;
                            if let Some(last) = divisor.last_mut() {
                                *last = c / g;
                            }
                            self.opaque_local(*op, &lhs, &divisor)?
                        }
                    }
                    _ => self.opaque_local(*op, &lhs, &rhs)?,
                };
                self.stack.push(result);
            }
        }
        Ok(())
    }

    /// `e mod c = e − c·⌊e / c⌋`, cancelling the gcd of `e` and `c` in the
    /// local's division.
    fn flatten_mod(&mut self, lhs: Vec<i64>, c: i64) -> Result<Vec<i64>, FlattenError> {
        if c <= 0 {
            return Err(FlattenError::NonPositiveDivisor);
        }
        if lhs.iter().all(|&a| a % c == 0) {
            return Ok(vec![0; lhs.len()]);
        }
        let g = row_gcd(&lhs, c) as i64;
        let dividend: Vec<i64> = lhs.iter().map(|a| a / g).collect();
        let divisor = c / g;
        let a = self.rebuild(&dividend);
        let local_expr = a.floor_div(divisor);
        self.note_reshaping(&local_expr, BinaryOp::FloorDiv, &a);
        let col = self.find_or_add_local(local_expr, Some((dividend, divisor)));
        let mut result = self.pad(lhs);
        result[col] = -c;
        Ok(result)
    }

    /// `⌊e / c⌋` or `⌈e / c⌉` as a local, after cancelling the gcd; when the
    /// divisor becomes 1 the (divided) row itself is the result.
    fn flatten_div(&mut self, lhs: Vec<i64>, c: i64, ceil: bool) -> Result<Vec<i64>, FlattenError> {
        if c <= 0 {
            return Err(FlattenError::NonPositiveDivisor);
        }
        let g = row_gcd(&lhs, c) as i64;
        let lhs: Vec<i64> = lhs.iter().map(|a| a / g).collect();
        let divisor = c / g;
        if divisor == 1 {
            return Ok(lhs);
        }
        let a = self.rebuild(&lhs);
        let op = if ceil {
            BinaryOp::CeilDiv
        } else {
            BinaryOp::FloorDiv
        };
        let local_expr = if ceil {
            a.ceil_div(divisor)
        } else {
            a.floor_div(divisor)
        };
        self.note_reshaping(&local_expr, op, &a);
        let mut dividend = lhs;
        if ceil {
            let last = dividend.last_mut().ok_or(FlattenError::OutOfRange)?;
            *last = last
                .checked_add(divisor - 1)
                .ok_or(FlattenError::Overflow)?;
        }
        let col = self.find_or_add_local(local_expr, Some((dividend, divisor)));
        let mut result = self.zero_row();
        result[col] = 1;
        Ok(result)
    }

    /// A non-linear term (semi-affine product, division or remainder) kept
    /// whole as a local.
    fn opaque_local(
        &mut self,
        op: BinaryOp,
        lhs: &[i64],
        rhs: &[i64],
    ) -> Result<Vec<i64>, FlattenError> {
        let a = self.rebuild(lhs);
        let b = self.rebuild(rhs);
        let local_expr =
            AffineExpr::try_binary(op, &a, &b).map_err(|_| FlattenError::OutOfRange)?;
        let opaque = match local_expr.as_binary() {
            Some((BinaryOp::Mul, _, r)) => r.as_constant().is_none(),
            Some((BinaryOp::Add, _, _)) | None => false,
            Some(_) => true,
        };
        if !opaque {
            // The operands simplified into something linear again.
            self.depth += 1;
            if self.depth > MAX_REBUILD_DEPTH {
                return Err(FlattenError::Overflow);
            }
            self.visit(&local_expr)?;
            self.depth -= 1;
            return self.stack.pop().ok_or(FlattenError::OutOfRange);
        }
        let col = self.find_or_add_local(local_expr, None);
        let mut result = self.zero_row();
        result[col] = 1;
        Ok(result)
    }

    /// Records when the constructors rewrote a local's division into some
    /// other shape (`(e - 8) floordiv 2` into `e floordiv 2 - 4`): the
    /// rebuilt expression may then simplify further in another round.
    fn note_reshaping(&mut self, local: &AffineExpr, op: BinaryOp, dividend: &AffineExpr) {
        if !matches!(local.as_binary(), Some((o, l, _)) if o == op && l == dividend) {
            self.reshaped = true;
        }
    }

    fn find_or_add_local(&mut self, expr: AffineExpr, division: Option<(Vec<i64>, i64)>) -> usize {
        if let Some(i) = self.locals.iter().position(|l| l.expr == expr) {
            return self.local_start() + i;
        }
        self.locals.push(Local { expr, division });
        let cols = self.num_columns();
        for row in &mut self.stack {
            pad_row(row, cols);
        }
        cols - 2
    }

    fn pad(&self, mut row: Vec<i64>) -> Vec<i64> {
        pad_row(&mut row, self.num_columns());
        row
    }

    /// The expression of a row over the current columns, in MLIR's order.
    pub fn rebuild(&self, row: &[i64]) -> AffineExpr {
        let locals: Vec<AffineExpr> = self.locals.iter().map(|l| l.expr.clone()).collect();
        expr_from_flat(row, self.num_dims, self.num_symbols, &locals)
    }
}

/// Inserts zeros before the constant until the row has `len` columns (rows
/// [`Flattener::flatten`] returned before later locals existed).
pub fn pad_row(row: &mut Vec<i64>, len: usize) {
    while row.len() < len {
        let at = row.len() - 1;
        row.insert(at, 0);
    }
}

fn add_rows(a: &[i64], b: &[i64]) -> Result<Vec<i64>, FlattenError> {
    debug_assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| x.checked_add(*y).ok_or(FlattenError::Overflow))
        .collect()
}

fn scale_row(a: &[i64], c: i64) -> Result<Vec<i64>, FlattenError> {
    a.iter()
        .map(|x| x.checked_mul(c).ok_or(FlattenError::Overflow))
        .collect()
}

fn row_gcd(row: &[i64], c: i64) -> u64 {
    row.iter()
        .fold(c.unsigned_abs(), |g, a| gcd(g, a.unsigned_abs()))
}

/// Builds `Σ row[i]·col_i + constant` in MLIR's order: dims, symbols, then
/// locals (each replaced by its expression), then the constant.
///
/// ```
/// use tessera_affine::{flatten::expr_from_flat, AffineExpr};
/// let e = expr_from_flat(&[2, -1, 3], 1, 1, &[]);
/// assert_eq!(e.to_string(), "d0 * 2 - s0 + 3");
/// ```
pub fn expr_from_flat(
    row: &[i64],
    num_dims: usize,
    num_symbols: usize,
    locals: &[AffineExpr],
) -> AffineExpr {
    let mut expr = AffineExpr::constant(0);
    let n = row.len().saturating_sub(1);
    for (j, &c) in row.iter().take(n).enumerate() {
        if c == 0 {
            continue;
        }
        let term = if j < num_dims {
            AffineExpr::dim(j as u32)
        } else if j < num_dims + num_symbols {
            AffineExpr::symbol((j - num_dims) as u32)
        } else {
            match locals.get(j - num_dims - num_symbols) {
                Some(l) => l.clone(),
                None => continue,
            }
        };
        expr = expr + term * c;
    }
    let expr = match row.last() {
        Some(&c) if c != 0 => expr + c,
        _ => expr,
    };
    left_associate(&expr)
}

/// Rebuilds a sum left to right in the order its terms print.
///
/// MLIR's construction can nest a sum to the right (`q + (s0 + s1)` when
/// a local follows the symbols); it prints as `q + s0 + s1`, which parses
/// as `(q + s0) + s1`, and the construction rules can treat the two shapes
/// differently (`(q + (s0 + s1 * 2)) floordiv 2` keeps the division whole,
/// `((q + s0) + s1 * 2) floordiv 2` splits it). Canonical forms take the
/// shape parsing gives, so printing and parsing them is the identity.
fn left_associate(expr: &AffineExpr) -> AffineExpr {
    fn terms<'a>(e: &'a AffineExpr, out: &mut Vec<&'a AffineExpr>) {
        match e.as_binary() {
            Some((BinaryOp::Add, l, r)) => {
                terms(l, out);
                terms(r, out);
            }
            _ => out.push(e),
        }
    }
    let mut list = Vec::new();
    terms(expr, &mut list);
    let mut iter = list.into_iter();
    let first = iter
        .next()
        .cloned()
        .unwrap_or_else(|| AffineExpr::constant(0));
    iter.fold(first, |acc, t| acc + t.clone())
}

/// Sort key of a term in a semi-affine sum, as MLIR orders them: by the
/// position of the leading dim or symbol, dims before products with symbols,
/// symbols last.
fn semi_affine_key(term: &AffineExpr, num_dims: usize, num_symbols: usize) -> Option<(u32, i64)> {
    let sym_key = num_dims.max(num_symbols) as i64;
    match term.kind() {
        ExprKind::Dim(p) => Some((*p, -1)),
        ExprKind::Symbol(p) => Some((*p, sym_key)),
        ExprKind::Binary(_, l, r) => {
            let rhs_const = r.as_constant().is_some();
            match (l.kind(), r.kind()) {
                (ExprKind::Dim(p), _) if rhs_const => Some((*p, -1)),
                (ExprKind::Symbol(p), _) if rhs_const => Some((*p, sym_key)),
                (ExprKind::Dim(p), ExprKind::Symbol(q)) => Some((*p, *q as i64)),
                (ExprKind::Symbol(p), ExprKind::Symbol(q)) => Some((*p, *q as i64)),
                _ => None,
            }
        }
        ExprKind::Constant(_) => None,
    }
}

/// Builds a semi-affine sum from a flat row: dims, symbols and simple
/// products/divisions of a dim or symbol by a symbol or constant, sorted as
/// MLIR sorts them; other locals after them; the constant last.
fn semi_affine_from_flat(
    row: &[i64],
    num_dims: usize,
    num_symbols: usize,
    locals: &[AffineExpr],
) -> AffineExpr {
    let n = row.len().saturating_sub(1);
    let mut keyed: Vec<((u32, i64), AffineExpr, i64)> = Vec::new();
    let mut rest: Vec<(AffineExpr, i64)> = Vec::new();
    for (j, &c) in row.iter().take(n).enumerate() {
        if c == 0 {
            continue;
        }
        let term = if j < num_dims {
            AffineExpr::dim(j as u32)
        } else if j < num_dims + num_symbols {
            AffineExpr::symbol((j - num_dims) as u32)
        } else {
            match locals.get(j - num_dims - num_symbols) {
                Some(l) => l.clone(),
                None => continue,
            }
        };
        match semi_affine_key(&term, num_dims, num_symbols) {
            Some(key) if !keyed.iter().any(|(k, _, _)| *k == key) => keyed.push((key, term, c)),
            _ => rest.push((term, c)),
        }
    }
    keyed.sort_by_key(|(k, _, _)| *k);
    let mut expr = AffineExpr::constant(0);
    for (_, term, c) in keyed {
        expr = expr + term * c;
    }
    for (term, c) in rest {
        expr = expr + term * c;
    }
    let expr = match row.last() {
        Some(&c) if c != 0 => expr + c,
        _ => expr,
    };
    left_associate(&expr)
}

/// Whether `e` has a `mod` or a `ceildiv` anywhere.
fn has_mod_or_ceil(e: &AffineExpr) -> bool {
    match e.as_binary() {
        Some((BinaryOp::Mod | BinaryOp::CeilDiv, _, _)) => true,
        Some((_, l, r)) => has_mod_or_ceil(l) || has_mod_or_ceil(r),
        None => false,
    }
}

/// MLIR's `simplifyAffineExpr`: flattens `expr` and rebuilds it in canonical
/// order. Semi-affine expressions first get their divisions by a symbol that
/// divides the dividend cancelled. Returns `expr` unchanged when flattening
/// fails (overflow, non-positive constant divisor).
///
/// ```
/// use tessera_affine::{flatten::simplify_expr, AffineExpr};
/// let d0 = AffineExpr::dim(0);
/// let e = d0.floor_div(4) * 4 + d0.modulo(4);
/// assert_eq!(simplify_expr(&e, 1, 0).to_string(), "d0");
/// ```
pub fn simplify_expr(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> AffineExpr {
    let (mut current, settled) = simplify_once(expr, num_dims, num_symbols);
    if settled {
        return current;
    }
    // Rebuilding can expose new simplifications: a semi-affine
    // `(d0 - d0) ceildiv s0` becomes `0 ceildiv s0`, then `0`; a local built
    // as `(e - 8) floordiv 2` is constructed as `e floordiv 2 - 4`, which
    // hides the `mod` pattern until the next round. MLIR stops after one
    // round; iterating to the fixpoint makes the canonical form idempotent.
    for _ in 0..MAX_ROUNDS {
        let (next, settled) = simplify_once(&current, num_dims, num_symbols);
        if settled || next == current {
            return next;
        }
        current = next;
    }
    current
}

/// Bound on the rounds of re-simplification.
const MAX_ROUNDS: usize = 8;

/// One round of flattening and rebuilding, and whether the result is known
/// to be a fixpoint (a pure affine expression with at most one division,
/// which the constructors did not reshape).
fn simplify_once(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> (AffineExpr, bool) {
    let pure = expr.is_pure_affine();
    let expr = if pure {
        expr.clone()
    } else {
        crate::semi_affine::simplify_semi_affine(expr, num_dims, num_symbols)
    };
    let pure = pure || expr.is_pure_affine();
    let mut flattener = Flattener::new(num_dims, num_symbols);
    let row = match flattener.flatten(&expr) {
        Ok(row) => row,
        Err(_) => return (expr, true),
    };
    let locals: Vec<AffineExpr> = flattener.locals().iter().map(|l| l.expr.clone()).collect();
    let (nd, ns) = (num_dims as usize, num_symbols as usize);
    if pure {
        // With several divisions, the order flattening discovers them in
        // decides the order of their terms, which decides which `mod`
        // patterns the rebuild sees; another round may find more.
        let settled = !flattener.reshaped && locals.len() <= 1;
        return (expr_from_flat(&row, nd, ns, &locals), settled);
    }
    // MLIR keeps a semi-affine expression as it is when rebuilding its flat
    // form the affine way gives it back — which MLIR's rebuild never does
    // for a `mod` or a `ceildiv` (it writes them with `floordiv`s).
    // (Not a fixpoint: the semi-affine simplification may have exposed
    // more, such as `0 floordiv s0`, for the next round.)
    if !has_mod_or_ceil(&expr) && expr_from_flat(&row, nd, ns, &locals) == expr {
        return (expr, false);
    }
    (semi_affine_from_flat(&row, nd, ns, &locals), false)
}

impl AffineExpr {
    /// The canonical form of the expression over `num_dims` dims and
    /// `num_symbols` symbols (MLIR's `simplifyAffineExpr`): two expressions
    /// MLIR's simplifier proves equal have the same canonical form.
    ///
    /// ```
    /// use tessera_affine::AffineExpr;
    /// let (d0, d1) = (AffineExpr::dim(0), AffineExpr::dim(1));
    /// let e = d1.clone() + d0.clone() * 2 - d1;
    /// assert_eq!(e.simplify(2, 0).to_string(), "d0 * 2");
    /// ```
    pub fn simplify(&self, num_dims: u32, num_symbols: u32) -> AffineExpr {
        simplify_expr(self, num_dims, num_symbols)
    }
}

//! Integer sets: `(d0, ..)[s0, ..] : (e0 >= 0, e1 == 0, ..)`.

use std::fmt;

use crate::error::{AffineError, EvalError};
use crate::expr::AffineExpr;
use crate::flatten::{expr_from_flat, Flattener};
use crate::int_math::gcd;
use crate::map::Wrapped;
use crate::print::write_dims_and_symbols;

/// Whether a constraint is `expr == 0` or `expr >= 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ConstraintKind {
    /// `expr == 0`.
    Eq,
    /// `expr >= 0`.
    Ge,
}

/// One constraint of an [`IntegerSet`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    /// The constrained expression.
    pub expr: AffineExpr,
    /// `expr == 0` or `expr >= 0`.
    pub kind: ConstraintKind,
}

impl Constraint {
    /// `expr >= 0`.
    pub fn ge(expr: AffineExpr) -> Self {
        Constraint {
            expr,
            kind: ConstraintKind::Ge,
        }
    }

    /// `expr == 0`.
    pub fn eq(expr: AffineExpr) -> Self {
        Constraint {
            expr,
            kind: ConstraintKind::Eq,
        }
    }

    /// The pieces of its negation, whose union holds exactly where the
    /// constraint does not (on integer points): `-e - 1 >= 0` for `e >= 0`;
    /// `e - 1 >= 0` and `-e - 1 >= 0` for `e == 0`.
    ///
    /// ```
    /// use tessera_affine::{AffineExpr, Constraint};
    /// let c = Constraint::ge(AffineExpr::dim(0));
    /// assert_eq!(c.negation()[0].to_string(), "-d0 - 1 >= 0");
    /// ```
    pub fn negation(&self) -> Vec<Constraint> {
        let below = Constraint::ge(-self.expr.clone() - 1);
        match self.kind {
            ConstraintKind::Ge => vec![below],
            ConstraintKind::Eq => vec![Constraint::ge(self.expr.clone() - 1), below],
        }
    }

    /// Whether the constraint holds at the point.
    pub fn holds(&self, dims: &[i64], symbols: &[i64]) -> Result<bool, EvalError> {
        let v = self.expr.evaluate(dims, symbols)?;
        Ok(match self.kind {
            ConstraintKind::Eq => v == 0,
            ConstraintKind::Ge => v >= 0,
        })
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.kind {
            ConstraintKind::Eq => "==",
            ConstraintKind::Ge => ">=",
        };
        write!(f, "{} {op} 0", self.expr)
    }
}

/// A conjunction of affine constraints over `num_dims` dims and
/// `num_symbols` symbols.
///
/// A set with no constraints is the universe and is stored, as MLIR does,
/// with the single constraint `0 == 0`.
///
/// ```
/// use tessera_affine::IntegerSet;
/// let s: IntegerSet = "(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)".parse().unwrap();
/// assert!(s.contains(&[3], &[10]).unwrap());
/// assert!(!s.contains(&[10], &[10]).unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    num_dims: u32,
    num_symbols: u32,
    constraints: Vec<Constraint>,
}

impl IntegerSet {
    /// A set with the given constraints (the universe if there are none).
    /// Fails if a constraint uses a dim or symbol beyond the declared counts.
    pub fn new(
        num_dims: u32,
        num_symbols: u32,
        constraints: Vec<Constraint>,
    ) -> Result<Self, AffineError> {
        if let Some(bad) = constraints
            .iter()
            .find(|c| c.expr.dim_count() > num_dims || c.expr.symbol_count() > num_symbols)
        {
            return Err(AffineError::Shape(format!(
                "constraint {bad} uses identifiers beyond {num_dims} dims and {num_symbols} symbols"
            )));
        }
        if constraints.is_empty() {
            return Ok(Self::universe(num_dims, num_symbols));
        }
        Ok(IntegerSet {
            num_dims,
            num_symbols,
            constraints,
        })
    }

    /// The set of all points, `(..) : (0 == 0)`.
    pub fn universe(num_dims: u32, num_symbols: u32) -> Self {
        IntegerSet {
            num_dims,
            num_symbols,
            constraints: vec![Constraint::eq(AffineExpr::constant(0))],
        }
    }

    /// MLIR's canonical empty set, `(..) : (1 == 0)`.
    pub fn empty(num_dims: u32, num_symbols: u32) -> Self {
        IntegerSet {
            num_dims,
            num_symbols,
            constraints: vec![Constraint::eq(AffineExpr::constant(1))],
        }
    }

    /// Number of dims.
    pub fn num_dims(&self) -> u32 {
        self.num_dims
    }

    /// Number of symbols.
    pub fn num_symbols(&self) -> u32 {
        self.num_symbols
    }

    /// The constraints, in order.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// True for the canonical empty set `1 == 0`.
    pub fn is_canonical_empty(&self) -> bool {
        self.constraints.len() == 1
            && self.constraints[0] == Constraint::eq(AffineExpr::constant(1))
    }

    /// Whether the point satisfies every constraint.
    pub fn contains(&self, dims: &[i64], symbols: &[i64]) -> Result<bool, EvalError> {
        if dims.len() < self.num_dims as usize {
            return Err(EvalError::MissingDim(dims.len() as u32));
        }
        if symbols.len() < self.num_symbols as usize {
            return Err(EvalError::MissingSymbol(symbols.len() as u32));
        }
        for c in &self.constraints {
            if !c.holds(dims, symbols)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Simplifies without deciding integer emptiness (that needs the
    /// polyhedral crate): each constraint is flattened and divided by the gcd
    /// of its coefficients (an inequality's constant rounded down, an
    /// equality whose constant is not a multiple makes the set empty);
    /// trivially true constraints and duplicates go, of parallel inequalities
    /// only the tightest stays; a trivially false one, or two parallel
    /// inequalities that contradict each other, give [`IntegerSet::empty`].
    /// Equalities come first, then inequalities, each in their original
    /// order, as MLIR prints them.
    ///
    /// ```
    /// use tessera_affine::IntegerSet;
    /// let s: IntegerSet = "(d0) : (d0 * 2 >= 0, 2 * d0 + 4 >= 0, d0 * 2 - 4 == 0)".parse().unwrap();
    /// assert_eq!(s.simplify().to_string(), "(d0) : (d0 - 2 == 0, d0 >= 0)");
    /// let e: IntegerSet = "(d0) : (d0 * 2 - 1 == 0)".parse().unwrap();
    /// assert!(e.simplify().is_canonical_empty());
    /// ```
    pub fn simplify(&self) -> IntegerSet {
        // Constraints sharing locals can rebuild into forms that simplify
        // further; iterate (briefly) to the fixpoint so the result is
        // canonical.
        let mut current = self.simplify_once();
        for _ in 0..MAX_ROUNDS {
            let next = current.simplify_once();
            if next == current {
                break;
            }
            current = next;
        }
        current
    }

    fn simplify_once(&self) -> IntegerSet {
        let mut flattener = Flattener::new(self.num_dims, self.num_symbols);
        let mut rows: Vec<(ConstraintKind, Vec<i64>)> = Vec::new();
        for c in &self.constraints {
            match flattener.flatten(&c.expr.simplify(self.num_dims, self.num_symbols)) {
                Ok(row) => rows.push((c.kind, row)),
                Err(_) => return self.clone(),
            }
        }
        let width = flattener.num_columns();
        let mut kept: Vec<(ConstraintKind, Vec<i64>)> = Vec::new();
        for (kind, mut row) in rows {
            while row.len() < width {
                let at = row.len() - 1;
                row.insert(at, 0);
            }
            let Some(row) = normalize_row(kind, row) else {
                return IntegerSet::empty(self.num_dims, self.num_symbols);
            };
            let coeffs = &row[..width - 1];
            if coeffs.iter().all(|&a| a == 0) {
                continue;
            }
            if let Some(prev) = kept
                .iter_mut()
                .find(|(k, r)| *k == kind && r[..width - 1] == *coeffs)
            {
                if kind == ConstraintKind::Ge && row[width - 1] < prev.1[width - 1] {
                    prev.1 = row;
                } else if kind == ConstraintKind::Eq && row[width - 1] != prev.1[width - 1] {
                    return IntegerSet::empty(self.num_dims, self.num_symbols);
                }
                continue;
            }
            kept.push((kind, row));
        }
        if contradicting_pair(&kept, width) {
            return IntegerSet::empty(self.num_dims, self.num_symbols);
        }
        let locals: Vec<AffineExpr> = flattener.locals().iter().map(|l| l.expr.clone()).collect();
        let (nd, ns) = (self.num_dims as usize, self.num_symbols as usize);
        let mut constraints: Vec<Constraint> = kept
            .iter()
            .map(|(kind, r)| Constraint {
                expr: expr_from_flat(r, nd, ns, &locals),
                kind: *kind,
            })
            .collect();
        constraints.sort_by_key(|c| c.kind);
        IntegerSet::new(self.num_dims, self.num_symbols, constraints)
            .unwrap_or_else(|_| self.clone())
    }

    /// The set in its attribute form, `affine_set<...>`.
    pub fn wrapped(&self) -> Wrapped<'_, IntegerSet> {
        Wrapped(self)
    }
}

/// Bound on the rounds of [`IntegerSet::simplify`].
const MAX_ROUNDS: usize = 4;

/// Divides a row by the gcd of its coefficients. `None` when the row alone
/// has no integer solution (a false constant row, or an equality whose
/// constant is not a multiple of the gcd).
fn normalize_row(kind: ConstraintKind, mut row: Vec<i64>) -> Option<Vec<i64>> {
    let n = row.len() - 1;
    let g = row[..n].iter().fold(0u64, |g, a| gcd(g, a.unsigned_abs()));
    let constant = row[n];
    if g == 0 {
        let holds = match kind {
            ConstraintKind::Eq => constant == 0,
            ConstraintKind::Ge => constant >= 0,
        };
        return holds.then_some(row);
    }
    if g == 1 {
        return Some(row);
    }
    let g = g as i64;
    if kind == ConstraintKind::Eq && constant % g != 0 {
        return None;
    }
    for a in &mut row[..n] {
        *a /= g;
    }
    row[n] = crate::int_math::floor_div(constant, g)?;
    Some(row)
}

/// Whether `a >= 0` and `-a + c >= 0` with `c` below `a`'s lower bound appear
/// together (e.g. `d0 - 3 >= 0` and `-d0 + 2 >= 0`).
fn contradicting_pair(rows: &[(ConstraintKind, Vec<i64>)], width: usize) -> bool {
    let ineqs: Vec<&Vec<i64>> = rows
        .iter()
        .filter(|(k, _)| *k == ConstraintKind::Ge)
        .map(|(_, r)| r)
        .collect();
    ineqs.iter().enumerate().any(|(i, a)| {
        ineqs[i + 1..].iter().any(|b| {
            a[..width - 1]
                .iter()
                .zip(&b[..width - 1])
                .all(|(x, y)| x.checked_neg() == Some(*y))
                && a[width - 1]
                    .checked_add(b[width - 1])
                    .is_some_and(|s| s < 0)
        })
    })
}

impl fmt::Display for IntegerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_dims_and_symbols(f, self.num_dims, self.num_symbols)?;
        f.write_str(" : (")?;
        for (i, c) in self.constraints.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Wrapped<'_, IntegerSet> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "affine_set<{}>", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_universe_print_as_mlir() {
        assert_eq!(IntegerSet::empty(1, 0).to_string(), "(d0) : (1 == 0)");
        assert_eq!(
            IntegerSet::universe(2, 1).to_string(),
            "(d0, d1)[s0] : (0 == 0)"
        );
        assert_eq!(
            IntegerSet::new(1, 0, vec![]).unwrap(),
            IntegerSet::universe(1, 0)
        );
    }

    #[test]
    fn simplify_detects_contradictions() {
        let s: IntegerSet = "(d0) : (d0 - 3 >= 0, -d0 + 2 >= 0)".parse().unwrap();
        assert!(s.simplify().is_canonical_empty());
        let t: IntegerSet = "(d0) : (d0 - 3 >= 0, -d0 + 3 >= 0)".parse().unwrap();
        assert!(!t.simplify().is_canonical_empty());
        let u: IntegerSet = "(d0) : (-1 >= 0)".parse().unwrap();
        assert!(u.simplify().is_canonical_empty());
    }
}

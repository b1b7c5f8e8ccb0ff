//! Symbolic (parametric) lexicographic extrema: the lexicographic minimum
//! or maximum of a set's dims as a piecewise quasi-affine function of its
//! symbols, as MLIR's `findSymbolicIntegerLexMin` and isl's PIP give it.
//!
//! **Method** (exact, by the set operations rather than a parametric
//! simplex), one dim at a time: after step `k`, `current` holds the
//! points of `S` whose prefix `x_0..x_k` is the optimal prefix for their
//! symbol values. Step `k` projects `current` onto the prefix, subtracts
//! the prefixes some `t` improves at `x_k` (`t` the only existential) and
//! keeps the points above what remains. Where a piece of the prefixes
//! recedes along `x_k` in the improving direction (its rational recession
//! cone, the integer hull's by Meyer's theorem), the symbol values it
//! covers have no optimum: `unbounded`. Each piece of the result gets its
//! implicit equalities made explicit; Gaussian elimination on them gives
//! every dim as `e(symbols, locals) / c`, the locals are redefined as
//! divisions of the symbols alone (`find_definitions` on what remains),
//! and the piece becomes `domain → (exprs)`. When that fails, the
//! piece's existentials without a definition are eliminated where
//! Fourier–Motzkin is exact, and a dim that one bound pins to a single
//! value (`3·d1 ≥ s0` and `3·d1 ≤ s0 + 2`) is made equal to the division
//! `⌈s0 / 3⌉`; then the elimination is tried again. Elsewhere `S` is
//! empty. A piece whose dims are still not affine in the symbols and
//! locals (it would need a further split) is kept as the exact set of
//! optimal points.

use tessera_affine::flatten::simplify_expr;
use tessera_affine::{AffineExpr, AffineMap, Constraint, IntegerSet};

use crate::error::PolyError;
use crate::int::Int;
use crate::maps::append_placed;
use crate::normalize::eliminate_with;
use crate::relation::IntegerRelation;
use crate::relaxation::holds_on;
use crate::set::{find_definitions, resolve_locals, PresburgerSet};
use crate::space::{Space, VarKind};

/// One piece of a symbolic optimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimumPiece {
    /// On the symbol values in `domain` (an integer set with no dims), the
    /// optimum is `value` (a map with no dims, from the symbols).
    Function {
        /// Where the piece holds.
        domain: IntegerSet,
        /// The optimum, one result per dim of the set.
        value: AffineMap,
    },
    /// A piece whose optimum is not affine in the symbols without a
    /// further split: the exact set of optimal points (over the set's dims
    /// and symbols), one point per symbol value.
    Points(IntegerSet),
}

/// The lexicographic minimum or maximum of a set as a function of its
/// symbols ([`PresburgerSet::symbolic_lexmin`]).
#[derive(Clone, Debug)]
pub struct SymbolicOptimum {
    /// Pieces covering the symbol values where the optimum exists; where
    /// two overlap they give the same point.
    pub pieces: Vec<OptimumPiece>,
    /// The symbol values at which the set is non-empty but has no
    /// optimum (a set with no dims); elsewhere, outside the pieces, the
    /// set is empty.
    pub unbounded: PresburgerSet,
}

impl PresburgerSet {
    /// The lexicographic minimum of a set's dims as a piecewise
    /// quasi-affine function of its symbols.
    ///
    /// ```
    /// use tessera_polyhedral::symbolic::OptimumPiece;
    /// use tessera_polyhedral::text::parse_presburger;
    /// // The least even d0 with d0 >= s0: s0 rounded up to even.
    /// let s = parse_presburger("(d0)[s0] : (d0 - s0 >= 0, d0 mod 2 == 0)").unwrap().value;
    /// let opt = s.symbolic_lexmin()?;
    /// assert!(opt.unbounded.is_empty()?);
    /// for s0 in -5..5 {
    ///     // One piece holds at each symbol value (here: s0 even, s0 odd).
    ///     let at: Vec<Vec<i64>> = opt.pieces.iter().filter_map(|p| match p {
    ///         OptimumPiece::Function { domain, value } if domain.contains(&[], &[s0]).unwrap() =>
    ///             Some(value.evaluate(&[], &[s0]).unwrap()),
    ///         _ => None,
    ///     }).collect();
    ///     assert_eq!(at, vec![vec![s0 + s0.rem_euclid(2)]]);
    /// }
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn symbolic_lexmin(&self) -> Result<SymbolicOptimum, PolyError> {
        symbolic_optimum(self, false)
    }

    /// The lexicographic maximum, as [`PresburgerSet::symbolic_lexmin`].
    pub fn symbolic_lexmax(&self) -> Result<SymbolicOptimum, PolyError> {
        symbolic_optimum(self, true)
    }
}

fn symbolic_optimum(set: &PresburgerSet, max: bool) -> Result<SymbolicOptimum, PolyError> {
    let space = set.space();
    if space.count(VarKind::Domain) > 0 {
        return Err(PolyError::NotASet(space.count(VarKind::Domain)));
    }
    let (optimal, unbounded) = optimal_points(set, max)?;
    let mut pieces = Vec::new();
    for d in optimal.disjuncts() {
        if d.is_integer_empty() {
            continue;
        }
        let function = match as_function(d)? {
            Some(f) => Some(f),
            None => {
                // Existentials without a definition eliminated where that
                // is exact, and dims pinned by one bound made divisions.
                let resolved = match resolve_locals(d) {
                    Ok(Some((r, _))) => r,
                    Ok(None) | Err(PolyError::NonDivisionLocal) => d.clone(),
                    Err(e) => return Err(e),
                };
                match as_function(&resolved)? {
                    Some(f) => Some(f),
                    None => as_function(&pinned_by_divisions(&resolved)?)?,
                }
            }
        };
        match function {
            Some((domain, value)) => pieces.push(OptimumPiece::Function { domain, value }),
            // Existentials a projection kept are split into integer sets.
            None => pieces.extend(
                d.to_integer_sets()?
                    .into_iter()
                    .map(|set| OptimumPiece::Points(set.simplify())),
            ),
        }
    }
    Ok(SymbolicOptimum { pieces, unbounded })
}

/// The most rows and locals one step's difference (optimal prefixes
/// minus the improvable ones) may subtract from, in all.
const MAX_DIFFERENCE_STEPS: usize = 400_000;

/// The points of `set` that are its lexicographic minimum (maximum) for
/// their symbol values, one dim at a time: after step `k`, the points
/// whose prefix `x_0..x_k` is the optimal prefix. Step `k` projects the
/// remaining points onto the prefix, drops the prefixes some `t` improves
/// at `x_k` (`t` the only existential), and keeps the points above the
/// rest.
fn optimal_points(
    set: &PresburgerSet,
    max: bool,
) -> Result<(PresburgerSet, PresburgerSet), PolyError> {
    let space = set.space();
    let (n, p) = (space.count(VarKind::Range), space.count(VarKind::Symbol));
    let mut current = set.clone();
    let mut unbounded = PresburgerSet::empty(Space::set(0, p));
    for k in 0..n {
        let prefix = current.project_out(&(k + 1..n).collect::<Vec<_>>())?;
        // Where a piece of the optimal prefixes recedes along x_k in the
        // improving direction, nothing is optimal.
        for d in prefix.disjuncts() {
            if recedes(d, k, max)? {
                for piece in PresburgerSet::from_relation(d.clone())
                    .project_out(&(0..=k).collect::<Vec<_>>())?
                    .disjuncts()
                {
                    unbounded.add_disjunct(piece.clone())?;
                }
            }
        }
        // Columns (x_0..x_k, t, symbols): (x_<k, t) in the prefix set and
        // t better than x_k; t projected out.
        let joint = Space::set(k + 2, p);
        let place: Vec<usize> = (0..k)
            .chain(std::iter::once(k + 1))
            .chain(k + 2..k + 2 + p)
            .collect();
        let mut improvable = PresburgerSet::empty(joint);
        for d in prefix.disjuncts() {
            let mut r = IntegerRelation::new(joint);
            append_placed(&mut r, d, &place)?;
            let width = r.num_cols();
            // t <= x_k - 1 (minimum) or t >= x_k + 1 (maximum).
            let mut better = vec![Int::ZERO; width];
            let sign = if max { -Int::ONE } else { Int::ONE };
            better[k] = sign.clone();
            better[k + 1] = -sign;
            better[width - 1] = -Int::ONE;
            r.add_inequality_int(better)?;
            if r.normalize() && !r.is_integer_empty() {
                improvable.add_disjunct(r)?;
            }
        }
        let improvable = improvable.project_out(&[k + 1])?;
        // A difference of large unions can grow for minutes: bounded.
        let best = prefix.subtract_within(&improvable, MAX_DIFFERENCE_STEPS)?;
        current = current.intersect(&extended(&best, n)?)?;
        current = PresburgerSet::from_pieces(
            space,
            current
                .disjuncts()
                .iter()
                .filter(|d| !d.is_integer_empty())
                .cloned()
                .collect(),
        );
    }
    Ok((current, unbounded))
}

/// Whether the polyhedron `d` (over `x_0..x_k`, symbols, locals) contains
/// a ray along `-x_k` (`+x_k` for the maximum) with the other dims and
/// the symbols fixed: a direction of its rational recession cone, which
/// by Meyer's theorem is its integer hull's when it has integer points.
fn recedes(d: &IntegerRelation, k: usize, max: bool) -> Result<bool, PolyError> {
    let space = d.space();
    let width = d.num_cols();
    let locals = space.offset(VarKind::Local);
    let mut cone = IntegerRelation::new(space);
    let homogeneous = |row: &Vec<Int>| {
        let mut r = row.clone();
        r[width - 1] = Int::ZERO;
        r
    };
    for row in &d.eqs {
        cone.add_equality_int(homogeneous(row))?;
    }
    for row in &d.ineqs {
        cone.add_inequality_int(homogeneous(row))?;
    }
    for col in 0..locals {
        let mut fix = vec![Int::ZERO; width];
        fix[col] = Int::ONE;
        if col == k {
            fix[width - 1] = if max { -Int::ONE } else { Int::ONE };
        }
        cone.add_equality_int(fix)?;
    }
    Ok(!cone.is_rationally_empty())
}

/// A set over the first `k` of `n` dims as a set over all `n` (the others
/// unconstrained).
fn extended(set: &PresburgerSet, n: usize) -> Result<PresburgerSet, PolyError> {
    let space = set.space();
    let k = space.count(VarKind::Range);
    let mut out = PresburgerSet::empty(Space::set(n, space.count(VarKind::Symbol)));
    for d in set.disjuncts() {
        let mut r = d.clone();
        r.insert_vars(VarKind::Range, k, n - k)?;
        out.add_disjunct(r)?;
    }
    Ok(out)
}

/// The piece with each dim that one of its bounds pins to a single
/// value (`3·d1 ≥ s0` with `3·d1 ≤ s0 + 2`: `d1 = ⌈s0 / 3⌉`) made equal
/// to a new division local: `q = ⌈−e / a⌉` for a lower bound `a·x + e ≥
/// 0`, `⌊e / a⌋` for an upper bound `−a·x + e ≥ 0`, kept when the piece
/// has no point with `x` beyond `q` (the other side holds by the bound).
/// The equalities then give every dim as an expression of the symbols
/// and divisions, as isl's and MLIR's parametric programs write the
/// optimum.
fn pinned_by_divisions(piece: &IntegerRelation) -> Result<IntegerRelation, PolyError> {
    let n = piece.space().count(VarKind::Range);
    let mut out = piece.clone();
    for k in 0..n {
        let bounds: Vec<Vec<Int>> = out
            .ineqs
            .iter()
            .filter(|r| !r[k].is_zero())
            .cloned()
            .collect();
        for row in bounds {
            let mut candidate = out.clone();
            let q = candidate.append_vars(VarKind::Local, 1);
            let width = candidate.num_cols();
            let last = width - 1;
            // The bound's row in the new columns (zero at q).
            let mut r = row[..row.len() - 1].to_vec();
            r.push(Int::ZERO);
            r.push(row[row.len() - 1].clone());
            let a = r[k].abs();
            let lower = r[k].is_positive();
            // e: the row without its x_k term.
            let mut e = r.clone();
            e[k] = Int::ZERO;
            let (mut at_least, mut at_most) = (vec![Int::ZERO; width], vec![Int::ZERO; width]);
            if lower {
                // a·q + e ≥ 0 and −a·q − e + a − 1 ≥ 0: q = ⌈−e / a⌉.
                for c in 0..width {
                    at_least[c] = e[c].clone();
                    at_most[c] = -&e[c];
                }
                at_least[q] = a.clone();
                at_most[q] = -&a;
                at_most[last] = &(&at_most[last] + &a) - &Int::ONE;
            } else {
                // e − a·q ≥ 0 and a·q + a − 1 − e ≥ 0: q = ⌊e / a⌋.
                for c in 0..width {
                    at_least[c] = e[c].clone();
                    at_most[c] = -&e[c];
                }
                at_least[q] = -&a;
                at_most[q] = a.clone();
                at_most[last] = &(&at_most[last] + &a) - &Int::ONE;
            }
            candidate.add_inequality_int(at_least)?;
            candidate.add_inequality_int(at_most)?;
            // Beyond q: x_k ≥ q + 1 for a lower bound, x_k ≤ q − 1 for an
            // upper one.
            let mut beyond = vec![Int::ZERO; width];
            let sign = if lower { Int::ONE } else { Int::from(-1) };
            beyond[k] = sign.clone();
            beyond[q] = -&sign;
            beyond[last] = Int::from(-1);
            let mut test = candidate.clone();
            test.add_inequality_int(beyond)?;
            if test.integer_emptiness()? {
                let mut pin = vec![Int::ZERO; width];
                pin[k] = Int::ONE;
                pin[q] = Int::from(-1);
                candidate.add_equality_int(pin)?;
                out = candidate;
                break;
            }
        }
    }
    Ok(out)
}

/// The piece's dims as quasi-affine functions of its symbols, with the
/// symbol values where they hold; `None` when the dims are not fixed by
/// the piece's (implicit) equalities or its locals are not divisions of
/// the symbols once the dims are eliminated.
fn as_function(piece: &IntegerRelation) -> Result<Option<(IntegerSet, AffineMap)>, PolyError> {
    let space = piece.space();
    let n = space.count(VarKind::Range);
    let p = space.count(VarKind::Symbol);
    let l = space.count(VarKind::Local);
    let width = piece.num_cols();
    let mut eqs = piece.eqs.clone();
    let mut ineqs = Vec::new();
    for row in &piece.ineqs {
        // Only a row on the dims can pin one.
        let on_dims = row[..n].iter().any(|v| !v.is_zero());
        let negated: Vec<Int> = row.iter().map(|v| -v).collect();
        if on_dims && holds_on(piece, &negated)? {
            eqs.push(row.clone());
        } else {
            ineqs.push(row.clone());
        }
    }
    // Gaussian elimination on the dims: one pivot row per dim.
    let mut pivots: Vec<Vec<Int>> = Vec::new();
    for k in 0..n {
        let Some(i) = eqs.iter().position(|r| !r[k].is_zero()) else {
            return Ok(None);
        };
        let pivot = eqs.swap_remove(i);
        for row in eqs
            .iter_mut()
            .chain(ineqs.iter_mut())
            .chain(pivots.iter_mut())
        {
            eliminate_with(row, &pivot, k);
        }
        pivots.push(pivot);
    }
    // What remains is over (symbols, locals): redefine the locals there.
    let rest_space = Space::set(0, p).with_count(VarKind::Local, l);
    let mut rest = IntegerRelation::new(rest_space);
    for row in &eqs {
        rest.add_equality_int(row[n..].to_vec())?;
    }
    for row in &ineqs {
        rest.add_inequality_int(row[n..].to_vec())?;
    }
    if !rest.normalize() {
        return Ok(None);
    }
    // An equality `c·q + e = 0` on a local defines it as `⌊−e / c⌋`
    // (the equality stays, as the condition that `c` divides `e`): the
    // two division rows it implies.
    for eq in rest.eqs.clone() {
        let Some(q) = (p..p + l).find(|&c| !eq[c].is_zero()) else {
            continue;
        };
        let oriented: Vec<Int> = if eq[q].is_negative() {
            eq.iter().map(|v| -v).collect()
        } else {
            eq
        };
        let c = oriented[q].clone();
        let below: Vec<Int> = oriented.iter().map(|v| -v).collect();
        let mut above = oriented;
        let last = above.len() - 1;
        above[last] = &(&above[last] + &c) - &Int::ONE;
        rest.add_inequality_int(below)?;
        rest.add_inequality_int(above)?;
    }
    let defs = find_definitions(&rest);
    if defs.divisions.len() != l {
        return Ok(None);
    }
    // Expressions of the symbols and locals (columns of `rest`).
    let mut terms: Vec<Option<AffineExpr>> = (0..p)
        .map(|j| Some(AffineExpr::symbol(j as u32)))
        .chain((0..l).map(|_| None))
        .collect();
    for div in &defs.divisions {
        let Some(dividend) = expr_of(&div.dividend, &terms) else {
            return Ok(None);
        };
        let Some(divisor) = div.divisor.to_i64() else {
            return Ok(None);
        };
        terms[div.col] = Some(dividend.floor_div(divisor));
    }
    let mut conditions = Vec::new();
    for row in &rest.eqs {
        let Some(e) = expr_of(row, &terms) else {
            return Ok(None);
        };
        conditions.push(Constraint::eq(e));
    }
    for (row, used) in rest.ineqs.iter().zip(&defs.used_ineq) {
        if *used {
            continue;
        }
        let Some(e) = expr_of(row, &terms) else {
            return Ok(None);
        };
        conditions.push(Constraint::ge(e));
    }
    // Each pivot row is c·x_k + e = 0: x_k = −e / c, exact on the piece.
    let mut results = Vec::new();
    for (k, row) in pivots.iter().enumerate() {
        let Some(c) = row[k].to_i64() else {
            return Ok(None);
        };
        let Some(e) = expr_of(&row[n..], &terms) else {
            return Ok(None);
        };
        let numerator = e * (-c.signum());
        if c.abs() > 1 {
            conditions.push(Constraint::eq(numerator.modulo(c.abs())));
        }
        let value = if c.abs() == 1 {
            numerator
        } else {
            numerator.floor_div(c.abs())
        };
        results.push(simplify_expr(&value, 0, p as u32));
    }
    debug_assert_eq!(width, n + p + l + 1);
    let domain = without_redundant_rows(
        IntegerSet::new(0, p as u32, conditions)
            .map_err(|e| PolyError::Affine(e.to_string()))?
            .simplify(),
    );
    let value =
        AffineMap::new(0, p as u32, results).map_err(|e| PolyError::Affine(e.to_string()))?;
    Ok(Some((domain, value)))
}

/// The set without the inequalities the others imply (over the
/// rationals), when it still reads back as an integer set.
fn without_redundant_rows(set: IntegerSet) -> IntegerSet {
    let Ok(mut rel) = IntegerRelation::from_integer_set(&set) else {
        return set;
    };
    rel.remove_redundant_inequalities();
    match rel.to_integer_set() {
        Ok(smaller) => smaller.simplify(),
        Err(_) => set,
    }
}

/// The expression of a row over `terms` (symbols, then locals), plus its
/// constant; `None` when a term is missing or a coefficient overflows.
fn expr_of(row: &[Int], terms: &[Option<AffineExpr>]) -> Option<AffineExpr> {
    let mut e = AffineExpr::constant(row.last()?.to_i64()?);
    for (coef, term) in row.iter().zip(terms) {
        if coef.is_zero() {
            continue;
        }
        e = e + term.clone()? * coef.to_i64()?;
    }
    Some(e)
}

//! Symbolic (parametric) lexicographic extrema: the lexicographic minimum
//! or maximum of a set's dims as a piecewise quasi-affine function of its
//! symbols, as MLIR's `findSymbolicIntegerLexMin` and isl's PIP give it.
//!
//! **Method.** Each disjunct's minimum comes from the parametric dual
//! simplex ([`crate::pip`]): disjoint pieces `context → values` whose
//! contexts are integer sets of the symbols and divisions of them, and
//! the contexts where the disjunct has no minimum. The maximum is the
//! minimum of the set with its dims negated. For a union, the disjuncts'
//! answers are merged: where only one has a piece it stands; where two
//! overlap, the overlap splits by which value is lexicographically
//! smaller (`v_0 = w_0, …, v_{k−1} = w_{k−1}, v_k < w_k`), all without
//! complementing anything but the contexts' own constraints.

use tessera_affine::flatten::simplify_expr;
use tessera_affine::{AffineExpr, AffineMap, Constraint, IntegerSet};

use crate::error::PolyError;
use crate::int::Int;
use crate::pip::{self, Context, Minimum, Piece};
use crate::set::PresburgerSet;
use crate::simplex::Simplex;
use crate::space::{Space, VarKind};

/// One piece of a symbolic optimum: on the symbol values in `domain` (an
/// integer set with no dims), the optimum is `value` (a map with no dims,
/// from the symbols).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimumPiece {
    /// Where the piece holds.
    pub domain: IntegerSet,
    /// The optimum, one result per dim of the set.
    pub value: AffineMap,
}

/// The lexicographic minimum or maximum of a set as a function of its
/// symbols ([`PresburgerSet::symbolic_lexmin`]).
#[derive(Clone, Debug)]
pub struct SymbolicOptimum {
    /// Disjoint pieces covering the symbol values where the optimum
    /// exists.
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
    ///     let at: Vec<Vec<i64>> = opt.pieces.iter()
    ///         .filter(|p: &&OptimumPiece| p.domain.contains(&[], &[s0]).unwrap())
    ///         .map(|p| p.value.evaluate(&[], &[s0]).unwrap())
    ///         .collect();
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
    let (n, p) = (space.count(VarKind::Range), space.count(VarKind::Symbol));
    let mut total: Option<Minimum> = None;
    for d in set.disjuncts() {
        let mut rel = d.clone();
        if max {
            for row in rel.eqs.iter_mut().chain(rel.ineqs.iter_mut()) {
                for v in &mut row[..n] {
                    *v = -&*v;
                }
            }
        }
        let m = pip::lexmin(&rel, pip::MAX_STEPS)?;
        total = Some(match total {
            None => m,
            Some(t) => union_minimum(t, m)?,
        });
    }
    let total = total.unwrap_or_default();
    let mut pieces = Vec::new();
    let mut unbounded = PresburgerSet::empty(Space::set(0, p));
    for piece in &total.pieces {
        if piece.unbounded {
            unbounded.add_disjunct(piece.context.relation()?)?;
        } else {
            pieces.push(as_function(piece, max)?);
        }
    }
    Ok(SymbolicOptimum { pieces, unbounded })
}

/// The minimum of the union of two polyhedra from theirs: each piece
/// where the other has none, and on overlaps the lexicographically
/// smaller value (a piece with no minimum is below every value with its
/// prefix).
fn union_minimum(a: Minimum, b: Minimum) -> Result<Minimum, PolyError> {
    let mut pieces = outside(&a.pieces, &b)?;
    pieces.extend(outside(&b.pieces, &a)?);
    for pa in &a.pieces {
        for pb in &b.pieces {
            let (mut joint, move_b) = pa.context.joined(&pb.context);
            joint.eqs.extend(pb.context.eqs.iter().map(|r| move_b(r)));
            joint
                .ineqs
                .extend(pb.context.ineqs.iter().map(|r| move_b(r)));
            if joint.is_empty()? {
                continue;
            }
            let extra = joint.width() - pa.context.width();
            let pa = Piece {
                context: joint.clone(),
                values: pa.values.iter().map(|r| padded(r, extra)).collect(),
                unbounded: pa.unbounded,
            };
            let pb = Piece {
                context: joint.clone(),
                values: pb.values.iter().map(|r| move_b(r)).collect(),
                unbounded: pb.unbounded,
            };
            let difference = |x: &[Int], y: &[Int]| -> Vec<Int> {
                x.iter().zip(y).map(|(x, y)| x - y).collect()
            };
            // Equal before k, then smaller at k.
            let mut prefix = joint;
            let common = pa.values.len().min(pb.values.len());
            for k in 0..common {
                for (smaller, larger) in [(&pa, &pb), (&pb, &pa)] {
                    let mut below = difference(&larger.values[k], &smaller.values[k]);
                    let last = below.len() - 1;
                    below[last] = &below[last] - &Int::ONE;
                    let case = prefix.with_inequality(below);
                    if !case.is_empty()? {
                        pieces.push(Piece {
                            context: case,
                            ..(*smaller).clone()
                        });
                    }
                }
                prefix.eqs.push(difference(&pa.values[k], &pb.values[k]));
            }
            // Equal on the common prefix: the one that ends there has no
            // minimum and is below; two points are the same.
            if !prefix.is_empty()? {
                let winner = if pb.unbounded && pb.values.len() == common {
                    pb
                } else {
                    pa
                };
                pieces.push(Piece {
                    context: prefix,
                    ..winner
                });
            }
        }
    }
    Ok(Minimum { pieces })
}

/// The parts of `pieces` where `other` has no piece.
fn outside(pieces: &[Piece], other: &Minimum) -> Result<Vec<Piece>, PolyError> {
    let mut out = Vec::new();
    for piece in pieces {
        let mut parts = vec![piece.clone()];
        for context in other.pieces.iter().map(|p| &p.context) {
            let mut next = Vec::new();
            for part in parts {
                for c in part.context.minus(context)? {
                    let extra = c.width() - part.context.width();
                    next.push(Piece {
                        context: c,
                        values: part.values.iter().map(|r| padded(r, extra)).collect(),
                        unbounded: part.unbounded,
                    });
                }
            }
            parts = next;
        }
        out.extend(parts);
    }
    Ok(out)
}

/// A row with `extra` zero columns before its constant.
fn padded(row: &[Int], extra: usize) -> Vec<Int> {
    let mut r = row.to_vec();
    let last = r.len() - 1;
    r.splice(last..last, std::iter::repeat(Int::ZERO).take(extra));
    r
}

/// A piece as a function of the symbols: the divisions become `floordiv`
/// terms, the context the function's domain.
fn as_function(piece: &Piece, max: bool) -> Result<OptimumPiece, PolyError> {
    let context = &piece.context;
    let p = context.symbols;
    let overflow = || PolyError::Overflow("a symbolic optimum's coefficient".into());
    let mut terms: Vec<Option<AffineExpr>> = (0..p)
        .map(|j| Some(AffineExpr::symbol(j as u32)))
        .chain(context.divisions.iter().map(|_| None))
        .collect();
    for (i, div) in context.divisions.iter().enumerate() {
        let dividend = expr_of(&div.dividend, &terms).ok_or_else(overflow)?;
        let divisor = div.divisor.to_i64().ok_or_else(overflow)?;
        terms[p + i] = Some(dividend.floor_div(divisor));
    }
    // The context's rows without those the others imply (the divisions'
    // defining rows hold by the `floordiv` terms).
    let mut rel = context.relation()?;
    rel.remove_redundant_inequalities();
    let definitions = Context {
        eqs: Vec::new(),
        ineqs: Vec::new(),
        ..context.clone()
    }
    .relation()?;
    let mut conditions = Vec::new();
    for row in rel.equalities() {
        conditions.push(Constraint::eq(expr_of(row, &terms).ok_or_else(overflow)?));
    }
    // An inequality whose opposite the others imply is an equality
    // (`2·⌊s0 / 2⌋ ≥ s0` reads `s0 mod 2 == 0`).
    let mut lp = Simplex::new(&rel);
    for row in rel.inequalities() {
        if definitions.inequalities().contains(row) {
            continue;
        }
        let e = expr_of(row, &terms).ok_or_else(overflow)?;
        let negated: Vec<Int> = row.iter().map(|v| -v).collect();
        let tight = match lp.as_mut() {
            Some(lp) => lp.is_redundant(&negated)?,
            None => false,
        };
        conditions.push(if tight {
            // Of `e == 0` and `−e == 0`, the one that simplifies shorter.
            let p = p as u32;
            let (plain, negated) = (simplify_expr(&e, 0, p), simplify_expr(&(e * -1), 0, p));
            if negated.to_string().len() < plain.to_string().len() {
                Constraint::eq(negated)
            } else {
                Constraint::eq(plain)
            }
        } else {
            Constraint::ge(e)
        });
    }
    let mut results = Vec::new();
    for row in &piece.values {
        let row: Vec<Int> = if max {
            row.iter().map(|v| -v).collect()
        } else {
            row.clone()
        };
        let e = match one_division(&row, context) {
            Some(folded) => folded,
            None => expr_of(&row, &terms),
        }
        .ok_or_else(overflow)?;
        results.push(simplify_expr(&e, 0, p as u32));
    }
    let domain = IntegerSet::new(0, p as u32, conditions)
        .map_err(|e| PolyError::Affine(e.to_string()))?
        .simplify();
    let value =
        AffineMap::new(0, p as u32, results).map_err(|e| PolyError::Affine(e.to_string()))?;
    Ok(OptimumPiece { domain, value })
}

/// A value `r + c·q` with one division `q = ⌊e / d⌋` and `c = ±1` as one
/// division: `⌊(d·r + e) / d⌋`, or `⌊(d·r − e + d − 1) / d⌋` for `c = −1`
/// (`s0 − ⌊2·s0 / 3⌋` reads `(s0 + 2) floordiv 3`). `None` for other
/// values; `Some(None)` on overflow.
fn one_division(row: &[Int], context: &Context) -> Option<Option<AffineExpr>> {
    let p = context.symbols;
    let used: Vec<usize> = (0..context.divisions.len())
        .filter(|&i| !row[p + i].is_zero())
        .collect();
    let [i] = used[..] else {
        return None;
    };
    let c = &row[p + i];
    if !c.is_unit()
        || context.divisions[i].dividend[p..p + context.divisions.len()]
            .iter()
            .any(|v| !v.is_zero())
    {
        return None;
    }
    let div = &context.divisions[i];
    let d = &div.divisor;
    let last = row.len() - 1;
    let mut dividend: Vec<Int> = (0..row.len())
        .map(|j| {
            if j >= p && j < last {
                Int::ZERO
            } else {
                &(d * &row[j]) + &(c * &div.dividend[j])
            }
        })
        .collect();
    if c.is_negative() {
        dividend[last] = &(&dividend[last] + d) - &Int::ONE;
    }
    let symbols: Vec<Option<AffineExpr>> = (0..p)
        .map(|j| Some(AffineExpr::symbol(j as u32)))
        .chain((p..last).map(|_| None))
        .collect();
    Some(expr_of(&dividend, &symbols).and_then(|e| Some(e.floor_div(d.to_i64()?))))
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

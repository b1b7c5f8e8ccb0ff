//! The Presburger queries of `tessera-calc`, answered by
//! `tessera-polyhedral`: emptiness (integer and rational), sample points,
//! lexicographic minimum and maximum (integer and rational), boundedness,
//! projection, bounds of an expression, redundancy removal, gist, and set
//! operations.
//!
//! Unions have no MLIR syntax; they print as their disjuncts joined by
//! ` or `, and the queries read them back in that form. Relations are
//! affine maps (their graphs) or MLIR's relation form `(d0)[s0] -> (d1) :
//! (...)` (`tessera_polyhedral::text`).

use std::fmt::Write as _;

use tessera_affine::parse::parse_affine_expr;
use tessera_affine::{AffineExpr, Constraint, ConstraintKind, IntegerSet};
use tessera_polyhedral::bounds::{IntOpt, LexMin};
use tessera_polyhedral::symbolic::OptimumPiece;
use tessera_polyhedral::text::{to_text, Presburger};
use tessera_polyhedral::{Int, IntegerRelation, PolyError, PresburgerSet, RationalLexMin, VarKind};

/// The polyhedron of a set, or a message saying why there is none.
pub(super) fn relation(set: &IntegerSet) -> Result<IntegerRelation, String> {
    IntegerRelation::from_integer_set(set).map_err(|e| e.to_string())
}

fn err(e: PolyError) -> String {
    e.to_string()
}

/// `(v0, v1)[s0]` for a point over `num_dims` dims and symbols (integers,
/// or rationals such as `3/2`).
fn show_point<T: std::fmt::Display>(point: &[T], num_dims: usize) -> String {
    let join = |vals: &[T]| vals.iter().map(T::to_string).collect::<Vec<_>>().join(", ");
    let (dims, syms) = point.split_at(num_dims.min(point.len()));
    let mut s = format!("({})", join(dims));
    if !syms.is_empty() {
        let _ = write!(s, "[{}]", join(syms));
    }
    s
}

/// `true` or `false`.
pub(super) fn is_empty(value: &Presburger) -> Result<String, String> {
    Ok(value.value.is_empty().map_err(err)?.to_string())
}

/// A point as `(d..)[s..]`, a relation's as `(x..) -> (y..)[s..]`.
fn show_value_point<T: std::fmt::Display>(point: &[T], value: &Presburger) -> String {
    let space = value.value.space();
    let (n, m) = (space.count(VarKind::Domain), space.count(VarKind::Range));
    if !value.is_relation {
        return show_point(point, m);
    }
    let join = |vals: &[T]| vals.iter().map(T::to_string).collect::<Vec<_>>().join(", ");
    format!(
        "({}) -> {}",
        join(&point[..n.min(point.len())]),
        show_point(&point[n.min(point.len())..], m)
    )
}

/// An integer point of the set (dims, then symbols in brackets), or
/// `empty`.
pub(super) fn sample(value: &Presburger) -> Result<String, String> {
    Ok(match value.value.sample().map_err(err)? {
        Some(p) => show_value_point(&p, value),
        None => "empty".to_string(),
    })
}

/// The lexicographically smallest point (dims, then symbols), `empty` or
/// `unbounded`.
pub(super) fn lexmin(value: &Presburger) -> Result<String, String> {
    Ok(show_lexmin(value.value.lexmin().map_err(err)?, value))
}

fn show_lexmin(answer: LexMin, value: &Presburger) -> String {
    match answer {
        LexMin::Empty => "empty".to_string(),
        LexMin::Unbounded => "unbounded".to_string(),
        LexMin::Point(p) => show_value_point(&p, value),
    }
}

/// The lexicographically largest point (dims, then symbols), `empty` or
/// `unbounded`.
pub(super) fn lexmax(value: &Presburger) -> Result<String, String> {
    Ok(show_lexmin(value.value.lexmax().map_err(err)?, value))
}

/// The lexicographically smallest rational point (`3/2` for a fraction),
/// `empty` or `unbounded`.
pub(super) fn rational_lexmin(set: &IntegerSet) -> Result<String, String> {
    Ok(match relation(set)?.rational_lexmin().map_err(err)? {
        RationalLexMin::Empty => "empty".to_string(),
        RationalLexMin::Unbounded => "unbounded".to_string(),
        RationalLexMin::Point(p) => show_point(&p, set.num_dims() as usize),
    })
}

/// `true` or `false`: does the set have no rational point?
pub(super) fn is_rationally_empty(set: &IntegerSet) -> Result<String, String> {
    Ok(relation(set)?.is_rationally_empty().to_string())
}

/// `true` or `false`: do the set's integer points (dims and symbols) lie
/// in a bounded box?
pub(super) fn is_bounded(set: &IntegerSet) -> Result<String, String> {
    Ok(relation(set)?.is_bounded().map_err(err)?.to_string())
}

/// The set without the inequalities its other constraints imply.
pub(super) fn remove_redundant(set: &IntegerSet) -> Result<String, String> {
    let mut rel = relation(set)?;
    rel.remove_redundant_inequalities();
    Ok(rel.to_integer_set().map_err(err)?.to_string())
}

/// `a` without the constraints `context` and the kept ones imply: the
/// same points within `context`.
pub(super) fn gist(a: &IntegerSet, context: &Presburger) -> Result<String, String> {
    if context.is_relation {
        return Err("the context of gist must be an integer set".into());
    }
    let g = relation(a)?.gist(&context.value).map_err(err)?;
    Ok(g.to_integer_set().map_err(err)?.to_string())
}

/// The set projected onto the dims named in `keep` (in that order),
/// exactly ([`PresburgerSet::project_out`]): Fourier–Motzkin when it is
/// exact over the integers, otherwise the eliminated dims stay as
/// existential divisions, and where those are not divisions the result is
/// split (dark shadow and splinters) into a union of sets, printed joined
/// by ` or ` — or, when that union would be large, printed with its
/// existentials (`exists (d2) : ...`).
pub(super) fn project(set: &IntegerSet, keep: &[u32]) -> Result<String, String> {
    let nd = set.num_dims();
    if let Some(bad) = keep.iter().find(|&&d| d >= nd) {
        return Err(format!("d{bad} is not a dim of the set"));
    }
    // Reorder the dims so the kept ones come first, in the order asked.
    let mut order: Vec<u32> = keep.to_vec();
    order.extend((0..nd).filter(|d| !keep.contains(d)));
    let mut position = vec![0u32; nd as usize];
    for (new, &old) in order.iter().enumerate() {
        position[old as usize] = new as u32;
    }
    let renamed: Vec<AffineExpr> = position.iter().map(|&p| AffineExpr::dim(p)).collect();
    let constraints = set
        .constraints()
        .iter()
        .map(|c| {
            c.expr
                .replace_dims_and_symbols(&renamed, &[])
                .map(|expr| Constraint { expr, kind: c.kind })
                .map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    let reordered =
        IntegerSet::new(nd, set.num_symbols(), constraints).map_err(|e| e.to_string())?;
    let rel = relation(&reordered)?;
    let dropped: Vec<usize> = (keep.len()..nd as usize).collect();
    let projected = PresburgerSet::from_relation(rel)
        .project_out(&dropped)
        .map_err(err)?;
    to_text(&projected, false).map_err(err)
}

/// `[min, max]` of `expr` (over the set's dims `d0..` and symbols `s0..`)
/// on the integer points of the set, with `-inf`/`+inf` for unbounded ends,
/// or `empty`.
pub(super) fn bounds(set: &IntegerSet, expr_text: &str) -> Result<String, String> {
    let (nd, ns) = (set.num_dims(), set.num_symbols());
    let dims: Vec<String> = (0..nd).map(|i| format!("d{i}")).collect();
    let syms: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let dim_refs: Vec<&str> = dims.iter().map(String::as_str).collect();
    let sym_refs: Vec<&str> = syms.iter().map(String::as_str).collect();
    let expr = parse_affine_expr(expr_text, &dim_refs, &sym_refs).map_err(|e| e.message)?;
    // A new last dim t with t == expr: its bounds are the expression's.
    let t = AffineExpr::dim(nd);
    let mut constraints = set.constraints().to_vec();
    constraints.push(Constraint::eq(t - expr));
    let extended = IntegerSet::new(nd + 1, ns, constraints).map_err(|e| e.to_string())?;
    let rel = relation(&extended)?;
    let mut objective = vec![Int::ZERO; rel.num_cols()];
    objective[rel.space().offset(VarKind::Range) + nd as usize] = Int::ONE;
    let show = |o: IntOpt, inf: &str| match o {
        IntOpt::Optimal { value, .. } => Some(value.to_string()),
        IntOpt::Unbounded => Some(inf.to_string()),
        IntOpt::Empty => None,
    };
    let min = show(rel.integer_minimum(&objective).map_err(err)?, "-inf");
    let max = show(rel.integer_maximum(&objective).map_err(err)?, "+inf");
    Ok(match (min, max) {
        (Some(lo), Some(hi)) => format!("[{lo}, {hi}]"),
        _ => "empty".to_string(),
    })
}

/// The most rows and locals one set difference of a query may build up
/// (about five seconds of work): the difference from a union grows with
/// the product of its pieces, so the complement of a 150-piece union
/// would run for minutes; past it the query ends with an error instead.
const DIFFERENCE_STEPS: usize = 100_000;

/// `a ∖ b` within [`DIFFERENCE_STEPS`].
fn difference(a: &PresburgerSet, b: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
    a.subtract_within(b, DIFFERENCE_STEPS)
}

/// `true` or `false`.
pub(super) fn is_subset(a: &Presburger, b: &Presburger) -> Result<String, String> {
    same_kind(a, b)?;
    let inside = difference(&a.value, &b.value).and_then(|d| d.is_empty());
    Ok(inside.map_err(err)?.to_string())
}

/// `true` or `false`.
pub(super) fn is_equal(a: &Presburger, b: &Presburger) -> Result<String, String> {
    same_kind(a, b)?;
    let inside = |x: &PresburgerSet, y: &PresburgerSet| {
        difference(x, y).and_then(|d| d.is_empty()).map_err(err)
    };
    Ok((inside(&a.value, &b.value)? && inside(&b.value, &a.value)?).to_string())
}

fn same_kind(a: &Presburger, b: &Presburger) -> Result<(), String> {
    if a.is_relation != b.is_relation {
        return Err("expected two sets or two relations".into());
    }
    Ok(())
}

/// The set operations: `intersect`, `union`, `subtract`, `complement`, on
/// sets or relations.
pub(super) fn set_operation(
    op: &str,
    a: &Presburger,
    b: Option<&Presburger>,
) -> Result<String, String> {
    if let Some(b) = b {
        same_kind(a, b)?;
    }
    let pa = &a.value;
    let result = match (op, b) {
        ("complement", None) => difference(&PresburgerSet::universe(pa.space()), pa),
        ("intersect", Some(b)) => pa.intersect(&b.value),
        ("union", Some(b)) => pa.union(&b.value),
        ("subtract", Some(b)) => difference(pa, &b.value),
        _ => {
            return Err(format!(
                "'{op}' takes {} operands",
                if op == "complement" { 1 } else { 2 }
            ))
        }
    }
    .and_then(|s| s.coalesce())
    .map_err(err)?;
    to_text(&result, a.is_relation).map_err(err)
}

/// The relation queries: `domain`, `range`, `inverse` and `wrap` of one
/// relation; `apply-range R1 R2` (`R1`, then `R2`), `range-product R1 R2`;
/// `apply S R` (the image of the set `S`), `intersect-domain R S`,
/// `intersect-range R S`.
pub(super) fn relation_operation(
    op: &str,
    a: &Presburger,
    b: Option<&Presburger>,
) -> Result<String, String> {
    let relation = |v: &Presburger, what: &str| {
        if v.is_relation {
            Ok(v.value.clone())
        } else {
            Err(format!("the {what} operand of '{op}' must be a relation"))
        }
    };
    let set = |v: &Presburger, what: &str| {
        if v.is_relation {
            Err(format!(
                "the {what} operand of '{op}' must be an integer set"
            ))
        } else {
            Ok(v.value.clone())
        }
    };
    let (result, as_relation) = match (op, b) {
        ("domain", None) => (relation(a, "")?.domain(), false),
        ("range", None) => (relation(a, "")?.range(), false),
        ("inverse", None) => (relation(a, "")?.inverse(), true),
        ("wrap", None) => (Ok(relation(a, "")?.wrap()), false),
        ("apply-range", Some(b)) => (
            relation(a, "first")?.apply_range(&relation(b, "second")?),
            true,
        ),
        ("range-product", Some(b)) => (
            relation(a, "first")?.range_product(&relation(b, "second")?),
            true,
        ),
        ("apply", Some(b)) => (set(a, "first")?.apply(&relation(b, "second")?), false),
        ("intersect-domain", Some(b)) => (
            relation(a, "first")?.intersect_domain(&set(b, "second")?),
            true,
        ),
        ("intersect-range", Some(b)) => (
            relation(a, "first")?.intersect_range(&set(b, "second")?),
            true,
        ),
        _ => return Err(format!("'{op}' is not a relation query")),
    };
    let result = result.and_then(|r| r.coalesce()).map_err(err)?;
    to_text(&result, as_relation).map_err(err)
}

/// The symbolic lexicographic minimum (`max` false) or maximum of a set:
/// pieces `MAP where CONDITION` joined by `; ` (the map from the symbols,
/// the condition on them), `unbounded where ...` for symbol values with no
/// optimum, `empty` when there is no piece. Elsewhere the set is empty.
pub(super) fn symbolic_extremum(value: &Presburger, max: bool) -> Result<String, String> {
    if value.is_relation {
        return Err("expected an integer set, found a relation".into());
    }
    let opt = if max {
        value.value.symbolic_lexmax()
    } else {
        value.value.symbolic_lexmin()
    }
    .map_err(err)?;
    let where_ = |condition: &IntegerSet| {
        let trivially_true = condition.constraints().iter().all(|c| {
            c.expr.as_constant().is_some_and(|v| match c.kind {
                ConstraintKind::Eq => v == 0,
                ConstraintKind::Ge => v >= 0,
            })
        });
        if trivially_true {
            String::new()
        } else {
            format!(" where {condition}")
        }
    };
    let mut parts: Vec<String> = opt
        .pieces
        .iter()
        .map(|OptimumPiece { domain, value }| format!("{value}{}", where_(domain)))
        .collect();
    for d in opt.unbounded.disjuncts() {
        if d.is_integer_empty() {
            continue;
        }
        for condition in d.to_integer_sets().map_err(err)? {
            parts.push(format!("unbounded{}", where_(&condition.simplify())));
        }
    }
    if parts.is_empty() {
        return Ok("empty".into());
    }
    Ok(parts.join("; "))
}

/// `card SET`: the number of integer points as a piecewise
/// quasi-polynomial of the symbols (`0` where no piece holds); of a
/// relation, the number of images of each domain point, a quasi-polynomial
/// of the domain dims and the symbols.
pub(super) fn card(value: &Presburger) -> Result<String, String> {
    match value.value.card() {
        Ok(count) => count.to_text().ok_or_else(|| {
            "the count's conditions have coefficients beyond 64 bits, which the affine syntax cannot write".to_string()
        }),
        Err(PolyError::Unbounded { .. }) => {
            Err("the set is unbounded: it has infinitely many points for some symbol values".into())
        }
        Err(e) => Err(err(e)),
    }
}

/// `dim-min SET dK` / `dim-max SET dK`: the minimum (maximum) of dim `k`
/// over the set's points as a piecewise function of the symbols — the
/// symbolic extremum of the set projected onto that dim.
pub(super) fn dim_extremum(value: &Presburger, dim: u32, max: bool) -> Result<String, String> {
    if value.is_relation {
        return Err("expected an integer set, found a relation".into());
    }
    let n = value.value.space().count(VarKind::Range);
    if dim as usize >= n {
        return Err(format!("d{dim} is not a dim of the set"));
    }
    let others: Vec<usize> = (0..n).filter(|&c| c != dim as usize).collect();
    let projected = Presburger {
        value: value.value.project_out(&others).map_err(err)?,
        is_relation: false,
    };
    symbolic_extremum(&projected, max)
}

/// The union with touching or overlapping pieces merged where their union
/// is one polyhedron.
pub(super) fn coalesce(value: &Presburger) -> Result<String, String> {
    to_text(&value.value.coalesce().map_err(err)?, value.is_relation).map_err(err)
}

/// The simple hull of a set or relation (see
/// `PresburgerSet::simple_hull`).
pub(super) fn simple_hull(value: &Presburger) -> Result<String, String> {
    hull(value, false)
}

/// `convex-hull A` (`exact`) or `simple-hull A`: one polyhedron containing
/// the union, in the form of `A`.
pub(super) fn hull(value: &Presburger, exact: bool) -> Result<String, String> {
    let hull = if exact {
        value.value.convex_hull()
    } else {
        value.value.simple_hull()
    }
    .map_err(err)?;
    let hull = tessera_polyhedral::PresburgerSet::from_relation(hull);
    to_text(&hull, value.is_relation).map_err(err)
}

//! The Presburger queries of `tessera-calc`, answered by
//! `tessera-polyhedral`: emptiness (integer and rational), sample points,
//! lexicographic minimum and maximum (integer and rational), boundedness,
//! projection, bounds of an expression, redundancy removal, gist, and set
//! operations.
//!
//! Unions of sets have no MLIR syntax; they print as their disjuncts joined
//! by ` or `, and the set-algebra queries read them back in that form.

use std::fmt::Write as _;

use tessera_affine::parse::parse_affine_expr;
use tessera_affine::{AffineExpr, Constraint, IntegerSet};
use tessera_polyhedral::bounds::{IntOpt, LexMin};
use tessera_polyhedral::{Int, IntegerRelation, PolyError, PresburgerSet, RationalLexMin, VarKind};

/// The polyhedron of a set, or a message saying why there is none.
pub(super) fn relation(set: &IntegerSet) -> Result<IntegerRelation, String> {
    IntegerRelation::from_integer_set(set).map_err(|e| e.to_string())
}

/// The union of the sets `union` (one or more over the same dims and
/// symbols: the pieces of `A or B or ...`).
fn presburger(union: &[IntegerSet]) -> Result<PresburgerSet, String> {
    let (first, rest) = union.split_first().ok_or("expected an integer set")?;
    let mut out = PresburgerSet::from_relation(relation(first)?);
    for piece in rest {
        out.add_disjunct(relation(piece)?).map_err(err)?;
    }
    Ok(out)
}

/// The dims of a union's sets.
fn num_dims(union: &[IntegerSet]) -> usize {
    union.first().map_or(0, |s| s.num_dims() as usize)
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
pub(super) fn is_empty(union: &[IntegerSet]) -> Result<String, String> {
    for set in union {
        if !relation(set)?.integer_emptiness().map_err(err)? {
            return Ok("false".to_string());
        }
    }
    Ok("true".to_string())
}

/// An integer point of the set (dims, then symbols in brackets), or
/// `empty`.
pub(super) fn sample(union: &[IntegerSet]) -> Result<String, String> {
    for set in union {
        let n = set.num_dims() as usize + set.num_symbols() as usize;
        if let Some(p) = relation(set)?.find_integer_sample().map_err(err)? {
            return Ok(show_point(&p[..n], set.num_dims() as usize));
        }
    }
    Ok("empty".to_string())
}

/// The lexicographically smallest point (dims, then symbols), `empty` or
/// `unbounded`.
pub(super) fn lexmin(union: &[IntegerSet]) -> Result<String, String> {
    Ok(show_lexmin(
        presburger(union)?.lexmin().map_err(err)?,
        union,
    ))
}

fn show_lexmin(answer: LexMin, union: &[IntegerSet]) -> String {
    match answer {
        LexMin::Empty => "empty".to_string(),
        LexMin::Unbounded => "unbounded".to_string(),
        LexMin::Point(p) => show_point(&p, num_dims(union)),
    }
}

/// The lexicographically largest point (dims, then symbols), `empty` or
/// `unbounded`.
pub(super) fn lexmax(union: &[IntegerSet]) -> Result<String, String> {
    Ok(show_lexmin(
        presburger(union)?.lexmax().map_err(err)?,
        union,
    ))
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
pub(super) fn gist(a: &IntegerSet, context: &[IntegerSet]) -> Result<String, String> {
    let g = relation(a)?.gist(&presburger(context)?).map_err(err)?;
    Ok(g.to_integer_set().map_err(err)?.to_string())
}

/// The set projected onto the dims named in `keep` (in that order),
/// exactly: Fourier–Motzkin when it is exact over the integers, otherwise
/// the eliminated dims stay as existential divisions, and where those are
/// not divisions the result is split (dark shadow and splinters) into a
/// union of sets, printed joined by ` or `.
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
    let exact = match rel.project_out(&dropped) {
        Ok(p) if p.exact => Some(p.relation),
        _ => None,
    };
    let projected = match exact {
        Some(r) => r,
        None => {
            let mut r = rel;
            r.convert_to_locals(&dropped).map_err(err)?;
            r
        }
    };
    if let Ok(set) = projected.to_integer_set() {
        return Ok(set.simplify().to_string());
    }
    // Existentials that are not divisions: split into pieces that print.
    let pieces = projected
        .split_locals()
        .map_err(|e| format!("the exact projection cannot be written as integer sets: {e}"))?;
    let printed = pieces
        .iter()
        .map(|p| {
            p.to_integer_set()
                .map(|s| s.simplify().to_string())
                .map_err(err)
        })
        .collect::<Result<Vec<_>, _>>()?;
    if printed.is_empty() {
        return Ok(IntegerSet::empty(keep.len() as u32, set.num_symbols()).to_string());
    }
    Ok(printed.join(" or "))
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

/// `true` or `false`.
pub(super) fn is_subset(a: &[IntegerSet], b: &[IntegerSet]) -> Result<String, String> {
    Ok(presburger(a)?
        .is_subset(&presburger(b)?)
        .map_err(err)?
        .to_string())
}

/// `true` or `false`.
pub(super) fn is_equal(a: &[IntegerSet], b: &[IntegerSet]) -> Result<String, String> {
    Ok(presburger(a)?
        .is_equal(&presburger(b)?)
        .map_err(err)?
        .to_string())
}

/// The set operations: `intersect`, `union`, `subtract`, `complement`.
pub(super) fn set_operation(
    op: &str,
    a: &[IntegerSet],
    b: Option<&[IntegerSet]>,
) -> Result<String, String> {
    let pa = presburger(a)?;
    let result = match (op, b) {
        ("complement", None) => pa.complement(),
        ("intersect", Some(b)) => pa.intersect(&presburger(b)?),
        ("union", Some(b)) => pa.union(&presburger(b)?),
        ("subtract", Some(b)) => pa.subtract(&presburger(b)?),
        _ => {
            return Err(format!(
                "'{op}' takes {} operands",
                if op == "complement" { 1 } else { 2 }
            ))
        }
    }
    .and_then(|s| s.coalesce())
    .map_err(err)?;
    let symbols = a.first().map_or(0, IntegerSet::num_symbols);
    show_union(&result, num_dims(a) as u32, symbols)
}

/// Disjuncts joined by ` or `; the canonical empty set when there are none.
fn show_union(set: &PresburgerSet, num_dims: u32, num_symbols: u32) -> Result<String, String> {
    let parts = set
        .disjuncts()
        .iter()
        .filter(|d| !d.is_integer_empty())
        .map(|d| {
            d.to_integer_set()
                .map(|s| s.simplify().to_string())
                .map_err(err)
        })
        .collect::<Result<Vec<_>, _>>()?;
    if parts.is_empty() {
        return Ok(IntegerSet::empty(num_dims, num_symbols).to_string());
    }
    Ok(parts.join(" or "))
}

//! Building constraint systems from affine expressions: each expression is
//! flattened into a linear row; each `floordiv`/`ceildiv`/`mod` becomes a
//! local column `q` with its defining constraints
//! `c·q ≤ e ≤ c·q + c − 1`.

use tessera_affine::flatten::Flattener;
use tessera_affine::{AffineExpr, ConstraintKind, IntegerSet};
use tessera_polyhedral::{Int, IntegerRelation, PolyError, VarKind};

/// Why a system could not be built exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// A semi-affine term (product or division by a symbol), a division by
    /// a non-positive constant, or coefficients beyond 64 bits.
    NonAffine(String),
    /// The polyhedral library refused an operation.
    Polyhedral(String),
}

impl From<PolyError> for Unsupported {
    /// An operation refused, or an integer search that exceeded its budget:
    /// every caller answers "may depend" for it.
    fn from(e: PolyError) -> Self {
        Unsupported::Polyhedral(e.to_string())
    }
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsupported::NonAffine(why) => write!(f, "not affine: {why}"),
            Unsupported::Polyhedral(why) => write!(f, "{why}"),
        }
    }
}

/// A row over the relation's current columns, padded with zeros before the
/// constant up to `width` entries.
pub(crate) fn pad(mut row: Vec<Int>, width: usize) -> Vec<Int> {
    if row.len() < width {
        let at = row.len() - 1;
        let missing = width - row.len();
        row.splice(at..at, std::iter::repeat(Int::ZERO).take(missing));
    }
    row
}

/// The linear row of `expr` over `rel`'s columns, where `d<i>` is column
/// `dim_cols[i]` and `s<j>` is column `sym_cols[j]`. Divisions become new
/// local columns of `rel`, constrained to their definitions. The row has
/// `rel.num_cols()` entries as `rel` is after the call.
pub(crate) fn expr_row(
    rel: &mut IntegerRelation,
    expr: &AffineExpr,
    dim_cols: &[usize],
    sym_cols: &[usize],
) -> Result<Vec<Int>, Unsupported> {
    let mut flattener = Flattener::new(dim_cols.len() as u32, sym_cols.len() as u32);
    let flat = flattener
        .flatten(expr)
        .map_err(|e| Unsupported::NonAffine(format!("cannot flatten {expr}: {e:?}")))?;
    // Columns of the flattener's locals in `rel`, created in order so that
    // each division's dividend only refers to earlier ones.
    let mut local_cols: Vec<usize> = Vec::new();
    for local in flattener.locals() {
        let Some((dividend, divisor)) = &local.division else {
            return Err(Unsupported::NonAffine(format!(
                "semi-affine term {}",
                local.expr
            )));
        };
        let col = rel.append_vars(VarKind::Local, 1);
        // Earlier local columns sit before this one and did not move.
        let width = rel.num_cols();
        let mut e = map_flat(dividend, dim_cols, sym_cols, &local_cols, width);
        // e - c·q >= 0 and -e + c·q + c - 1 >= 0.
        let c = Int::from(*divisor);
        let mut lower = e.clone();
        lower[col] = &lower[col] - &c;
        for v in e.iter_mut() {
            *v = -&*v;
        }
        e[col] = &e[col] + &c;
        let last = e.len() - 1;
        e[last] = &e[last] + &(&c - &Int::ONE);
        add(rel, ConstraintKind::Ge, lower)?;
        add(rel, ConstraintKind::Ge, e)?;
        local_cols.push(col);
    }
    let width = rel.num_cols();
    Ok(map_flat(&flat, dim_cols, sym_cols, &local_cols, width))
}

/// Maps a flattener row `[dims, symbols, locals.., constant]` (possibly
/// shorter in locals) onto relation columns.
fn map_flat(
    flat: &[i64],
    dim_cols: &[usize],
    sym_cols: &[usize],
    local_cols: &[usize],
    width: usize,
) -> Vec<Int> {
    let mut row = vec![Int::ZERO; width];
    let n = flat.len() - 1;
    for (j, &c) in flat[..n].iter().enumerate() {
        if c == 0 {
            continue;
        }
        let col = if j < dim_cols.len() {
            dim_cols[j]
        } else if j < dim_cols.len() + sym_cols.len() {
            sym_cols[j - dim_cols.len()]
        } else {
            local_cols[j - dim_cols.len() - sym_cols.len()]
        };
        row[col] = &row[col] + &Int::from(c);
    }
    row[width - 1] = Int::from(flat[n]);
    row
}

/// Adds `row >= 0` or `row == 0`, padded to the relation's width.
pub(crate) fn add(
    rel: &mut IntegerRelation,
    kind: ConstraintKind,
    row: Vec<Int>,
) -> Result<(), Unsupported> {
    let row = pad(row, rel.num_cols());
    let result = match kind {
        ConstraintKind::Eq => rel.add_equality_int(row),
        ConstraintKind::Ge => rel.add_inequality_int(row),
    };
    result.map_err(|e| Unsupported::Polyhedral(e.to_string()))
}

/// `a - b` for two rows (the shorter padded first).
pub(crate) fn sub(a: Vec<Int>, b: Vec<Int>) -> Vec<Int> {
    let width = a.len().max(b.len());
    let (mut a, b) = (pad(a, width), pad(b, width));
    for (x, y) in a.iter_mut().zip(&b) {
        if !y.is_zero() {
            *x = &*x - y;
        }
    }
    a
}

/// Adds every constraint of `set` (dims at `dim_cols`, symbols at
/// `sym_cols`).
pub(crate) fn add_set(
    rel: &mut IntegerRelation,
    set: &IntegerSet,
    dim_cols: &[usize],
    sym_cols: &[usize],
) -> Result<(), Unsupported> {
    for c in set.constraints() {
        let row = expr_row(rel, &c.expr, dim_cols, sym_cols)?;
        add(rel, c.kind, row)?;
    }
    Ok(())
}

/// The ways `set` can fail to hold: one alternative per negated
/// constraint (`e >= 0` fails as `-e - 1 >= 0`; `e == 0` as `e - 1 >= 0`
/// or `-e - 1 >= 0`). Each alternative is an expression that must be
/// `>= 0`.
pub(crate) fn negations(set: &IntegerSet) -> Vec<AffineExpr> {
    let mut out = Vec::new();
    for c in set.constraints() {
        match c.kind {
            ConstraintKind::Ge => out.push(-c.expr.clone() - 1),
            ConstraintKind::Eq => {
                out.push(c.expr.clone() - 1);
                out.push(-c.expr.clone() - 1);
            }
        }
    }
    out
}

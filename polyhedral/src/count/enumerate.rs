//! The number of integer points of a bounded polyhedron without symbols
//! or locals, by scanning: the outer dims over their rational bounds (the
//! simplex), the innermost dim counted as the length of its interval.

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::simplex::LpResult;

/// The work one point count may do in all, in units of about a
/// microsecond: a grid point tested is one, a scanned value two, a
/// simplex twenty, a set operation a hundred.
pub(crate) const TOTAL_WORK: u64 = 20_000_000;

/// The work left to one point count, shared by all its steps.
pub(crate) struct Work {
    left: u64,
    total: u64,
}

impl Work {
    pub(crate) fn new() -> Work {
        Work::with_budget(TOTAL_WORK)
    }

    /// A budget of `units`.
    pub(crate) fn with_budget(units: u64) -> Work {
        Work {
            left: units,
            total: units,
        }
    }

    /// Spends `units`, or fails with [`PolyError::Budget`] when they
    /// are not left.
    pub(crate) fn spend(&mut self, units: u64) -> Result<(), PolyError> {
        if self.left < units {
            return Err(PolyError::Budget {
                what: "counting points",
                budget: self.total,
            });
        }
        self.left -= units;
        Ok(())
    }
}

/// The work of one simplex.
pub(crate) const SIMPLEX_WORK: u64 = 20;

/// The work of one set operation (intersection, difference, emptiness).
pub(crate) const SET_WORK: u64 = 100;

/// Counts the integer points of `rel` (dims only: no symbols, no locals).
/// Fails with [`PolyError::Unbounded`] when a dim is unbounded and
/// [`PolyError::Budget`] when the scan is too long.
pub(crate) fn count_scanning(rel: &IntegerRelation, work: &mut Work) -> Result<Int, PolyError> {
    let n = rel.num_vars();
    if n == 0 {
        let holds =
            rel.eqs.iter().all(|r| r[0].is_zero()) && rel.ineqs.iter().all(|r| !r[0].is_negative());
        return Ok(Int::from(i64::from(holds)));
    }
    if n == 1 {
        return interval_length(rel);
    }
    work.spend(2 * SIMPLEX_WORK)?;
    let (lo, hi) = match rational_bounds(rel, 0)? {
        Some(b) => b,
        None => return Ok(Int::ZERO),
    };
    let mut total = Int::ZERO;
    let mut v = lo;
    while v <= hi {
        work.spend(2)?;
        let mut slice = fix_first(rel, &v);
        if slice.normalize() {
            total += &count_scanning(&slice, work)?;
        }
        v = &v + &Int::ONE;
    }
    Ok(total)
}

/// The integer range `⌈min x_col⌉ ..= ⌊max x_col⌋` of a dim over the
/// rational points, `None` when there are none.
pub(crate) fn rational_bounds(
    rel: &IntegerRelation,
    col: usize,
) -> Result<Option<(Int, Int)>, PolyError> {
    let mut objective = vec![Int::ZERO; rel.num_cols()];
    objective[col] = Int::ONE;
    let lo = match rel.rational_minimum(&objective)? {
        LpResult::Infeasible => return Ok(None),
        LpResult::Unbounded => return Err(PolyError::Unbounded { col }),
        LpResult::Optimal { value, .. } => value.ceil(),
    };
    objective[col] = Int::from(-1);
    let hi = match rel.rational_minimum(&objective)? {
        LpResult::Infeasible => return Ok(None),
        LpResult::Unbounded => return Err(PolyError::Unbounded { col }),
        LpResult::Optimal { value, .. } => (-&value).floor(),
    };
    Ok(Some((lo, hi)))
}

/// The relation over the remaining dims with the first fixed to `value`.
fn fix_first(rel: &IntegerRelation, value: &Int) -> IntegerRelation {
    let fix = |row: &Vec<Int>| -> Vec<Int> {
        let mut r = row[1..].to_vec();
        let last = r.len() - 1;
        r[last] = &r[last] + &(&row[0] * value);
        r
    };
    let mut out = IntegerRelation::new_set(rel.num_vars() - 1, 0);
    out.eqs = rel.eqs.iter().map(fix).collect();
    out.ineqs = rel.ineqs.iter().map(fix).collect();
    out
}

/// The number of integers `x` with `a·x + c ≥ 0` (`= 0`) for every row:
/// the length of an interval.
fn interval_length(rel: &IntegerRelation) -> Result<Int, PolyError> {
    let mut lo: Option<Int> = None;
    let mut hi: Option<Int> = None;
    let raise = |lo: &mut Option<Int>, v: Int| {
        if lo.as_ref().map_or(true, |l| v > *l) {
            *lo = Some(v);
        }
    };
    let lower = |hi: &mut Option<Int>, v: Int| {
        if hi.as_ref().map_or(true, |h| v < *h) {
            *hi = Some(v);
        }
    };
    for row in &rel.eqs {
        let (a, c) = (&row[0], &row[1]);
        if a.is_zero() {
            if !c.is_zero() {
                return Ok(Int::ZERO);
            }
            continue;
        }
        if !c.is_multiple_of(a) {
            return Ok(Int::ZERO);
        }
        let x = (-c).div_floor(a);
        raise(&mut lo, x.clone());
        lower(&mut hi, x);
    }
    for row in &rel.ineqs {
        let (a, c) = (&row[0], &row[1]);
        if a.is_zero() {
            if c.is_negative() {
                return Ok(Int::ZERO);
            }
        } else if a.is_positive() {
            raise(&mut lo, (-c).div_ceil(a));
        } else {
            lower(&mut hi, c.div_floor(&-a));
        }
    }
    match (lo, hi) {
        (Some(l), Some(h)) if h >= l => Ok(&(&h - &l) + &Int::ONE),
        (Some(_), Some(_)) => Ok(Int::ZERO),
        _ => Err(PolyError::Unbounded { col: 0 }),
    }
}

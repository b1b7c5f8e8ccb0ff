//! The number of integer points of a bounded polyhedron without symbols
//! or locals, by scanning: the outer dims over their rational bounds (the
//! simplex), the innermost dim counted as the length of its interval.

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::simplex::LpResult;

/// Counts the integer points of `rel` (dims only: no symbols, no locals),
/// spending at most `budget` units of work (one per scanned value of an
/// outer dim). Fails with [`PolyError::Unbounded`] when a dim is unbounded
/// and [`PolyError::WorkBudget`] when the scan is too long.
pub(crate) fn count_scanning(rel: &IntegerRelation, budget: &mut u64) -> Result<Int, PolyError> {
    let n = rel.num_vars();
    if n == 0 {
        let holds =
            rel.eqs.iter().all(|r| r[0].is_zero()) && rel.ineqs.iter().all(|r| !r[0].is_negative());
        return Ok(Int::from(i64::from(holds)));
    }
    if n == 1 {
        return interval_length(rel);
    }
    let (lo, hi) = match rational_bounds(rel)? {
        Some(b) => b,
        None => return Ok(Int::ZERO),
    };
    let mut total = Int::ZERO;
    let mut v = lo;
    while v <= hi {
        if *budget == 0 {
            return Err(PolyError::WorkBudget {
                budget: COUNT_BUDGET,
            });
        }
        *budget -= 1;
        let mut slice = fix_first(rel, &v);
        if slice.normalize() {
            total += &count_scanning(&slice, budget)?;
        }
        v = &v + &Int::ONE;
    }
    Ok(total)
}

/// The work budget of one count (values of outer dims scanned).
pub(crate) const COUNT_BUDGET: u64 = 2_000_000;

/// The integer range `⌈min x_0⌉ ..= ⌊max x_0⌋` of the first dim over the
/// rational points, `None` when there are none.
fn rational_bounds(rel: &IntegerRelation) -> Result<Option<(Int, Int)>, PolyError> {
    let mut objective = vec![Int::ZERO; rel.num_cols()];
    objective[0] = Int::ONE;
    let lo = match rel.rational_minimum(&objective)? {
        LpResult::Infeasible => return Ok(None),
        LpResult::Unbounded => return Err(PolyError::Unbounded { col: 0 }),
        LpResult::Optimal { value, .. } => value.ceil(),
    };
    objective[0] = Int::from(-1);
    let hi = match rel.rational_minimum(&objective)? {
        LpResult::Infeasible => return Ok(None),
        LpResult::Unbounded => return Err(PolyError::Unbounded { col: 0 }),
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

//! The number of points of a polytope without symbols: by scanning when
//! its outer dims span few values, else by making the first dim a symbol,
//! counting the slices as a piecewise polynomial of it, and summing each
//! polynomial over its interval exactly (the sum of a polynomial over an
//! arithmetic progression is a polynomial in the number of terms, found
//! by interpolation) — so `0 ≤ d0 + d1 ≤ 10⁹` costs what `≤ 10` does.

use crate::count::enumerate::{count_scanning, rational_bounds, Work, SIMPLEX_WORK};
use crate::count::polynomial::Polynomial;
use crate::count::{count_basic, CountPiece};
use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::space::VarKind;

/// The most values of the outer dims scanned before summing instead.
const SCAN_LIMIT: i128 = 4096;

/// Counts the integer points of `rel` (dims only: no symbols, no locals).
pub(crate) fn count_fixed(rel: &IntegerRelation, work: &mut Work) -> Result<Int, PolyError> {
    let n = rel.num_vars();
    if n <= 1 || outer_box(rel, work)?.is_some_and(|volume| volume <= SCAN_LIMIT) {
        return count_scanning(rel, work);
    }
    // The first dim as a symbol: columns d1.., s0, constant.
    let reorder = |row: &Vec<Int>| -> Vec<Int> {
        let mut r = row[1..n].to_vec();
        r.push(row[0].clone());
        r.push(row[n].clone());
        r
    };
    let mut sliced = IntegerRelation::new_set(n - 1, 1);
    sliced.eqs = rel.eqs.iter().map(reorder).collect();
    sliced.ineqs = rel.ineqs.iter().map(reorder).collect();
    let mut total = Rat::ZERO;
    for piece in count_basic(&sliced, (n - 1) as u32, work)? {
        total = &total + &sum_piece(&piece, work)?;
    }
    if !total.is_integer() {
        return Err(PolyError::Internal(format!("a count sums to {total}")));
    }
    Ok(total.floor())
}

/// The number of values the dims but the last take in their rational
/// bounding box; `None` when there are none or too many to tell.
fn outer_box(rel: &IntegerRelation, work: &mut Work) -> Result<Option<i128>, PolyError> {
    let n = rel.num_vars();
    let mut volume: i128 = 1;
    for col in 0..n - 1 {
        work.spend(2 * SIMPLEX_WORK)?;
        let Some((lo, hi)) = rational_bounds(rel, col)? else {
            return Ok(Some(0));
        };
        let Some(side) = (&hi - &lo).to_i64() else {
            return Ok(None);
        };
        volume = volume.saturating_mul(i128::from(side.max(-1)) + 1);
    }
    Ok(Some(volume))
}

/// The sum of a one-symbol piece's polynomial over the symbol values of
/// its domain in its residue class.
fn sum_piece(piece: &CountPiece, work: &mut Work) -> Result<Rat, PolyError> {
    let (m, r) = (Int::from(piece.modulus[0]), Int::from(piece.residue[0]));
    let mut total = Rat::ZERO;
    for d in piece.domain.disjuncts() {
        work.spend(2 * SIMPLEX_WORK)?;
        if d.space().count(VarKind::Local) > 0 {
            return Err(PolyError::Internal("a chamber has a local".into()));
        }
        use crate::bounds::IntOpt;
        let (lo, hi) = match (d.constant_lower_bound(0)?, d.constant_upper_bound(0)?) {
            (IntOpt::Optimal { value: lo, .. }, IntOpt::Optimal { value: hi, .. }) => (lo, hi),
            (IntOpt::Empty, _) | (_, IntOpt::Empty) => continue,
            _ => return Err(PolyError::Unbounded { col: 0 }),
        };
        // The first value at or above `lo` in the class, and the number
        // of class values up to `hi`.
        let first = &lo + &(&r - &lo).mod_floor(&m);
        if first > hi {
            continue;
        }
        let terms = &(&hi - &first).div_floor(&m) + &Int::ONE;
        total = &total + &progression_sum(&piece.value, &first, &m, &terms);
    }
    Ok(total)
}

/// `Σ_{j < terms} f(first + step·j)`: a polynomial in `terms` of degree
/// `deg f + 1`, interpolated from its values at `0..=deg f + 1`.
fn progression_sum(f: &Polynomial, first: &Int, step: &Int, terms: &Int) -> Rat {
    let degree = f.degree() as i64 + 1;
    let mut partial = vec![Rat::ZERO];
    for j in 0..degree {
        let x = first + &(step * &Int::from(j));
        let next = partial.last().expect("starts with zero") + &f.evaluate(&[x]);
        partial.push(next);
    }
    if let Some(t) = terms.to_i64().filter(|&t| t <= degree) {
        return partial[t as usize].clone();
    }
    // Lagrange interpolation through (i, partial[i]), i = 0..=degree.
    let mut value = Rat::ZERO;
    for (i, y) in partial.iter().enumerate() {
        let mut weight = y.clone();
        for j in 0..=degree {
            if j as usize != i {
                let num = terms - &Int::from(j);
                let den = Int::from(i as i64 - j);
                weight = &weight * &Rat::new(num, den).expect("distinct nodes");
            }
        }
        value = &value + &weight;
    }
    value
}

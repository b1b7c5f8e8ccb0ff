//! One row of the fraction-free tableau: integer coefficients over a
//! positive common denominator, on 128-bit integers while they fit and on
//! big integers when a product does not (checked at every operation, so
//! no overflow is ever silent).

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

use crate::int::Int;
use crate::rational::{binary_gcd, Rat};

/// Rows whose entries stay below `2^REDUCE_ABOVE_BITS` are not reduced
/// after a pivot.
const REDUCE_ABOVE_BITS: u32 = 56;

/// A row's entries and denominator, `den > 0`: small while every entry fits
/// in an `i128`.
#[derive(Clone, Debug)]
pub(super) enum Row {
    /// Every entry and the denominator fit in 128 bits.
    Small {
        /// Coefficients, the constant last.
        coeffs: Vec<i128>,
        /// The positive common denominator.
        den: i128,
    },
    /// Some entry needs a big integer.
    Big {
        /// Coefficients, the constant last.
        coeffs: Vec<BigInt>,
        /// The positive common denominator.
        den: BigInt,
    },
}

/// One entry of a row, owned.
#[derive(Clone, Debug)]
pub(super) enum Val {
    Small(i128),
    Big(BigInt),
}

impl Val {
    fn to_big(&self) -> BigInt {
        match self {
            Val::Small(v) => BigInt::from(*v),
            Val::Big(b) => b.clone(),
        }
    }

    /// `-1`, `0` or `1`.
    pub(super) fn signum(&self) -> i32 {
        match self {
            Val::Small(v) => v.signum() as i32,
            Val::Big(b) => {
                if b.is_negative() {
                    -1
                } else if b.is_zero() {
                    0
                } else {
                    1
                }
            }
        }
    }

    /// The absolute value.
    pub(super) fn abs(self) -> Val {
        match self {
            Val::Small(v) => match v.checked_abs() {
                Some(a) => Val::Small(a),
                None => Val::Big(BigInt::from(v).abs()),
            },
            Val::Big(b) => Val::Big(b.abs()),
        }
    }

    /// The negation.
    pub(super) fn neg(self) -> Val {
        match self {
            Val::Small(v) => match v.checked_neg() {
                Some(n) => Val::Small(n),
                None => Val::Big(-BigInt::from(v)),
            },
            Val::Big(b) => Val::Big(-b),
        }
    }

    fn to_int(&self) -> Int {
        match self {
            Val::Small(v) => match i64::try_from(*v) {
                Ok(small) => Int::from(small),
                Err(_) => Int::from_big(BigInt::from(*v)),
            },
            Val::Big(b) => Int::from_big(b.clone()),
        }
    }
}

/// Compares `a / b` with `c / d` for positive `b`, `d` (by `a·d` and `c·b`).
pub(super) fn ratio_cmp(a: &Val, b: &Val, c: &Val, d: &Val) -> Ordering {
    if let (Val::Small(a), Val::Small(b), Val::Small(c), Val::Small(d)) = (a, b, c, d) {
        if let (Some(x), Some(y)) = (a.checked_mul(*d), c.checked_mul(*b)) {
            return x.cmp(&y);
        }
    }
    (a.to_big() * d.to_big()).cmp(&(c.to_big() * b.to_big()))
}

fn small(v: &Int) -> Option<i128> {
    v.to_i64().map(i128::from)
}

fn int_to_big(v: &Int) -> BigInt {
    v.to_big()
}

impl Row {
    /// The row of `entries` over the denominator one.
    pub(super) fn from_ints(entries: &[Int]) -> Row {
        match entries.iter().map(small).collect::<Option<Vec<i128>>>() {
            Some(coeffs) => Row::Small { coeffs, den: 1 },
            None => Row::Big {
                coeffs: entries.iter().map(int_to_big).collect(),
                den: BigInt::from(1),
            },
        }
    }

    /// `len` zeros, except `value` at `j` (when given).
    pub(super) fn unit(len: usize, entry: Option<(usize, i128)>) -> Row {
        let mut coeffs = vec![0; len];
        if let Some((j, v)) = entry {
            coeffs[j] = v;
        }
        Row::Small { coeffs, den: 1 }
    }

    /// The number of entries (columns and the constant).
    pub(super) fn len(&self) -> usize {
        match self {
            Row::Small { coeffs, .. } => coeffs.len(),
            Row::Big { coeffs, .. } => coeffs.len(),
        }
    }

    /// The numerator at `j`.
    pub(super) fn at(&self, j: usize) -> Val {
        match self {
            Row::Small { coeffs, .. } => Val::Small(coeffs[j]),
            Row::Big { coeffs, .. } => Val::Big(coeffs[j].clone()),
        }
    }

    /// The denominator.
    pub(super) fn den(&self) -> Val {
        match self {
            Row::Small { den, .. } => Val::Small(*den),
            Row::Big { den, .. } => Val::Big(den.clone()),
        }
    }

    /// The numerator of the constant.
    pub(super) fn constant(&self) -> Val {
        self.at(self.len() - 1)
    }

    /// The sign of the entry at `j`.
    pub(super) fn sign(&self, j: usize) -> i32 {
        match self {
            Row::Small { coeffs, .. } => coeffs[j].signum() as i32,
            Row::Big { coeffs, .. } => Val::Big(coeffs[j].clone()).signum(),
        }
    }

    /// The sign of the constant.
    pub(super) fn constant_sign(&self) -> i32 {
        self.sign(self.len() - 1)
    }

    /// The value at the current vertex (every non-basic variable zero).
    pub(super) fn value(&self) -> Rat {
        Rat::new(self.constant().to_int(), self.den().to_int()).unwrap_or(Rat::ZERO)
    }

    fn into_big(self) -> (Vec<BigInt>, BigInt) {
        match self {
            Row::Small { coeffs, den } => (
                coeffs.into_iter().map(BigInt::from).collect(),
                BigInt::from(den),
            ),
            Row::Big { coeffs, den } => (coeffs, den),
        }
    }

    fn big_parts(&self) -> (Vec<BigInt>, BigInt) {
        self.clone().into_big()
    }

    /// Negates every entry (the denominator stays positive).
    pub(super) fn negate(&mut self) {
        match self {
            Row::Small { coeffs, .. } => {
                if coeffs.iter().all(|v| *v != i128::MIN) {
                    coeffs.iter_mut().for_each(|v| *v = -*v);
                    return;
                }
            }
            Row::Big { coeffs, .. } => {
                coeffs.iter_mut().for_each(|v| *v = -&*v);
                return;
            }
        }
        let (mut coeffs, den) = self.big_parts();
        coeffs.iter_mut().for_each(|v| *v = -&*v);
        *self = Row::Big { coeffs, den };
    }

    /// Inserts a column at `j` holding the denominator (the variable with
    /// coefficient one) when `one`, zero otherwise.
    pub(super) fn insert_column(&mut self, j: usize, one: bool) {
        match self {
            Row::Small { coeffs, den } => coeffs.insert(j, if one { *den } else { 0 }),
            Row::Big { coeffs, den } => {
                let v = if one { den.clone() } else { BigInt::zero() };
                coeffs.insert(j, v);
            }
        }
    }

    /// Removes the column at `j`.
    pub(super) fn remove_column(&mut self, j: usize) {
        match self {
            Row::Small { coeffs, .. } => {
                coeffs.remove(j);
            }
            Row::Big { coeffs, .. } => {
                coeffs.remove(j);
            }
        }
    }

    /// Divides the coefficients and the denominator by their gcd, and
    /// returns to 128 bits when everything fits.
    pub(super) fn reduce(&mut self) {
        match self {
            Row::Small { coeffs, den } => {
                let mut g = den.unsigned_abs();
                for v in coeffs.iter() {
                    if g == 1 {
                        return;
                    }
                    if *v != 0 {
                        g = binary_gcd(g, v.unsigned_abs());
                    }
                }
                if g <= 1 {
                    return;
                }
                // g divides den, which is positive and below 2^127.
                let g = g as i128;
                coeffs.iter_mut().for_each(|v| *v /= g);
                *den /= g;
            }
            Row::Big { coeffs, den } => {
                let mut g = den.clone();
                for v in coeffs.iter() {
                    if !v.is_zero() {
                        g = g.gcd(v);
                    }
                }
                if g > BigInt::from(1) {
                    coeffs.iter_mut().for_each(|v| *v = &*v / &g);
                    *den = &*den / &g;
                }
                let fits: Option<Vec<i128>> = coeffs.iter().map(ToPrimitive::to_i128).collect();
                if let (Some(small), Some(d)) = (fits, den.to_i128()) {
                    *self = Row::Small {
                        coeffs: small,
                        den: d,
                    };
                }
            }
        }
    }

    /// The row of the non-basic variable of column `c` after it is
    /// exchanged with this row's basic variable: solved for that variable.
    pub(super) fn solved_for(&self, c: usize) -> Row {
        if let Row::Small { coeffs, den } = self {
            let p = coeffs[c];
            let flip = p < 0;
            let out: Option<Vec<i128>> = coeffs
                .iter()
                .enumerate()
                .map(|(j, &v)| {
                    let v = if j == c { *den } else { v.checked_neg()? };
                    if flip {
                        v.checked_neg()
                    } else {
                        Some(v)
                    }
                })
                .collect();
            if let (Some(coeffs), Some(d)) = (out, p.checked_abs()) {
                let mut row = Row::Small { coeffs, den: d };
                row.reduce();
                return row;
            }
        }
        let (coeffs, den) = self.big_parts();
        let p = coeffs[c].clone();
        let flip = p.is_negative();
        let coeffs = coeffs
            .iter()
            .enumerate()
            .map(|(j, v)| {
                let v = if j == c { den.clone() } else { -v };
                if flip {
                    -v
                } else {
                    v
                }
            })
            .collect();
        let mut row = Row::Big {
            coeffs,
            den: p.abs(),
        };
        row.reduce();
        row
    }

    /// Replaces the non-basic variable of column `c` by `pivot` (the row of
    /// that variable over the new non-basic variables).
    ///
    /// `scratch` is a buffer the caller keeps across rows (it receives the
    /// old entries), so the 128-bit path allocates nothing.
    pub(super) fn substitute(&mut self, c: usize, pivot: &Row, scratch: &mut Vec<i128>) {
        if self.sign(c) == 0 {
            return;
        }
        if let (Row::Small { coeffs, den }, Row::Small { coeffs: p, den: pd }) = (&mut *self, pivot)
        {
            let q = coeffs[c];
            scratch.clear();
            let mut fits = true;
            for (j, (&v, &pv)) in coeffs.iter().zip(p).enumerate() {
                let entry = if j == c {
                    q.checked_mul(pv)
                } else if pv == 0 {
                    v.checked_mul(*pd)
                } else {
                    v.checked_mul(*pd)
                        .and_then(|a| a.checked_add(q.checked_mul(pv)?))
                };
                match entry {
                    Some(e) => scratch.push(e),
                    None => {
                        fits = false;
                        break;
                    }
                }
            }
            if let (true, Some(d)) = (fits, den.checked_mul(*pd)) {
                std::mem::swap(coeffs, scratch);
                *den = d;
                // The gcd pass costs as much as the update: run it only once
                // the row has grown enough that the next products could
                // leave 128 bits (values compare by cross-multiplication,
                // so a row need not be reduced to be read).
                let widest = coeffs
                    .iter()
                    .fold(d.unsigned_abs(), |m, v| m | v.unsigned_abs());
                if widest >> REDUCE_ABOVE_BITS != 0 {
                    self.reduce();
                }
                return;
            }
        }
        let (coeffs, den) = std::mem::replace(self, Row::unit(0, None)).into_big();
        let (p, pd) = pivot.big_parts();
        let q = coeffs[c].clone();
        let out = coeffs
            .iter()
            .zip(&p)
            .enumerate()
            .map(|(j, (v, pv))| if j == c { &q * pv } else { v * &pd + &q * pv })
            .collect();
        *self = Row::Big {
            coeffs: out,
            den: den * pd,
        };
        self.reduce();
    }

    /// `self += factor · other`, both read over their denominators.
    pub(super) fn add_scaled(&mut self, factor: &Int, other: &Row) {
        if let (Row::Small { coeffs, den }, Row::Small { coeffs: o, den: od }, Some(f)) =
            (&*self, other, small(factor))
        {
            let g = binary_gcd(den.unsigned_abs(), od.unsigned_abs()) as i128;
            let (own, theirs) = (od / g, (den / g).checked_mul(f));
            if let Some(theirs) = theirs {
                let out: Option<Vec<i128>> = coeffs
                    .iter()
                    .zip(o)
                    .map(|(&v, &w)| v.checked_mul(own)?.checked_add(w.checked_mul(theirs)?))
                    .collect();
                if let (Some(out), Some(d)) = (out, den.checked_mul(own)) {
                    *self = Row::Small {
                        coeffs: out,
                        den: d,
                    };
                    self.reduce();
                    return;
                }
            }
        }
        let (coeffs, den) = std::mem::replace(self, Row::unit(0, None)).into_big();
        let (o, od) = other.big_parts();
        let g = den.gcd(&od);
        let own = &od / &g;
        let theirs = &den / &g * int_to_big(factor);
        let out = coeffs
            .iter()
            .zip(&o)
            .map(|(v, w)| v * &own + w * &theirs)
            .collect();
        *self = Row::Big {
            coeffs: out,
            den: den * own,
        };
        self.reduce();
    }

    /// `self[j] += value` (an integer, scaled by the denominator).
    pub(super) fn add_integer(&mut self, j: usize, value: &Int) {
        if let (Row::Small { coeffs, den }, Some(v)) = (&mut *self, small(value)) {
            if let Some(sum) = v.checked_mul(*den).and_then(|s| s.checked_add(coeffs[j])) {
                coeffs[j] = sum;
                return;
            }
        }
        let (mut coeffs, den) = std::mem::replace(self, Row::unit(0, None)).into_big();
        coeffs[j] = &coeffs[j] + int_to_big(value) * &den;
        *self = Row::Big { coeffs, den };
        self.reduce();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rat(n: i64, d: i64) -> Rat {
        Rat::new(Int::from(n), Int::from(d)).expect("non-zero")
    }

    /// Rows pushed past 128 bits compute what they compute below it, and
    /// come back to 128 bits once reduced.
    #[test]
    fn big_rows_agree_with_small_rows() {
        let huge = Int::from_big(BigInt::from(1u8) << 120usize);
        let mut row = Row::from_ints(&[huge.clone(), Int::from(3), Int::from(5)]);
        let pivot = Row::from_ints(&[huge.clone(), Int::from(1), Int::from(7)]);
        row.substitute(0, &pivot, &mut Vec::new());
        assert!(matches!(row, Row::Big { .. }), "{row:?}");
        // (2^120·x + 3y + 5) with x := 2^120·s + y + 7.
        let expected = &(&huge * &huge) * &Int::from(1);
        assert_eq!(row.at(0).to_int(), expected);
        let mut small = Row::from_ints(&[Int::from(4), Int::from(6), Int::from(8)]);
        let half = Row::from_ints(&[Int::from(2), Int::from(0), Int::from(0)]);
        small.substitute(1, &half, &mut Vec::new());
        assert_eq!(small.value(), rat(8, 1));
        let mut back = Row::Big {
            coeffs: vec![BigInt::from(6) << 100usize, BigInt::from(3) << 100usize],
            den: BigInt::from(9) << 100usize,
        };
        back.reduce();
        assert!(matches!(back, Row::Small { .. }));
        assert_eq!(back.value(), rat(1, 3));
    }

    #[test]
    fn gcd_of_wide_values() {
        assert_eq!(binary_gcd(1 << 100, 3 << 90), 1 << 90);
        assert_eq!(binary_gcd(0, 7), 7);
        assert_eq!(binary_gcd(12, 18), 6);
    }
}

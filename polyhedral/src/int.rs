//! Exact integers with an `i64` fast path.
//!
//! [`Int`] is an enum: `Small(i64)` for every value that fits in 64 bits and
//! `Big(BigInt)` otherwise. Every operation on two small values uses the
//! checked `i64` operation and, only when that overflows, redoes the
//! operation in [`BigInt`]; results that fit in `i64` again are demoted, so
//! the representation is canonical (derived equality and hashing are
//! correct) and nothing ever wraps.
//!
//! Why a per-value enum rather than `i64` rows with a whole-system retry in
//! big integers: the algorithms of this crate (Fourier–Motzkin, the Omega
//! test, simplex pivots) grow a few coefficients much faster than the rest,
//! and a per-value fallback keeps the rest of the system on the fast path
//! without any retry logic that every algorithm would have to repeat. The
//! cost on the fast path is one branch on the tag per operation.
//!
//! ```
//! use tessera_polyhedral::Int;
//! let big = Int::from(i64::MAX) + Int::from(1);
//! assert!(big.to_i64().is_none());
//! assert_eq!(big - Int::from(1), Int::from(i64::MAX));
//! ```

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// An exact integer: `i64` when it fits, a big integer otherwise.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Int {
    /// A value that fits in `i64` (always used when it does).
    Small(i64),
    /// A value outside the `i64` range.
    Big(BigInt),
}

impl Int {
    /// Zero.
    pub const ZERO: Int = Int::Small(0);
    /// One.
    pub const ONE: Int = Int::Small(1);

    /// Builds an `Int` from a big integer, demoting it when it fits in `i64`.
    pub fn from_big(b: BigInt) -> Int {
        match b.to_i64() {
            Some(v) => Int::Small(v),
            None => Int::Big(b),
        }
    }

    /// The value as a big integer.
    pub fn to_big(&self) -> BigInt {
        match self {
            Int::Small(v) => BigInt::from(*v),
            Int::Big(b) => b.clone(),
        }
    }

    /// The value as `i64`, if it fits.
    pub fn to_i64(&self) -> Option<i64> {
        match self {
            Int::Small(v) => Some(*v),
            Int::Big(_) => None,
        }
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self, Int::Small(0))
    }

    /// Whether the value is one.
    pub fn is_one(&self) -> bool {
        matches!(self, Int::Small(1))
    }

    /// Whether the value is `1` or `-1`.
    pub fn is_unit(&self) -> bool {
        matches!(self, Int::Small(1) | Int::Small(-1))
    }

    /// `-1`, `0` or `1`.
    pub fn signum(&self) -> i32 {
        match self {
            Int::Small(v) => v.signum() as i32,
            Int::Big(b) => {
                if b.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// Whether the value is strictly positive.
    pub fn is_positive(&self) -> bool {
        self.signum() > 0
    }

    /// Whether the value is strictly negative.
    pub fn is_negative(&self) -> bool {
        self.signum() < 0
    }

    /// The absolute value.
    pub fn abs(&self) -> Int {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }

    /// The number of bits of the magnitude (0 for zero).
    ///
    /// ```
    /// use tessera_polyhedral::Int;
    /// assert_eq!(Int::from(-5).bits(), 3);
    /// assert_eq!((&Int::from(i64::MAX) * &Int::from(4)).bits(), 65);
    /// ```
    pub fn bits(&self) -> u64 {
        match self {
            Int::Small(v) => u64::from(64 - v.unsigned_abs().leading_zeros()),
            Int::Big(b) => b.bits(),
        }
    }

    /// The greatest common divisor (non-negative; `gcd(0, 0) = 0`).
    pub fn gcd(&self, other: &Int) -> Int {
        match (self, other) {
            (Int::Small(a), Int::Small(b)) => {
                let a = binary_gcd(a.unsigned_abs(), b.unsigned_abs());
                match i64::try_from(a) {
                    Ok(v) => Int::Small(v),
                    Err(_) => Int::from_big(BigInt::from(a)),
                }
            }
            _ => Int::from_big(self.to_big().gcd(&other.to_big())),
        }
    }

    /// `⌊self / d⌋`.
    ///
    /// # Panics
    ///
    /// When `d` is zero, like integer division.
    pub fn div_floor(&self, d: &Int) -> Int {
        match (self, d) {
            (Int::Small(a), Int::Small(b)) if *b != 0 => {
                match (a.checked_div_euclid(*b), a.checked_rem_euclid(*b)) {
                    (Some(q), Some(r)) => {
                        // Euclidean division rounds towards -inf only for b > 0.
                        if *b < 0 && r != 0 {
                            Int::Small(q - 1)
                        } else {
                            Int::Small(q)
                        }
                    }
                    _ => Int::from_big(self.to_big().div_floor(&d.to_big())),
                }
            }
            _ => Int::from_big(self.to_big().div_floor(&d.to_big())),
        }
    }

    /// `⌈self / d⌉`.
    ///
    /// # Panics
    ///
    /// When `d` is zero, like integer division.
    pub fn div_ceil(&self, d: &Int) -> Int {
        -(-self).div_floor(d)
    }

    /// `self mod d` with the sign of `d` (`self - d * ⌊self / d⌋`).
    ///
    /// # Panics
    ///
    /// When `d` is zero, like integer division.
    pub fn mod_floor(&self, d: &Int) -> Int {
        self - &(d * &self.div_floor(d))
    }

    /// Whether `d` divides `self` (zero divides only zero).
    pub fn is_multiple_of(&self, d: &Int) -> bool {
        if d.is_zero() {
            return self.is_zero();
        }
        self.mod_floor(d).is_zero()
    }

    /// The larger of two values.
    pub fn max_of(self, other: Int) -> Int {
        if other > self {
            other
        } else {
            self
        }
    }

    /// The smaller of two values.
    pub fn min_of(self, other: Int) -> Int {
        if other < self {
            other
        } else {
            self
        }
    }
}

/// Stein's binary gcd (no divisions); `gcd(0, b) = b`.
pub(crate) fn binary_gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Int {
        Int::Small(v)
    }
}

impl From<i32> for Int {
    fn from(v: i32) -> Int {
        Int::Small(i64::from(v))
    }
}

impl From<BigInt> for Int {
    fn from(b: BigInt) -> Int {
        Int::from_big(b)
    }
}

impl Default for Int {
    fn default() -> Int {
        Int::ZERO
    }
}

impl Ord for Int {
    fn cmp(&self, other: &Int) -> Ordering {
        match (self, other) {
            (Int::Small(a), Int::Small(b)) => a.cmp(b),
            _ => self.to_big().cmp(&other.to_big()),
        }
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int::Small(v) => write!(f, "{v}"),
            Int::Big(b) => write!(f, "{b}"),
        }
    }
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

macro_rules! binary_op {
    ($trait:ident, $method:ident, $checked:ident, $big:tt) => {
        impl $trait<&Int> for &Int {
            type Output = Int;
            fn $method(self, rhs: &Int) -> Int {
                if let (Int::Small(a), Int::Small(b)) = (self, rhs) {
                    if let Some(v) = a.$checked(*b) {
                        return Int::Small(v);
                    }
                }
                Int::from_big(self.to_big() $big rhs.to_big())
            }
        }
        impl $trait<Int> for Int {
            type Output = Int;
            fn $method(self, rhs: Int) -> Int {
                (&self).$method(&rhs)
            }
        }
        impl $trait<&Int> for Int {
            type Output = Int;
            fn $method(self, rhs: &Int) -> Int {
                (&self).$method(rhs)
            }
        }
        impl $trait<Int> for &Int {
            type Output = Int;
            fn $method(self, rhs: Int) -> Int {
                self.$method(&rhs)
            }
        }
    };
}

binary_op!(Add, add, checked_add, +);
binary_op!(Sub, sub, checked_sub, -);
binary_op!(Mul, mul, checked_mul, *);

impl Neg for &Int {
    type Output = Int;
    fn neg(self) -> Int {
        match self {
            Int::Small(v) => match v.checked_neg() {
                Some(n) => Int::Small(n),
                None => Int::from_big(-BigInt::from(*v)),
            },
            Int::Big(b) => Int::from_big(-b.clone()),
        }
    }
}

impl Neg for Int {
    type Output = Int;
    fn neg(self) -> Int {
        -&self
    }
}

impl AddAssign<&Int> for Int {
    fn add_assign(&mut self, rhs: &Int) {
        *self = &*self + rhs;
    }
}

impl SubAssign<&Int> for Int {
    fn sub_assign(&mut self, rhs: &Int) {
        *self = &*self - rhs;
    }
}

impl std::iter::Sum for Int {
    fn sum<I: Iterator<Item = Int>>(iter: I) -> Int {
        iter.fold(Int::ZERO, |a, b| a + b)
    }
}

/// The dot product of a coefficient row (without its constant) with a point.
pub(crate) fn dot(coeffs: &[Int], point: &[Int]) -> Int {
    coeffs
        .iter()
        .zip(point)
        .filter(|(c, _)| !c.is_zero())
        .map(|(c, p)| c * p)
        .sum()
}

/// Converts a slice of `i64` into a vector of [`Int`].
pub fn ints(values: &[i64]) -> Vec<Int> {
    values.iter().map(|&v| Int::Small(v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_falls_back_and_demotes() {
        let m = Int::from(i64::MAX);
        let s = &m + &Int::ONE;
        assert!(matches!(s, Int::Big(_)));
        assert_eq!(&s - &Int::ONE, m);
        let p = &m * &m;
        assert_eq!(p.div_floor(&m), m);
        let n = Int::from(i64::MIN);
        assert_eq!((-&n).to_big(), -BigInt::from(i64::MIN));
        assert_eq!(n.abs().to_big(), BigInt::from(i64::MIN).abs());
        assert_eq!(n.gcd(&Int::ZERO).to_big(), BigInt::from(i64::MIN).abs());
    }

    #[test]
    fn floor_and_ceil_division() {
        for a in -20i64..=20 {
            for b in [-7i64, -3, -1, 1, 2, 5] {
                let f = Int::from(a).div_floor(&Int::from(b));
                let c = Int::from(a).div_ceil(&Int::from(b));
                let exact = a as f64 / b as f64;
                assert_eq!(f, Int::from(exact.floor() as i64), "{a} / {b}");
                assert_eq!(c, Int::from(exact.ceil() as i64), "{a} / {b}");
                let m = Int::from(a).mod_floor(&Int::from(b));
                assert_eq!(m, Int::from(a - b * (exact.floor() as i64)));
            }
        }
        let min = Int::from(i64::MIN);
        assert_eq!(
            min.div_floor(&Int::from(-1)).to_big(),
            -BigInt::from(i64::MIN)
        );
    }
}

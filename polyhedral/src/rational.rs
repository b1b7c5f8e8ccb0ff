//! Exact rationals over [`Int`], used by the simplex tableau.
//!
//! A [`Rat`] is kept reduced with a positive denominator, so equality is
//! structural.

use crate::int::Int;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// An exact rational number `num / den`, reduced, `den > 0`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rat {
    num: Int,
    den: Int,
}

impl Rat {
    /// Zero.
    pub const ZERO: Rat = Rat {
        num: Int::ZERO,
        den: Int::ONE,
    };

    /// The rational `num / den`, or `None` when `den` is zero.
    ///
    /// ```
    /// use tessera_polyhedral::{Int, Rat};
    /// let half = Rat::new(Int::from(2), Int::from(-4)).expect("non-zero");
    /// assert_eq!(format!("{half:?}"), "-1/2");
    /// assert!(Rat::new(Int::from(1), Int::from(0)).is_none());
    /// ```
    pub fn new(num: Int, den: Int) -> Option<Rat> {
        if den.is_zero() {
            None
        } else {
            Some(Rat::reduced(num, den))
        }
    }

    /// The reduced rational `num / den` for a non-zero `den`.
    fn reduced(num: Int, den: Int) -> Rat {
        if let (Int::Small(n), Int::Small(d)) = (&num, &den) {
            return Rat::from_i128(i128::from(*n), i128::from(*d));
        }
        let g = num.gcd(&den);
        let (mut n, mut d) = if g.is_zero() || g.is_one() {
            (num, den)
        } else {
            (num.div_floor(&g), den.div_floor(&g))
        };
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        if n.is_zero() {
            d = Int::ONE;
        }
        Rat { num: n, den: d }
    }

    /// The reduced rational `n / d` computed on the `i128` fast path
    /// (`d` non-zero); falls back to [`Int`] when a part exceeds `i64`.
    fn from_i128(n: i128, d: i128) -> Rat {
        if n == 0 {
            return Rat::ZERO;
        }
        if d == 1 {
            if let Ok(small) = i64::try_from(n) {
                return Rat::from(Int::Small(small));
            }
        }
        if let (Ok(n64), Ok(d64)) = (i64::try_from(n), i64::try_from(d)) {
            // Both parts fit in 64 bits: reduce with 64-bit operations.
            let g = crate::int::binary_gcd(n64.unsigned_abs(), d64.unsigned_abs());
            if let Ok(g) = i64::try_from(g) {
                let (n64, d64) = (n64 / g, d64 / g);
                if d64 > 0 {
                    return Rat {
                        num: Int::Small(n64),
                        den: Int::Small(d64),
                    };
                }
                if let (Some(nn), Some(nd)) = (n64.checked_neg(), d64.checked_neg()) {
                    return Rat {
                        num: Int::Small(nn),
                        den: Int::Small(nd),
                    };
                }
            }
        }
        let g = binary_gcd(n.unsigned_abs(), d.unsigned_abs());
        // g divides both, and is at least 1; a quotient by g of a value
        // that is not i128::MIN fits (callers never pass i128::MIN).
        let g = g as i128;
        let (mut n, mut d) = (n / g, d / g);
        if d < 0 {
            n = -n;
            d = -d;
        }
        let to_int = |v: i128| match i64::try_from(v) {
            Ok(small) => Int::Small(small),
            Err(_) => Int::from_big(num_bigint::BigInt::from(v)),
        };
        Rat {
            num: to_int(n),
            den: to_int(d),
        }
    }

    fn small_parts(&self) -> Option<(i128, i128)> {
        match (&self.num, &self.den) {
            (Int::Small(n), Int::Small(d)) => Some((i128::from(*n), i128::from(*d))),
            _ => None,
        }
    }

    /// The numerator (sign carrier).
    pub fn numer(&self) -> &Int {
        &self.num
    }

    /// The denominator (positive).
    pub fn denom(&self) -> &Int {
        &self.den
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// Whether the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.den.is_one()
    }

    /// `-1`, `0` or `1`.
    pub fn signum(&self) -> i32 {
        self.num.signum()
    }

    /// `⌊self⌋`.
    pub fn floor(&self) -> Int {
        self.num.div_floor(&self.den)
    }

    /// `⌈self⌉`.
    pub fn ceil(&self) -> Int {
        self.num.div_ceil(&self.den)
    }
}

/// The gcd of two `u128`: Euclid's steps until both fit in 64 bits, then
/// the binary gcd on `u64`.
pub(crate) fn binary_gcd(mut a: u128, mut b: u128) -> u128 {
    while a > u128::from(u64::MAX) || b > u128::from(u64::MAX) {
        if b == 0 {
            return a;
        }
        let t = a % b;
        a = b;
        b = t;
    }
    u128::from(crate::int::binary_gcd(a as u64, b as u64))
}

impl From<Int> for Rat {
    fn from(v: Int) -> Rat {
        Rat {
            num: v,
            den: Int::ONE,
        }
    }
}

impl From<&Int> for Rat {
    fn from(v: &Int) -> Rat {
        Rat::from(v.clone())
    }
}

impl Ord for Rat {
    fn cmp(&self, other: &Rat) -> Ordering {
        if let (Some((a, b)), Some((c, d))) = (self.small_parts(), other.small_parts()) {
            return (a * d).cmp(&(c * b));
        }
        (&self.num * &other.den).cmp(&(&other.num * &self.den))
    }
}

impl PartialOrd for Rat {
    fn partial_cmp(&self, other: &Rat) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `7/2`, or `3` for an integer.
impl fmt::Display for Rat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den.is_one() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl fmt::Debug for Rat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Add<&Rat> for &Rat {
    type Output = Rat;
    fn add(self, rhs: &Rat) -> Rat {
        if let (Some((a, b)), Some((c, d))) = (self.small_parts(), rhs.small_parts()) {
            return if b == d {
                Rat::from_i128(a + c, b)
            } else {
                Rat::from_i128(a * d + c * b, b * d)
            };
        }
        if self.den == rhs.den {
            return Rat::reduced(&self.num + &rhs.num, self.den.clone());
        }
        Rat::reduced(
            &(&self.num * &rhs.den) + &(&rhs.num * &self.den),
            &self.den * &rhs.den,
        )
    }
}

impl Sub<&Rat> for &Rat {
    type Output = Rat;
    fn sub(self, rhs: &Rat) -> Rat {
        self + &(-rhs)
    }
}

impl Mul<&Rat> for &Rat {
    type Output = Rat;
    fn mul(self, rhs: &Rat) -> Rat {
        if self.is_zero() || rhs.is_zero() {
            return Rat::ZERO;
        }
        if let (Some((a, b)), Some((c, d))) = (self.small_parts(), rhs.small_parts()) {
            return Rat::from_i128(a * c, b * d);
        }
        Rat::reduced(&self.num * &rhs.num, &self.den * &rhs.den)
    }
}

impl Div<&Rat> for &Rat {
    type Output = Rat;
    /// Division.
    ///
    /// # Panics
    ///
    /// When `rhs` is zero, like integer division.
    fn div(self, rhs: &Rat) -> Rat {
        assert!(!rhs.is_zero(), "rational division by zero");
        if let (Some((a, b)), Some((c, d))) = (self.small_parts(), rhs.small_parts()) {
            return Rat::from_i128(a * d, b * c);
        }
        Rat::reduced(&self.num * &rhs.den, &self.den * &rhs.num)
    }
}

impl Neg for &Rat {
    type Output = Rat;
    fn neg(self) -> Rat {
        Rat {
            num: -&self.num,
            den: self.den.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_reduced_and_exact() {
        let a = Rat::reduced(Int::from(6), Int::from(-4));
        assert_eq!(a, Rat::reduced(Int::from(-3), Int::from(2)));
        assert_eq!(a.floor(), Int::from(-2));
        assert_eq!(a.ceil(), Int::from(-1));
        let b = Rat::reduced(Int::from(1), Int::from(3));
        assert_eq!(&(&a + &b) - &b, a);
        assert_eq!(&(&a * &b) / &b, a);
        assert!(a < b);
    }

    #[test]
    fn wide_fast_path_agrees_with_big_integers() {
        use num_bigint::BigInt;
        use num_integer::Integer;
        let m = i64::MAX;
        let parts = [(m - 1, 3), (m, 7), (-m, m - 2), (6, 4), (i64::MIN, 9)];
        for &(a, b) in &parts {
            for &(c, d) in &parts {
                let x = Rat::reduced(Int::from(a), Int::from(b));
                let y = Rat::reduced(Int::from(c), Int::from(d));
                let sum = &x + &y;
                // a/b + c/d == (a*d + c*b) / (b*d), cross-multiplied in BigInt.
                let (bn, bd) = (sum.numer().to_big(), sum.denom().to_big());
                let want_n = BigInt::from(a) * d + BigInt::from(c) * b;
                let want_d = BigInt::from(b) * d;
                assert_eq!(&bn * &want_d, &want_n * &bd, "{a}/{b} + {c}/{d}");
                assert_eq!(bn.gcd(&bd), BigInt::from(1));
                let prod = &x * &y;
                let (pn, pd) = (prod.numer().to_big(), prod.denom().to_big());
                assert_eq!(
                    &pn * BigInt::from(b) * d,
                    BigInt::from(a) * c * &pd,
                    "{a}/{b} * {c}/{d}"
                );
            }
        }
    }
}

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

    /// The rational `num / den`; `den` must be non-zero (callers in this
    /// crate guarantee it).
    pub fn new(num: Int, den: Int) -> Rat {
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

/// Stein's binary gcd (no divisions); `gcd(0, b) = b`.
fn binary_gcd(mut a: u128, mut b: u128) -> u128 {
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

impl fmt::Debug for Rat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den.is_one() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
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
            return Rat::new(&self.num + &rhs.num, self.den.clone());
        }
        Rat::new(
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
        Rat::new(&self.num * &rhs.num, &self.den * &rhs.den)
    }
}

impl Div<&Rat> for &Rat {
    type Output = Rat;
    /// Division; `rhs` must be non-zero (callers in this crate guarantee it).
    fn div(self, rhs: &Rat) -> Rat {
        if let (Some((a, b)), Some((c, d))) = (self.small_parts(), rhs.small_parts()) {
            return Rat::from_i128(a * d, b * c);
        }
        Rat::new(&self.num * &rhs.den, &self.den * &rhs.num)
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
        let a = Rat::new(Int::from(6), Int::from(-4));
        assert_eq!(a, Rat::new(Int::from(-3), Int::from(2)));
        assert_eq!(a.floor(), Int::from(-2));
        assert_eq!(a.ceil(), Int::from(-1));
        let b = Rat::new(Int::from(1), Int::from(3));
        assert_eq!(&(&a + &b) - &b, a);
        assert_eq!(&(&a * &b) / &b, a);
        assert!(a < b);
    }
}

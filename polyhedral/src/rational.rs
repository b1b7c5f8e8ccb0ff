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
        Rat::new(&self.num * &rhs.num, &self.den * &rhs.den)
    }
}

impl Div<&Rat> for &Rat {
    type Output = Rat;
    /// Division; `rhs` must be non-zero (callers in this crate guarantee it).
    fn div(self, rhs: &Rat) -> Rat {
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

//! Integer division and remainder with the rounding MLIR's affine dialect
//! uses: `floordiv` rounds toward −∞, `ceildiv` toward +∞, and `mod` is
//! always non-negative for a positive divisor.
//!
//! Every function is checked: it returns `None` instead of overflowing or
//! dividing by zero, so callers can decide what an undefined result means.

/// `⌊a / b⌋`, or `None` when `b == 0` or the quotient overflows.
///
/// ```
/// use tessera_affine::int_math::floor_div;
/// assert_eq!(floor_div(-7, 2), Some(-4));
/// assert_eq!(floor_div(7, -2), Some(-4));
/// assert_eq!(floor_div(1, 0), None);
/// ```
pub fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// `⌈a / b⌉`, or `None` when `b == 0` or the quotient overflows.
///
/// ```
/// use tessera_affine::int_math::ceil_div;
/// assert_eq!(ceil_div(-7, 2), Some(-3));
/// assert_eq!(ceil_div(7, 2), Some(4));
/// ```
pub fn ceil_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) == (b < 0)) {
        q.checked_add(1)
    } else {
        Some(q)
    }
}

/// `a mod b` for a positive `b`: the remainder in `[0, b)`. `None` when
/// `b <= 0`, where MLIR leaves `mod` undefined.
///
/// ```
/// use tessera_affine::int_math::modulo;
/// assert_eq!(modulo(-7, 4), Some(1));
/// assert_eq!(modulo(7, 4), Some(3));
/// assert_eq!(modulo(7, -4), None);
/// ```
pub fn modulo(a: i64, b: i64) -> Option<i64> {
    if b <= 0 {
        return None;
    }
    let r = a.checked_rem(b)?;
    Some(if r < 0 { r + b } else { r })
}

/// Greatest common divisor of the absolute values (`gcd(0, 0) == 0`).
pub fn gcd(a: u64, b: u64) -> u64 {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_matches_the_mathematical_definitions() {
        for a in -20i64..=20 {
            for b in -6i64..=6 {
                if b == 0 {
                    assert_eq!(floor_div(a, b), None);
                    continue;
                }
                let exact = a as f64 / b as f64;
                assert_eq!(
                    floor_div(a, b),
                    Some(exact.floor() as i64),
                    "{a} floordiv {b}"
                );
                assert_eq!(ceil_div(a, b), Some(exact.ceil() as i64), "{a} ceildiv {b}");
                if b > 0 {
                    let m = modulo(a, b).unwrap();
                    assert!((0..b).contains(&m));
                    assert_eq!(a, b * floor_div(a, b).unwrap() + m);
                }
            }
        }
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        assert_eq!(floor_div(i64::MIN, -1), None);
        assert_eq!(ceil_div(i64::MIN, -1), None);
        assert_eq!(modulo(i64::MIN, 1), Some(0));
        assert_eq!(floor_div(i64::MIN, 2), Some(i64::MIN / 2));
    }
}

//! Polynomials in the symbols with exact rational coefficients: the value
//! of a point count on one piece of the symbol space.

use std::collections::BTreeMap;
use std::fmt;

use crate::int::Int;
use crate::rational::Rat;

/// A polynomial in `num_vars` variables with rational coefficients, kept
/// as a map from exponent vectors to non-zero coefficients.
///
/// ```
/// use tessera_polyhedral::count::Polynomial;
/// use tessera_polyhedral::{Int, Rat};
/// // (s0 + 1) * s0 / 2
/// let s0 = Polynomial::variable(1, 0);
/// let one = Polynomial::constant(1, Rat::from(Int::ONE));
/// let half = Rat::new(Int::ONE, Int::from(2)).unwrap();
/// let p = s0.add(&one).mul(&s0).scale(&half);
/// assert_eq!(p.to_string(), "1/2 * s0^2 + 1/2 * s0");
/// assert_eq!(p.evaluate(&[Int::from(4)]), Rat::from(Int::from(10)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Polynomial {
    num_vars: usize,
    terms: BTreeMap<Vec<u32>, Rat>,
}

impl Polynomial {
    /// The zero polynomial.
    pub fn zero(num_vars: usize) -> Polynomial {
        Polynomial {
            num_vars,
            terms: BTreeMap::new(),
        }
    }

    /// The constant `value`.
    pub fn constant(num_vars: usize, value: Rat) -> Polynomial {
        Polynomial::zero(num_vars).with_term(vec![0; num_vars], value)
    }

    /// The variable `s_var`.
    pub fn variable(num_vars: usize, var: usize) -> Polynomial {
        let mut exponents = vec![0; num_vars];
        exponents[var] = 1;
        Polynomial::zero(num_vars).with_term(exponents, Rat::from(Int::ONE))
    }

    /// The polynomial `Σ coefficient · monomial`, one coefficient per
    /// exponent vector.
    pub(crate) fn from_terms(
        num_vars: usize,
        monomials: &[Vec<u32>],
        coefficients: &[Rat],
    ) -> Polynomial {
        let mut p = Polynomial::zero(num_vars);
        for (m, c) in monomials.iter().zip(coefficients) {
            p = p.with_term(m.clone(), c.clone());
        }
        p
    }

    fn with_term(mut self, exponents: Vec<u32>, value: Rat) -> Polynomial {
        let sum = match self.terms.remove(&exponents) {
            Some(old) => &old + &value,
            None => value,
        };
        if !sum.is_zero() {
            self.terms.insert(exponents, sum);
        }
        self
    }

    /// The number of variables.
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// The terms, as (exponent per variable, non-zero coefficient).
    pub fn terms(&self) -> impl Iterator<Item = (&[u32], &Rat)> {
        self.terms.iter().map(|(e, c)| (e.as_slice(), c))
    }

    /// Whether every coefficient is zero.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The total degree (0 for constants and for zero).
    pub fn degree(&self) -> u32 {
        self.terms.keys().map(|e| e.iter().sum()).max().unwrap_or(0)
    }

    /// The sum `self + other`.
    pub fn add(&self, other: &Polynomial) -> Polynomial {
        let mut out = self.clone();
        for (e, c) in &other.terms {
            out = out.with_term(e.clone(), c.clone());
        }
        out
    }

    /// The product `self · other`.
    pub fn mul(&self, other: &Polynomial) -> Polynomial {
        let mut out = Polynomial::zero(self.num_vars);
        for (ea, ca) in &self.terms {
            for (eb, cb) in &other.terms {
                let e = ea.iter().zip(eb).map(|(a, b)| a + b).collect();
                out = out.with_term(e, ca * cb);
            }
        }
        out
    }

    /// The product with the constant `factor`.
    pub fn scale(&self, factor: &Rat) -> Polynomial {
        let mut out = Polynomial::zero(self.num_vars);
        for (e, c) in &self.terms {
            out = out.with_term(e.clone(), c * factor);
        }
        out
    }

    /// The polynomial with `s_i` replaced by `substitute[i]`.
    pub(crate) fn compose(&self, substitute: &[Polynomial]) -> Polynomial {
        let n = substitute.first().map_or(0, |p| p.num_vars);
        let mut out = Polynomial::zero(n);
        for (e, c) in &self.terms {
            let mut term = Polynomial::constant(n, c.clone());
            for (var, &power) in e.iter().enumerate() {
                for _ in 0..power {
                    term = term.mul(&substitute[var]);
                }
            }
            out = out.add(&term);
        }
        out
    }

    /// The value at `point` (one value per variable).
    pub fn evaluate(&self, point: &[Int]) -> Rat {
        let mut sum = Rat::ZERO;
        for (e, c) in &self.terms {
            let mut term = c.clone();
            for (v, &power) in point.iter().zip(e) {
                for _ in 0..power {
                    term = &term * &Rat::from(v);
                }
            }
            sum = &sum + &term;
        }
        sum
    }

    /// Writes the polynomial with the given variable names, terms by
    /// decreasing degree.
    pub fn write_with(&self, f: &mut dyn fmt::Write, names: &[String]) -> fmt::Result {
        if self.terms.is_empty() {
            return write!(f, "0");
        }
        let mut order: Vec<(&Vec<u32>, &Rat)> = self.terms.iter().collect();
        order.sort_by(|(a, _), (b, _)| {
            let (da, db): (u32, u32) = (a.iter().sum(), b.iter().sum());
            db.cmp(&da).then_with(|| b.cmp(a))
        });
        for (i, (e, c)) in order.into_iter().enumerate() {
            let negative = c.signum() < 0;
            let magnitude = if negative { -c } else { c.clone() };
            match (i, negative) {
                (0, true) => write!(f, "-")?,
                (0, false) => {}
                (_, true) => write!(f, " - ")?,
                (_, false) => write!(f, " + ")?,
            }
            let factors: Vec<String> = e
                .iter()
                .enumerate()
                .filter(|(_, &p)| p > 0)
                .map(|(v, &p)| match p {
                    1 => names[v].clone(),
                    _ => format!("{}^{p}", names[v]),
                })
                .collect();
            let unit = magnitude == Rat::from(Int::ONE);
            match (factors.is_empty(), unit) {
                (true, _) => write!(f, "{magnitude}")?,
                (false, true) => write!(f, "{}", factors.join(" * "))?,
                (false, false) => write!(f, "{magnitude} * {}", factors.join(" * "))?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for Polynomial {
    /// Writes the polynomial over `s0, s1, ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = (0..self.num_vars).map(|i| format!("s{i}")).collect();
        self.write_with(f, &names)
    }
}

/// The exponent vectors of all monomials in `num_vars` variables of total
/// degree at most `degree`, by increasing degree.
pub(crate) fn monomials(num_vars: usize, degree: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for d in 0..=degree {
        let mut current = vec![0u32; num_vars];
        push_of_degree(&mut out, &mut current, 0, d);
    }
    out
}

fn push_of_degree(out: &mut Vec<Vec<u32>>, current: &mut Vec<u32>, var: usize, left: u32) {
    if var + 1 >= current.len() {
        if let Some(last) = current.last_mut() {
            *last = left;
            out.push(current.clone());
        } else if left == 0 {
            out.push(Vec::new());
        }
        return;
    }
    for p in (0..=left).rev() {
        current[var] = p;
        push_of_degree(out, current, var + 1, left - p);
    }
    current[var] = 0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monomials_are_counted_by_the_binomial() {
        assert_eq!(monomials(2, 2).len(), 6);
        assert_eq!(monomials(3, 3).len(), 20);
        assert_eq!(monomials(0, 3), vec![Vec::<u32>::new()]);
    }

    #[test]
    fn composition_substitutes() {
        // p(s0) = s0^2 at s0 = (t0 - 1): t0^2 - 2 t0 + 1.
        let s0 = Polynomial::variable(1, 0);
        let p = s0.mul(&s0);
        let shifted = s0.add(&Polynomial::constant(1, Rat::from(Int::from(-1))));
        let q = p.compose(&[shifted]);
        assert_eq!(q.to_string(), "s0^2 - 2 * s0 + 1");
    }
}

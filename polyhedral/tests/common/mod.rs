//! Random small systems and brute-force enumeration shared by the property
//! tests.
#![allow(dead_code)]

pub mod scan;

use quickcheck::{Arbitrary, Gen};
use tessera_polyhedral::{Int, IntegerRelation, Space};

/// A linear congruential generator: deterministic random sets for the
/// tests that write them as text.
pub struct Lcg(pub u64);

impl Lcg {
    /// A value in `[0, n)`.
    pub fn below(&mut self, n: u64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n) as i64
    }
}

/// The enumeration box: every coordinate in `[-BOX, BOX]`.
pub const BOX: i64 = 6;

/// A random system over `dims + syms` columns with small coefficients.
#[derive(Clone, Debug)]
pub struct Sys {
    pub dims: usize,
    pub syms: usize,
    pub eqs: Vec<Vec<i64>>,
    pub ineqs: Vec<Vec<i64>>,
}

pub fn small(g: &mut Gen, bound: i64) -> i64 {
    i64::arbitrary(g).rem_euclid(2 * bound + 1) - bound
}

pub fn random_row(g: &mut Gen, n: usize) -> Vec<i64> {
    let mut row: Vec<i64> = (0..n).map(|_| small(g, 4)).collect();
    row.push(small(g, 10));
    row
}

impl Sys {
    pub fn n(&self) -> usize {
        self.dims + self.syms
    }

    pub fn random(g: &mut Gen, max_vars: usize) -> Sys {
        let n = 1 + usize::arbitrary(g) % max_vars;
        let syms = (usize::arbitrary(g) % 3).min(n - 1);
        let num_eqs = if usize::arbitrary(g) % 3 == 0 {
            1 + usize::arbitrary(g) % 2
        } else {
            0
        };
        let num_ineqs = usize::arbitrary(g) % 6;
        Sys {
            dims: n - syms,
            syms,
            eqs: (0..num_eqs).map(|_| random_row(g, n)).collect(),
            ineqs: (0..num_ineqs).map(|_| random_row(g, n)).collect(),
        }
    }

    /// The system as a relation, optionally boxed into `[-BOX, BOX]^n`.
    pub fn relation(&self, boxed: bool) -> IntegerRelation {
        self.relation_in_box(if boxed { Some(BOX) } else { None })
    }

    /// The system as a relation, boxed into `[-b, b]^n` when `b` is given.
    pub fn relation_in_box(&self, bound: Option<i64>) -> IntegerRelation {
        let mut r = IntegerRelation::new(Space::set(self.dims, self.syms));
        for e in &self.eqs {
            r.add_equality(e).unwrap();
        }
        for i in &self.ineqs {
            r.add_inequality(i).unwrap();
        }
        if let Some(b) = bound {
            for c in 0..self.n() {
                r.add_bounds(c, Some(-b), Some(b)).unwrap();
            }
        }
        r
    }

    /// Whether a point satisfies the raw rows (no box).
    pub fn holds(&self, p: &[i64]) -> bool {
        let v = |row: &Vec<i64>| {
            row[..p.len()]
                .iter()
                .zip(p)
                .map(|(a, x)| a * x)
                .sum::<i64>()
                + row[p.len()]
        };
        self.eqs.iter().all(|r| v(r) == 0) && self.ineqs.iter().all(|r| v(r) >= 0)
    }

    /// All points of the boxed system in lexicographic order.
    pub fn points(&self) -> Vec<Vec<i64>> {
        let mut out = Vec::new();
        for_each_point(self.n(), BOX, |p| {
            if self.holds(p) {
                out.push(p.to_vec());
            }
        });
        out
    }
}

/// Calls `f` on every point of `[-b, b]^n` in lexicographic order.
pub fn for_each_point(n: usize, b: i64, mut f: impl FnMut(&[i64])) {
    let mut p = vec![-b; n];
    loop {
        f(&p);
        let mut k = n;
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            if p[k] < b {
                p[k] += 1;
                break;
            }
            p[k] = -b;
        }
    }
}

impl Arbitrary for Sys {
    fn arbitrary(g: &mut Gen) -> Sys {
        Sys::random(g, 4)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Sys>> {
        let mut out = Vec::new();
        for i in 0..self.eqs.len() {
            let mut s = self.clone();
            s.eqs.remove(i);
            out.push(s);
        }
        for i in 0..self.ineqs.len() {
            let mut s = self.clone();
            s.ineqs.remove(i);
            out.push(s);
        }
        Box::new(out.into_iter())
    }
}

/// Every point of `[-BOX, BOX]^n` in lexicographic order.
pub fn box_points(n: usize) -> Vec<Vec<i64>> {
    points_in_box(n, BOX)
}

/// Every point of `[-b, b]^n` in lexicographic order.
pub fn points_in_box(n: usize, b: i64) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    for_each_point(n, b, |p| out.push(p.to_vec()));
    out
}

pub fn to_ints(p: &[i64]) -> Vec<Int> {
    p.iter().map(|&v| Int::from(v)).collect()
}

pub fn to_i64(p: &[Int]) -> Vec<i64> {
    p.iter().map(|v| v.to_i64().expect("small")).collect()
}

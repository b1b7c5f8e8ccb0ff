//! Rational cones with integer generators, for Barvinok's algorithm: the
//! triangulation of a pointed cone into simplicial ones, and Barvinok's
//! signed decomposition of a simplicial cone into unimodular ones.
//!
//! Both identities hold up to cones of lower dimension. They are used on
//! the *dual* of a vertex cone: a lower-dimensional dual cone is the dual
//! of a cone that contains a line, whose generating function of lattice
//! points is zero, so what is dropped does not count.

use crate::count::chambers::next_combination;
use crate::count::echelon::reduce;
use crate::count::enumerate::{Work, SIMPLEX_WORK};
use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;

/// A cone given by integer generators, one vector each.
pub(crate) type Rays = Vec<Vec<Int>>;

/// One cone of a signed decomposition: `sign · [cone(rays)]`.
pub(crate) struct SignedCone {
    pub(crate) sign: i64,
    pub(crate) rays: Rays,
}

/// The most unimodular cones one simplicial cone may decompose into;
/// beyond, the caller counts another way.
const MAX_CONES: usize = 4096;

/// The generator made primitive (its entries divided by their gcd).
pub(crate) fn primitive(v: &[Int]) -> Vec<Int> {
    let g = v.iter().fold(Int::ZERO, |acc, x| acc.gcd(x));
    if g.is_zero() || g.is_one() {
        return v.to_vec();
    }
    v.iter().map(|x| x.div_floor(&g)).collect()
}

/// Whether `cone(gens)` contains no line: no non-zero combination with
/// non-negative weights adds up to zero (a rational program).
pub(crate) fn is_pointed(gens: &[Vec<Int>]) -> bool {
    let (m, n) = (gens.len(), gens.first().map_or(0, Vec::len));
    let mut rel = IntegerRelation::new_set(m, 0);
    for i in 0..n {
        let mut row: Vec<Int> = gens.iter().map(|g| g[i].clone()).collect();
        row.push(Int::ZERO);
        rel.eqs.push(row);
    }
    let mut total = vec![Int::ONE; m];
    total.push(Int::from(-1));
    rel.eqs.push(total);
    for j in 0..m {
        let mut row = vec![Int::ZERO; m + 1];
        row[j] = Int::ONE;
        rel.ineqs.push(row);
    }
    rel.is_rationally_empty()
}

/// Simplicial cones, as index sets into `gens`, that cover the pointed
/// cone `cone(gens)` and meet in lower-dimensional faces only: a pulling
/// triangulation (the first generator coned over the triangulated facets
/// that do not contain it, recursively).
pub(crate) fn triangulate(
    gens: &[Vec<Int>],
    work: &mut Work,
) -> Result<Vec<Vec<usize>>, PolyError> {
    let all: Vec<usize> = (0..gens.len()).collect();
    let k = orthogonal_basis(gens, &all).len();
    let mut out = Vec::new();
    pull(gens, all, k, work, &mut out)?;
    Ok(out)
}

/// Triangulates `cone(gens[members])`, of dimension `k`, into `out`. The
/// recursion is one level per dimension.
fn pull(
    gens: &[Vec<Int>],
    members: Vec<usize>,
    k: usize,
    work: &mut Work,
    out: &mut Vec<Vec<usize>>,
) -> Result<(), PolyError> {
    work.spend(SIMPLEX_WORK)?;
    if members.len() <= k {
        out.push(members);
        return Ok(());
    }
    let apex = members[0];
    for facet in facets(gens, &members, k, work)? {
        if facet.contains(&apex) {
            continue;
        }
        let mut below = Vec::new();
        pull(gens, facet, k - 1, work, &mut below)?;
        for mut simplex in below {
            simplex.push(apex);
            out.push(simplex);
        }
    }
    Ok(())
}

/// The facets of `cone(gens[members])` (dimension `k`), each as the
/// members it contains: the sets of members on a hyperplane through `k −
/// 1` independent members with every member on one side.
fn facets(
    gens: &[Vec<Int>],
    members: &[usize],
    k: usize,
    work: &mut Work,
) -> Result<Vec<Vec<usize>>, PolyError> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut choice: Vec<usize> = (0..k - 1).collect();
    loop {
        work.spend(SIMPLEX_WORK)?;
        let subset: Vec<usize> = choice.iter().map(|&i| members[i]).collect();
        let basis = orthogonal_basis(gens, &subset);
        if basis.len() == k - 1 {
            if let Some(normal) = members
                .iter()
                .map(|&m| residual(&basis, &to_rat(&gens[m])))
                .find(|r| r.iter().any(|v| !v.is_zero()))
            {
                let sides: Vec<i32> = members
                    .iter()
                    .map(|&m| dot_rat(&normal, &to_rat(&gens[m])).signum())
                    .collect();
                if sides.iter().all(|&s| s >= 0) || sides.iter().all(|&s| s <= 0) {
                    let on: Vec<usize> = members
                        .iter()
                        .zip(&sides)
                        .filter(|(_, &s)| s == 0)
                        .map(|(&m, _)| m)
                        .collect();
                    if !out.contains(&on) {
                        out.push(on);
                    }
                }
            }
        }
        if !next_combination(&mut choice, members.len()) {
            return Ok(out);
        }
    }
}

fn to_rat(v: &[Int]) -> Vec<Rat> {
    v.iter().map(Rat::from).collect()
}

fn dot_rat(a: &[Rat], b: &[Rat]) -> Rat {
    a.iter()
        .zip(b)
        .fold(Rat::ZERO, |acc, (x, y)| &acc + &(x * y))
}

/// `v` minus its projection on the span of the orthogonal `basis`.
fn residual(basis: &[Vec<Rat>], v: &[Rat]) -> Vec<Rat> {
    let mut r = v.to_vec();
    for b in basis {
        let f = &dot_rat(&r, b) / &dot_rat(b, b);
        for (x, y) in r.iter_mut().zip(b) {
            *x = &*x - &(&f * y);
        }
    }
    r
}

/// An orthogonal basis (Gram–Schmidt) of the span of `gens[members]`.
fn orthogonal_basis(gens: &[Vec<Int>], members: &[usize]) -> Vec<Vec<Rat>> {
    let mut basis: Vec<Vec<Rat>> = Vec::new();
    for &m in members {
        let r = residual(&basis, &to_rat(&gens[m]));
        if r.iter().any(|v| !v.is_zero()) {
            basis.push(r);
        }
    }
    basis
}

/// The determinant of the square integer matrix whose columns are `rays`
/// (Bareiss's fraction-free elimination).
pub(crate) fn determinant(rays: &[Vec<Int>]) -> Int {
    let n = rays.len();
    if n == 0 {
        return Int::ONE;
    }
    let mut m: Vec<Vec<Int>> = (0..n)
        .map(|i| rays.iter().map(|r| r[i].clone()).collect())
        .collect();
    let mut sign = Int::ONE;
    let mut prev = Int::ONE;
    for k in 0..n {
        let Some(p) = (k..n).find(|&r| !m[r][k].is_zero()) else {
            return Int::ZERO;
        };
        if p != k {
            m.swap(p, k);
            sign = -sign;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let v = &(&m[i][j] * &m[k][k]) - &(&m[i][k] * &m[k][j]);
                m[i][j] = v.div_floor(&prev);
            }
        }
        prev = m[k][k].clone();
    }
    &sign * &m[n - 1][n - 1]
}

/// The inverse of the square matrix with rows `rows`; `None` when it is
/// singular.
pub(crate) fn inverse(rows: &[Vec<Rat>]) -> Option<Vec<Vec<Rat>>> {
    let n = rows.len();
    let one = Rat::from(Int::ONE);
    let mut m: Vec<Vec<Rat>> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut row = r.clone();
            row.extend((0..n).map(|j| if i == j { one.clone() } else { Rat::ZERO }));
            row
        })
        .collect();
    if reduce(&mut m, n).len() < n {
        return None;
    }
    Some(m.into_iter().map(|row| row[n..].to_vec()).collect())
}

/// Barvinok's signed decomposition of the simplicial cone `cone(rays)`
/// (`n` independent integer generators of length `n`) into unimodular
/// cones, up to lower-dimensional cones; `None` when it would take more
/// than [`MAX_CONES`] cones.
///
/// A cone of index `|det| > 1` is replaced by the cones with one
/// generator swapped for a short lattice vector `z = Σ αᵢ·rᵢ` (LLL on the
/// lattice of coordinates `α`, reduced into `[−½, ½]ⁿ`), with sign
/// `sign(αᵢ)`; each has index `|det|·|αᵢ| ≤ |det| / 2`. When no `αᵢ` is
/// positive `z` is negated, which keeps the identity exact up to
/// lower-dimensional cones (otherwise it would hold only up to the whole
/// space).
pub(crate) fn unimodular(
    rays: Rays,
    work: &mut Work,
) -> Result<Option<Vec<SignedCone>>, PolyError> {
    let mut out = Vec::new();
    let mut stack = vec![SignedCone { sign: 1, rays }];
    while let Some(cone) = stack.pop() {
        work.spend(SIMPLEX_WORK)?;
        if out.len() + stack.len() > MAX_CONES {
            return Ok(None);
        }
        let det = determinant(&cone.rays);
        if det.is_zero() {
            return Err(PolyError::Internal(
                "a simplicial cone with dependent generators".into(),
            ));
        }
        if det.is_unit() {
            out.push(cone);
            continue;
        }
        let (z, alpha) = short_vector(&cone.rays)?;
        let flip = alpha.iter().all(|a| a.signum() <= 0);
        let z: Vec<Int> = if flip {
            z.iter().map(|v| -v).collect()
        } else {
            z
        };
        for (i, a) in alpha.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            let s = if flip { -a.signum() } else { a.signum() };
            let mut rays = cone.rays.clone();
            rays[i] = z.clone();
            stack.push(SignedCone {
                sign: cone.sign * i64::from(s),
                rays,
            });
        }
    }
    Ok(Some(out))
}

/// A primitive lattice vector `z` with its coordinates `α` in the basis
/// `rays` (`z = Σ αᵢ·rᵢ`), `0 < max |αᵢ| ≤ ½`, for a cone of index above
/// one.
fn short_vector(rays: &[Vec<Int>]) -> Result<(Vec<Int>, Vec<Rat>), PolyError> {
    let n = rays.len();
    // U has the rays as columns; the coordinates of the integer points
    // form the lattice U⁻¹·Zⁿ, spanned by the columns of U⁻¹, which
    // contains Zⁿ.
    let u: Vec<Vec<Rat>> = (0..n)
        .map(|i| rays.iter().map(|r| Rat::from(&r[i])).collect())
        .collect();
    let inv = inverse(&u).ok_or_else(|| PolyError::Internal("a singular cone".into()))?;
    let columns: Vec<Vec<Rat>> = (0..n)
        .map(|j| (0..n).map(|i| inv[i][j].clone()).collect())
        .collect();
    let mut candidates = lll(columns.clone());
    candidates.extend(columns);
    let best = candidates
        .into_iter()
        .map(|c| centered(&c))
        .filter(|c| c.iter().any(|v| !v.is_zero()))
        .min_by(|a, b| max_abs(a).cmp(&max_abs(b)))
        .ok_or_else(|| PolyError::Internal("a cone of index one to decompose".into()))?;
    let z: Vec<Int> = (0..n)
        .map(|i| {
            let v = (0..n).fold(Rat::ZERO, |acc, j| &acc + &(&u[i][j] * &best[j]));
            v.floor()
        })
        .collect();
    let g = z.iter().fold(Int::ZERO, |acc, x| acc.gcd(x));
    let g = Rat::from(g);
    let alpha = best.iter().map(|a| a / &g).collect();
    Ok((primitive(&z), alpha))
}

/// The vector minus the nearest integer vector: entries in `[−½, ½)`.
fn centered(v: &[Rat]) -> Vec<Rat> {
    let half = Rat::new(Int::ONE, Int::from(2)).expect("a non-zero denominator");
    v.iter()
        .map(|x| x - &Rat::from((x + &half).floor()))
        .collect()
}

fn max_abs(v: &[Rat]) -> Rat {
    v.iter()
        .map(|x| if x.signum() < 0 { -x } else { x.clone() })
        .max()
        .unwrap_or(Rat::ZERO)
}

/// The LLL reduction (δ = ¾, exact rationals) of the independent vectors
/// `basis`: a basis of the same lattice whose first vectors are short.
fn lll(mut b: Vec<Vec<Rat>>) -> Vec<Vec<Rat>> {
    let n = b.len();
    let delta = Rat::new(Int::from(3), Int::from(4)).expect("a non-zero denominator");
    let half = Rat::new(Int::ONE, Int::from(2)).expect("a non-zero denominator");
    let mut k = 1;
    // Each swap shrinks a positive potential by at least ¾; the cap only
    // guards against mistakes.
    let mut steps = 0;
    while k < n && steps < 10_000 {
        steps += 1;
        for j in (0..k).rev() {
            let (_, mu) = gram_schmidt(&b);
            let q = (&mu[k][j] + &half).floor();
            if !q.is_zero() {
                let q = Rat::from(q);
                let bj = b[j].clone();
                for (x, y) in b[k].iter_mut().zip(&bj) {
                    *x = &*x - &(&q * y);
                }
            }
        }
        let (star, mu) = gram_schmidt(&b);
        let lhs = dot_rat(&star[k], &star[k]);
        let rhs =
            &(&delta - &(&mu[k][k - 1] * &mu[k][k - 1])) * &dot_rat(&star[k - 1], &star[k - 1]);
        if lhs >= rhs {
            k += 1;
        } else {
            b.swap(k, k - 1);
            k = (k - 1).max(1);
        }
    }
    b
}

/// The Gram–Schmidt vectors of `b` and the coefficients `μ[i][j] =
/// ⟨bᵢ, b*ⱼ⟩ / ⟨b*ⱼ, b*ⱼ⟩`.
fn gram_schmidt(b: &[Vec<Rat>]) -> (Vec<Vec<Rat>>, Vec<Vec<Rat>>) {
    let n = b.len();
    let mut star: Vec<Vec<Rat>> = Vec::with_capacity(n);
    let mut mu = vec![vec![Rat::ZERO; n]; n];
    for i in 0..n {
        let mut v = b[i].clone();
        for j in 0..i {
            mu[i][j] = &dot_rat(&b[i], &star[j]) / &dot_rat(&star[j], &star[j]);
            for (x, y) in v.iter_mut().zip(&star[j]) {
                *x = &*x - &(&mu[i][j] * y);
            }
        }
        star.push(v);
    }
    (star, mu)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::enumerate::Work;

    fn ints(rows: &[&[i64]]) -> Rays {
        rows.iter()
            .map(|r| r.iter().map(|&v| Int::from(v)).collect())
            .collect()
    }

    /// The signed number of the cones that hold `point`.
    fn membership(cones: &[SignedCone], point: &[Rat]) -> i64 {
        cones
            .iter()
            .filter(|c| {
                let u: Vec<Vec<Rat>> = (0..point.len())
                    .map(|i| c.rays.iter().map(|r| Rat::from(&r[i])).collect())
                    .collect();
                let inv = inverse(&u).unwrap();
                inv.iter().all(|row| dot_rat(row, point).signum() >= 0)
            })
            .map(|c| c.sign)
            .sum()
    }

    #[test]
    fn decompositions_are_unimodular_and_cover_the_cone_once() {
        let cases = [
            ints(&[&[1, 0], &[1, 5]]),
            ints(&[&[2, 1], &[-1, 3]]),
            ints(&[&[1, 0, 0], &[0, 1, 0], &[1, 1, 7]]),
            ints(&[&[3, 1, 0], &[0, 2, 1], &[1, 0, 5]]),
        ];
        for rays in cases {
            let n = rays.len();
            let index = determinant(&rays).abs();
            let cones = unimodular(rays.clone(), &mut Work::new()).unwrap().unwrap();
            assert!(cones.iter().all(|c| determinant(&c.rays).is_unit()));
            assert!(cones.len() > 1 || index.is_one());
            // Generic points (no lower-dimensional cone holds them): inside
            // the cone the signed memberships add up to one, outside zero.
            let u: Vec<Vec<Rat>> = (0..n)
                .map(|i| rays.iter().map(|r| Rat::from(&r[i])).collect())
                .collect();
            let inv = inverse(&u).unwrap();
            let mut seed = 7u64;
            for _ in 0..200 {
                let point: Vec<Rat> = (0..n)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let v = (seed >> 33) as i64 % 2001 - 1000;
                        Rat::new(Int::from(v), Int::from(997)).unwrap()
                    })
                    .collect();
                let inside = inv.iter().all(|row| dot_rat(row, &point).signum() >= 0);
                assert_eq!(membership(&cones, &point), i64::from(inside), "{point:?}");
            }
        }
    }

    #[test]
    fn a_square_pyramid_apex_is_triangulated_into_two_simplices() {
        let gens = ints(&[&[1, 0, 1], &[0, 1, 1], &[-1, 0, 1], &[0, -1, 1]]);
        assert!(is_pointed(&gens));
        let simplices = triangulate(&gens, &mut Work::new()).unwrap();
        assert_eq!(simplices.len(), 2);
        assert!(simplices.iter().all(|s| s.len() == 3));
        let line = ints(&[&[1, 0], &[-1, 0], &[0, 1]]);
        assert!(!is_pointed(&line));
    }

    #[test]
    fn determinants_are_exact() {
        assert_eq!(determinant(&ints(&[&[2, 1], &[-1, 3]])), Int::from(7));
        assert_eq!(
            determinant(&ints(&[&[1, 0, 0], &[0, 1, 0], &[1, 1, 7]])),
            Int::from(7)
        );
        assert_eq!(determinant(&ints(&[&[1, 2], &[2, 4]])), Int::ZERO);
    }
}

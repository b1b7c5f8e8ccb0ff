//! The count on one chamber by Barvinok's algorithm: Brion's theorem
//! writes the generating function of the integer points of a polytope as
//! the sum of those of its vertex cones; each vertex cone is decomposed
//! into signed unimodular cones ([`cones`](super::cones)), whose
//! generating functions have a closed form; the count is their sum at
//! `x = 1`, taken as the constant term of a Laurent expansion.
//!
//! For a parametric polytope the vertices `v(s)` are affine in the
//! symbols, and the apex of a unimodular cone `v(s) + cone(g₁ … gₙ)` that
//! is a lattice point is `Σ ⌈⟨dᵢ, v(s)⟩⌉·gᵢ` (`dᵢ` the rows of the inverse
//! of `[g₁ … gₙ]`): a quasi-affine function, affine on each residue class
//! of the symbols modulo the chamber's period. So on each class the count
//! is a polynomial, computed exactly — no sampling and no fit.
//!
//! Barvinok's decomposition works on the duals of the vertex cones (cones
//! with lines drop out). A chamber where a vertex cone is not
//! full-dimensional (a polytope that is flat there) is left to the
//! interpolation of [`fit`](super::fit); so is a set whose equalities
//! cannot be eliminated by a unit coefficient.

use crate::count::chambers::{Chamber, Vertex};
use crate::count::cones::{inverse, is_pointed, primitive, triangulate, unimodular};
use crate::count::enumerate::{Work, SET_WORK, SIMPLEX_WORK};
use crate::count::fit::{chamber_period, congruence, residues, ClassCount};
use crate::count::polynomial::Polynomial;
use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::space::VarKind;

/// A relation without equalities on its dims whose count is the count of
/// another where the symbols satisfy `congruences`, and zero elsewhere.
pub(crate) struct Reduced {
    pub(crate) rel: IntegerRelation,
    /// Rows `[f (p), c]` and moduli `g`: `f·s + c ≡ 0 (mod g)`.
    pub(crate) congruences: Vec<(Vec<Int>, Int)>,
}

/// The relation (dims and symbols, no locals) with its implicit
/// equalities made explicit and every equality on the dims solved for a
/// dim that is then removed — a bijection of integer points, so the
/// count is kept. A unit coefficient is solved for at once; otherwise a
/// unimodular change of the dims leaves the equality `g·y + f·s + c = 0`
/// on one dim, and `y = −(f·s + c) / g` is an integer exactly where
/// `f·s + c ≡ 0 (mod g)`, a congruence kept aside. `None` when
/// normalizing finds the relation empty.
pub(crate) fn without_equalities(rel: &IntegerRelation) -> Result<Option<Reduced>, PolyError> {
    let mut rel = rel.clone();
    let mut congruences = Vec::new();
    loop {
        if !rel.normalize() {
            return Ok(None);
        }
        implicit_equalities(&mut rel)?;
        let n = rel.space().count(VarKind::Range);
        let p = rel.space().count(VarKind::Symbol);
        let Some(e) = rel
            .eqs
            .iter()
            .position(|eq| eq[..n].iter().any(|v| !v.is_zero()))
        else {
            return Ok(Some(Reduced { rel, congruences }));
        };
        let k = match rel.eqs[e][..n].iter().position(Int::is_unit) {
            Some(k) => k,
            None => {
                let g = rel.eqs[e][..n].iter().fold(Int::ZERO, |acc, v| acc.gcd(v));
                let coprime: Vec<Int> = rel.eqs[e][..n].iter().map(|v| v.div_floor(&g)).collect();
                let u = unimodular_reduction(&coprime);
                let change = |row: &Vec<Int>| -> Vec<Int> {
                    let mut out: Vec<Int> = (0..n)
                        .map(|j| (0..n).map(|i| &row[i] * &u[i][j]).sum())
                        .collect();
                    out.extend_from_slice(&row[n..]);
                    out
                };
                rel.eqs = rel.eqs.iter().map(change).collect();
                rel.ineqs = rel.ineqs.iter().map(change).collect();
                rel.eqs[e][..n]
                    .iter()
                    .position(|v| !v.is_zero())
                    .expect("the equality keeps a dim")
            }
        };
        let mut eq = rel.eqs.remove(e);
        if eq[k].is_negative() {
            eq = eq.iter().map(|v| -v).collect();
        }
        let g = eq[k].clone();
        if !g.is_one() {
            congruences.push((eq[n..].to_vec(), g.clone()));
        }
        // g·row − row[k]·eq has no x_k left; g > 0 keeps inequalities.
        let eliminate = |row: &Vec<Int>| -> Vec<Int> {
            row.iter()
                .zip(&eq)
                .enumerate()
                .filter(|&(c, _)| c != k)
                .map(|(_, (a, b))| &(&g * a) - &(&row[k] * b))
                .collect()
        };
        let mut next = IntegerRelation::new_set(n - 1, p);
        next.eqs = rel.eqs.iter().map(eliminate).collect();
        next.ineqs = rel.ineqs.iter().map(eliminate).collect();
        rel = next;
    }
}

/// Turns each inequality that holds with equality at every integer point
/// of `rel` into an equality: `r ≥ 1` has no integer point (`y ≥ 2`, `x
/// ≥ 0` and `x + y ≤ 2` make `x = 0`).
fn implicit_equalities(rel: &mut IntegerRelation) -> Result<(), PolyError> {
    let mut i = 0;
    while i < rel.ineqs.len() {
        let mut strict = rel.clone();
        let last = strict.ineqs[i].len() - 1;
        strict.ineqs[i][last] = &strict.ineqs[i][last] - &Int::ONE;
        if strict.integer_emptiness()? {
            let row = rel.ineqs.remove(i);
            rel.eqs.push(row);
        } else {
            i += 1;
        }
    }
    Ok(())
}

/// A unimodular matrix `U` with `e·U = (0 … ±1 … 0)` for the coprime
/// integer row `e`: the column operations of Euclid's algorithm on `e`.
fn unimodular_reduction(e: &[Int]) -> Vec<Vec<Int>> {
    let n = e.len();
    let mut e = e.to_vec();
    let mut u: Vec<Vec<Int>> = (0..n)
        .map(|i| (0..n).map(|j| Int::from(i64::from(i == j))).collect())
        .collect();
    loop {
        let Some(pivot) = (0..n)
            .filter(|&i| !e[i].is_zero())
            .min_by(|&a, &b| e[a].abs().cmp(&e[b].abs()))
        else {
            return u;
        };
        let mut reduced = false;
        let others: Vec<usize> = (0..n).filter(|&j| j != pivot && !e[j].is_zero()).collect();
        for j in others {
            // Column j minus q · column pivot.
            let q = e[j].div_floor(&e[pivot]);
            let rest = &e[j] - &(&q * &e[pivot]);
            e[j] = rest;
            for row in &mut u {
                let v = &row[j] - &(&q * &row[pivot]);
                row[j] = v;
            }
            reduced = true;
        }
        if !reduced {
            return u;
        }
    }
}

/// One unimodular cone of a vertex: `sign · [v(s) + cone(g₁ … gₙ)]`,
/// with the rows `dᵢ` of `[g₁ … gₙ]⁻¹` and the series coefficients of
/// its term of the count.
struct UnimodularCone {
    vertex: usize,
    /// `dᵢ`: the lattice point of the cone is `Σ ⌈⟨dᵢ, v(s)⟩⌉·gᵢ`.
    dual: Vec<Vec<Int>>,
    /// `⟨λ, gᵢ⟩`.
    b: Vec<Int>,
    /// The count's term is `Σⱼ cⱼ·Nʲ` with `N = ⟨λ, apex⟩`.
    c: Vec<Rat>,
}

/// A chamber's count: the period per symbol and a polynomial per
/// residue class.
pub(crate) type ChamberCount = (Vec<i64>, Vec<ClassCount>);

/// The count on `chamber` of `rel` (dims and symbols, no locals, no
/// equality on the dims): the period and a polynomial per residue class
/// with points in the chamber; `None` when Barvinok's algorithm does not
/// apply there (see the [module](self)).
pub(crate) fn count_chamber(
    rel: &IntegerRelation,
    chamber: &Chamber,
    work: &mut Work,
) -> Result<Option<ChamberCount>, PolyError> {
    let n = rel.space().count(VarKind::Range);
    let p = rel.space().count(VarKind::Symbol);
    if rel
        .eqs
        .iter()
        .any(|eq| eq[..n].iter().any(|v| !v.is_zero()))
    {
        return Ok(None);
    }
    let period = chamber_period(chamber)?;
    let Some(sample) = chamber.domain.sample()? else {
        return Ok(Some((period, Vec::new())));
    };
    let on = &chamber.domain;
    let mut vertices: Vec<&Vertex> = Vec::new();
    for v in &chamber.vertices {
        let mut seen = false;
        for w in &vertices {
            if same_on(on, &sample, v, w, work)? {
                seen = true;
                break;
            }
        }
        if !seen {
            vertices.push(v);
        }
    }
    // Without dims the polytope is one point, its vertex, wherever valid:
    // the cone without generators.
    let mut cones: Vec<(usize, i64, Vec<Vec<Int>>)> = if n == 0 {
        vec![(0, 1, Vec::new())]
    } else {
        Vec::new()
    };
    for (index, v) in vertices.iter().enumerate().filter(|_| n > 0) {
        let mut gens: Vec<Vec<Int>> = Vec::new();
        for row in rel
            .ineqs
            .iter()
            .filter(|r| r[..n].iter().any(|x| !x.is_zero()))
        {
            if zero_on(on, &sample, &at_vertex(row, v, p), work)? {
                let g = primitive(&row[..n]);
                if !gens.contains(&g) {
                    gens.push(g);
                }
            }
        }
        if gens.len() < n || !is_pointed(&gens) {
            return Ok(None);
        }
        for simplex in triangulate(&gens, work)? {
            if simplex.len() != n {
                return Ok(None);
            }
            let rays: Vec<Vec<Int>> = simplex.iter().map(|&i| gens[i].clone()).collect();
            let Some(decomposed) = unimodular(rays, work)? else {
                return Ok(None);
            };
            cones.extend(decomposed.into_iter().map(|c| (index, c.sign, c.rays)));
        }
    }
    // The dual cone's generators dᵢ are the rows of D; the cone of the
    // vertex is {y : D·y ≥ 0}, generated by the columns gᵢ of D⁻¹.
    let mut generators: Vec<Vec<Vec<Int>>> = Vec::with_capacity(cones.len());
    for (_, _, dual) in &cones {
        let rows: Vec<Vec<Rat>> = dual
            .iter()
            .map(|r| r.iter().map(Rat::from).collect())
            .collect();
        let inv = inverse(&rows).ok_or_else(|| PolyError::Internal("a singular cone".into()))?;
        generators.push(
            (0..n)
                .map(|j| (0..n).map(|i| inv[i][j].floor()).collect())
                .collect(),
        );
    }
    let lambda = generic_direction(&generators, n);
    let bernoulli = bernoulli(n);
    let terms: Vec<UnimodularCone> = cones
        .into_iter()
        .zip(&generators)
        .map(|((vertex, sign, dual), g)| {
            let b: Vec<Int> = g.iter().map(|gi| dot(&lambda, gi)).collect();
            let c = series_coefficients(sign, &b, &bernoulli);
            UnimodularCone { vertex, dual, b, c }
        })
        .collect();
    // ⟨dᵢ, v(s)⟩ per cone and generator, as rational affine functions.
    let apex_coords: Vec<Vec<Vec<Rat>>> = terms
        .iter()
        .map(|t| {
            t.dual
                .iter()
                .map(|d| at_vertex_linear(d, vertices[t.vertex], p))
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    for residue in residues(&period) {
        work.spend(3 * SET_WORK)?;
        let class = chamber.domain.intersect(&congruence(&period, &residue)?)?;
        if class.is_empty()? {
            continue;
        }
        let mut total = Polynomial::zero(p);
        for (t, coords) in terms.iter().zip(&apex_coords) {
            work.spend(SIMPLEX_WORK)?;
            let mut big_n = Polynomial::zero(p);
            for (bi, a) in t.b.iter().zip(coords) {
                big_n = big_n.add(&ceil_on_class(a, &residue).scale(&Rat::from(bi)));
            }
            let mut value = Polynomial::constant(p, t.c[n].clone());
            for j in (0..n).rev() {
                value = value
                    .mul(&big_n)
                    .add(&Polynomial::constant(p, t.c[j].clone()));
            }
            total = total.add(&value);
        }
        out.push((residue, total));
    }
    Ok(Some((period, out)))
}

/// `row(v(s))`: the row `[a (n), b (p), c]` at the vertex, a rational
/// affine function of the symbols (`p` coefficients, then the constant).
fn at_vertex(row: &[Int], v: &Vertex, p: usize) -> Vec<Rat> {
    let n = v.len();
    let mut value: Vec<Rat> = row[n..n + p + 1].iter().map(Rat::from).collect();
    for (a, coord) in row[..n].iter().zip(v) {
        if !a.is_zero() {
            let a = Rat::from(a);
            for (x, y) in value.iter_mut().zip(coord) {
                *x = &*x + &(&a * y);
            }
        }
    }
    value
}

/// `⟨d, v(s)⟩` as a rational affine function of the symbols.
fn at_vertex_linear(d: &[Int], v: &Vertex, p: usize) -> Vec<Rat> {
    let mut row = d.to_vec();
    row.extend(std::iter::repeat(Int::ZERO).take(p + 1));
    at_vertex(&row, v, p)
}

/// Whether the two vertices are the same point at every integer point of
/// `domain`.
fn same_on(
    domain: &PresburgerSet,
    sample: &[Int],
    v: &Vertex,
    w: &Vertex,
    work: &mut Work,
) -> Result<bool, PolyError> {
    for (a, b) in v.iter().zip(w) {
        let diff: Vec<Rat> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        if !zero_on(domain, sample, &diff, work)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether the rational affine function `f` of the symbols is zero at
/// every integer point of `domain` (`sample` is one of them).
fn zero_on(
    domain: &PresburgerSet,
    sample: &[Int],
    f: &[Rat],
    work: &mut Work,
) -> Result<bool, PolyError> {
    let p = f.len() - 1;
    if f.iter().all(Rat::is_zero) {
        return Ok(true);
    }
    let at_sample = f[..p]
        .iter()
        .zip(sample)
        .fold(f[p].clone(), |acc, (a, s)| &acc + &(a * &Rat::from(s)));
    if !at_sample.is_zero() {
        return Ok(false);
    }
    let scale = f.iter().fold(Int::ONE, |acc, v| lcm(&acc, v.denom()));
    let row: Vec<Int> = f
        .iter()
        .map(|v| (v.numer() * &scale).div_floor(v.denom()))
        .collect();
    for sign in [Int::ONE, Int::from(-1)] {
        work.spend(2 * SET_WORK)?;
        // sign · F(s) ≥ 1
        let mut side = IntegerRelation::new_set(0, p);
        let mut r: Vec<Int> = row.iter().map(|v| &sign * v).collect();
        r[p] = &r[p] - &Int::ONE;
        side.ineqs.push(r);
        if !domain
            .intersect(&PresburgerSet::from_relation(side))?
            .is_empty()?
        {
            return Ok(false);
        }
    }
    Ok(true)
}

fn lcm(a: &Int, b: &Int) -> Int {
    let g = a.gcd(b);
    (a * b).div_floor(&g).abs()
}

fn dot(a: &[Int], b: &[Int]) -> Int {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// An integer direction `λ` with `⟨λ, g⟩ ≠ 0` for every generator of
/// every cone: the first point `(1, t, t², …)` of the moment curve that
/// works (at most `t = 2·max|gᵢ| + 1`, where the highest non-zero entry
/// of `g` dominates the others).
fn generic_direction(generators: &[Vec<Vec<Int>>], n: usize) -> Vec<Int> {
    let mut t = Int::ONE;
    loop {
        let mut lambda = Vec::with_capacity(n);
        let mut power = Int::ONE;
        for _ in 0..n {
            lambda.push(power.clone());
            power = &power * &t;
        }
        if generators
            .iter()
            .flatten()
            .all(|g| !dot(&lambda, g).is_zero())
        {
            return lambda;
        }
        t = &t + &Int::ONE;
    }
}

/// The Bernoulli numbers `B₀ … B_n` of `x / (eˣ − 1) = Σ Bₖ·xᵏ / k!`
/// (`B₁ = −½`).
fn bernoulli(n: usize) -> Vec<Rat> {
    let mut b = vec![Rat::from(Int::ONE)];
    for m in 1..=n {
        let mut sum = Rat::ZERO;
        let mut binom = Int::ONE; // C(m + 1, k)
        for (k, bk) in b.iter().enumerate() {
            sum = &sum + &(&Rat::from(&binom) * bk);
            binom = (&binom * &Int::from((m + 1 - k) as i64)).div_floor(&Int::from((k + 1) as i64));
        }
        let denom = Rat::from(Int::from((m + 1) as i64));
        b.push(&(-&sum) / &denom);
    }
    b
}

/// The coefficients `c₀ … c_n` of one cone's term `Σⱼ cⱼ·Nʲ` of the
/// count, where `N = ⟨λ, apex⟩` and `bᵢ = ⟨λ, gᵢ⟩`: the constant term in
/// `t` of `sign · e^{N·t} / Πᵢ (1 − e^{bᵢ·t})`. With `T(x) = x / (eˣ − 1)`
/// that is `sign · (−1)ⁿ / Πbᵢ · Σⱼ Nʲ/j! · [t^{n−j}] Πᵢ T(bᵢ·t)`.
fn series_coefficients(sign: i64, b: &[Int], bernoulli: &[Rat]) -> Vec<Rat> {
    let n = b.len();
    let mut factorial = vec![Rat::from(Int::ONE)];
    for k in 1..=n {
        let next = &factorial[k - 1] * &Rat::from(Int::from(k as i64));
        factorial.push(next);
    }
    // Π T(bᵢ·t) up to tⁿ.
    let mut tau = vec![Rat::ZERO; n + 1];
    tau[0] = Rat::from(Int::ONE);
    for bi in b {
        let bi = Rat::from(bi);
        let mut series = Vec::with_capacity(n + 1);
        let mut power = Rat::from(Int::ONE);
        for k in 0..=n {
            series.push(&(&bernoulli[k] * &power) / &factorial[k]);
            power = &power * &bi;
        }
        let mut product = vec![Rat::ZERO; n + 1];
        for (i, x) in tau.iter().enumerate() {
            for (j, y) in series.iter().enumerate().take(n + 1 - i) {
                product[i + j] = &product[i + j] + &(x * y);
            }
        }
        tau = product;
    }
    let mut scale = b
        .iter()
        .fold(Rat::from(Int::ONE), |acc, bi| &acc * &Rat::from(bi));
    scale = &Rat::from(Int::from(sign * if n % 2 == 0 { 1 } else { -1 })) / &scale;
    (0..=n)
        .map(|j| &(&scale * &tau[n - j]) / &factorial[j])
        .collect()
}

/// `⌈a(s)⌉` on the residue class `s ≡ residue` (modulo the chamber's
/// period, whose steps change `a` by integers): `a(s) + δ` with the
/// constant `δ = ⌈a(r)⌉ − a(r)`.
fn ceil_on_class(a: &[Rat], residue: &[i64]) -> Polynomial {
    let p = a.len() - 1;
    let at = a[..p]
        .iter()
        .zip(residue)
        .fold(a[p].clone(), |acc, (c, &r)| {
            &acc + &(c * &Rat::from(Int::from(r)))
        });
    let delta = &Rat::from(at.ceil()) - &at;
    let mut out = Polynomial::constant(p, &a[p] + &delta);
    for (i, c) in a[..p].iter().enumerate() {
        if !c.is_zero() {
            out = out.add(&Polynomial::variable(p, i).scale(c));
        }
    }
    out
}

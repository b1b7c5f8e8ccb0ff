//! Parametric vertices and the chambers of the symbol space where the set
//! of vertices stays the same (Loechner and Wilde's validity domains).
//!
//! A polytope `P(s) = {x : A·x + B·s + c ≥ 0, E·x + F·s + g = 0}` has its
//! vertices among the points where a basis of rows is tight: all the
//! equalities and enough inequalities for `n` independent normals. Each
//! such point is an affine function `v(s)` with rational coefficients,
//! and it is a vertex of `P(s)` exactly where it satisfies every row —
//! its validity domain, a polyhedron over the symbols. Refining the
//! symbol space by the validity domains gives cells on each of which the
//! polytope has the same vertices; there the number of integer points is
//! one quasi-polynomial (Clauss and Loechner), of degree at most the
//! dimension of `P`, and a polynomial on each class of symbol values
//! whose steps move every vertex by an integer vector.

use crate::count::echelon::reduce;
use crate::count::enumerate::{Work, SET_WORK, SIMPLEX_WORK};
use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::space::Space;

/// A cell of the symbol space with the period of the count on it.
pub(crate) struct Chamber {
    /// The symbol values of the cell (a set with no dims).
    pub(crate) domain: PresburgerSet,
    /// The period of the count in each symbol: the least common multiple
    /// of the denominators of that symbol's coefficients in the cell's
    /// vertices. A step of `period[i]` in `s_i` moves every vertex by an
    /// integer vector.
    pub(crate) period: Vec<Int>,
    /// The parametric vertices of the polytope on the cell.
    pub(crate) vertices: Vec<Vertex>,
}

/// The most bases (choices of tight inequalities) examined.
const MAX_BASES: u64 = 20_000;

/// The most cells the refinement may produce.
const MAX_CELLS: usize = 512;

/// The chambers of `rel` (dims and symbols, no locals), covering the
/// symbol values where `P(s)` has a rational point; elsewhere it has none.
pub(crate) fn chambers(rel: &IntegerRelation, work: &mut Work) -> Result<Vec<Chamber>, PolyError> {
    let vertices = vertices(rel, work)?;
    let p = rel.space().count(crate::space::VarKind::Symbol);
    let mut cells: Vec<(PresburgerSet, Vec<usize>)> =
        vec![(PresburgerSet::universe(Space::set(0, p)), Vec::new())];
    for (j, (_, validity)) in vertices.iter().enumerate() {
        let validity = PresburgerSet::from_relation(validity.clone());
        let mut next = Vec::new();
        for (cell, valid) in cells {
            work.spend(4 * SET_WORK)?;
            let inside = cell.intersect(&validity)?;
            if !inside.is_empty()? {
                let mut with = valid.clone();
                with.push(j);
                next.push((inside, with));
            }
            let outside = cell.subtract(&validity)?;
            if !outside.is_empty()? {
                next.push((outside, valid));
            }
        }
        if next.len() > MAX_CELLS {
            return Err(PolyError::Budget {
                what: "counting points",
                budget: MAX_CELLS as u64,
            });
        }
        cells = next;
    }
    Ok(cells
        .into_iter()
        .filter(|(_, valid)| !valid.is_empty())
        .map(|(domain, valid)| {
            let mut period = vec![Int::ONE; p];
            for &j in &valid {
                for coord in &vertices[j].0 {
                    for (d, v) in period.iter_mut().zip(coord) {
                        *d = lcm(d, v.denom());
                    }
                }
            }
            Chamber {
                domain,
                period,
                vertices: valid.iter().map(|&j| vertices[j].0.clone()).collect(),
            }
        })
        .collect())
}

fn lcm(a: &Int, b: &Int) -> Int {
    let g = a.gcd(b);
    (a * b).div_floor(&g).abs()
}

/// A parametric vertex: one affine function of the symbols per dim, as
/// rational coefficients (one per symbol, then the constant).
pub(crate) type Vertex = Vec<Vec<Rat>>;

/// The distinct parametric vertices of `rel` with their (non-empty)
/// validity domains, sets with no dims over the symbols.
fn vertices(
    rel: &IntegerRelation,
    work: &mut Work,
) -> Result<Vec<(Vertex, IntegerRelation)>, PolyError> {
    let n = rel.space().count(crate::space::VarKind::Range);
    let p = rel.space().count(crate::space::VarKind::Symbol);
    let to_rat = |row: &Vec<Int>| -> Vec<Rat> { row.iter().map(Rat::from).collect() };
    // A maximal set of equalities with independent normals.
    let mut basis_eqs: Vec<Vec<Rat>> = Vec::new();
    let mut echelon = Echelon::new(n);
    for eq in &rel.eqs {
        if echelon.insert(&to_rat(eq)[..n]) {
            basis_eqs.push(to_rat(eq));
        }
    }
    let candidates: Vec<Vec<Rat>> = rel
        .ineqs
        .iter()
        .filter(|r| r[..n].iter().any(|v| !v.is_zero()))
        .map(to_rat)
        .collect();
    let k = n - basis_eqs.len();
    if binomial(candidates.len() as u64, k as u64) > MAX_BASES {
        return Err(PolyError::Budget {
            what: "counting points",
            budget: MAX_BASES,
        });
    }
    let mut out: Vec<(Vertex, IntegerRelation)> = Vec::new();
    let mut choice: Vec<usize> = (0..k).collect();
    loop {
        work.spend(SIMPLEX_WORK)?;
        if choice.iter().all(|&i| i < candidates.len()) {
            let rows: Vec<&Vec<Rat>> = basis_eqs
                .iter()
                .chain(choice.iter().map(|&i| &candidates[i]))
                .collect();
            if let Some(vertex) = solve_vertex(&rows, n, p) {
                if !out.iter().any(|(v, _)| *v == vertex) {
                    work.spend(SET_WORK)?;
                    if let Some(validity) = validity_domain(rel, &vertex)? {
                        out.push((vertex, validity));
                    }
                }
            }
        }
        if !next_combination(&mut choice, candidates.len()) {
            break;
        }
    }
    Ok(out)
}

/// Advances `choice` (increasing indices below `m`) to the next
/// combination; false after the last.
pub(crate) fn next_combination(choice: &mut [usize], m: usize) -> bool {
    let k = choice.len();
    for i in (0..k).rev() {
        if choice[i] < m - (k - i) {
            choice[i] += 1;
            for j in i + 1..k {
                choice[j] = choice[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

fn binomial(m: u64, k: u64) -> u64 {
    if k > m {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k.min(m - k) {
        r = r.saturating_mul(m - i) / (i + 1);
    }
    r
}

/// The point where the `n` rows (each `[a (n), b (p), c]`, `a·x + b·s + c
/// = 0`) are tight, as affine functions of the symbols; `None` when the
/// normals are dependent.
fn solve_vertex(rows: &[&Vec<Rat>], n: usize, p: usize) -> Option<Vertex> {
    // Augmented matrix [a | -(b, c)], reduced by Gauss–Jordan elimination.
    let mut m: Vec<Vec<Rat>> = rows
        .iter()
        .map(|r| {
            let mut row = r[..n].to_vec();
            row.extend(r[n..].iter().map(|v| -v));
            row
        })
        .collect();
    if reduce(&mut m, n).len() < n {
        return None;
    }
    Some(
        m.into_iter()
            .map(|row| row[n..n + p + 1].to_vec())
            .collect(),
    )
}

/// Where `vertex` satisfies every row of `rel`: a set with no dims over
/// the symbols; `None` when that set is empty.
fn validity_domain(
    rel: &IntegerRelation,
    vertex: &Vertex,
) -> Result<Option<IntegerRelation>, PolyError> {
    let n = vertex.len();
    let p = rel.space().count(crate::space::VarKind::Symbol);
    let substitute = |row: &Vec<Int>| -> Vec<Int> {
        let mut value: Vec<Rat> = row[n..].iter().map(Rat::from).collect();
        for (a, coord) in row[..n].iter().zip(vertex) {
            if a.is_zero() {
                continue;
            }
            let a = Rat::from(a);
            for (v, c) in value.iter_mut().zip(coord) {
                *v = &*v + &(&a * c);
            }
        }
        integer_row(&value)
    };
    let mut domain = IntegerRelation::new_set(0, p);
    domain.eqs = rel.eqs.iter().map(substitute).collect();
    domain.ineqs = rel.ineqs.iter().map(substitute).collect();
    if !domain.normalize() || domain.integer_emptiness()? {
        return Ok(None);
    }
    Ok(Some(domain))
}

/// The rational row scaled by the least common multiple of its
/// denominators.
fn integer_row(row: &[Rat]) -> Vec<Int> {
    let scale = row.iter().fold(Int::ONE, |acc, v| lcm(&acc, v.denom()));
    row.iter()
        .map(|v| (v.numer() * &scale).div_floor(v.denom()))
        .collect()
}

/// Rows in echelon form, to test a new row for independence.
pub(crate) struct Echelon {
    rows: Vec<(usize, Vec<Rat>)>,
    width: usize,
}

impl Echelon {
    pub(crate) fn new(width: usize) -> Echelon {
        Echelon {
            rows: Vec::new(),
            width,
        }
    }

    /// Adds `row` when it is independent of the rows so far.
    pub(crate) fn insert(&mut self, row: &[Rat]) -> bool {
        let mut r = row[..self.width].to_vec();
        for (pivot, basis) in &self.rows {
            if !r[*pivot].is_zero() {
                let f = &r[*pivot] / &basis[*pivot];
                for (x, y) in r.iter_mut().zip(basis) {
                    *x = &*x - &(&f * y);
                }
            }
        }
        match r.iter().position(|v| !v.is_zero()) {
            Some(pivot) => {
                self.rows.push((pivot, r));
                true
            }
            None => false,
        }
    }
}

/// The degrees to try for the count's polynomial on a chamber: at most
/// the set's own `dims` first (the count grows as a polynomial of that
/// degree along the chambers' unbounded directions), then the polytope's
/// dimension, which bounds it everywhere.
pub(crate) fn degrees(rel: &IntegerRelation, dims: u32) -> Vec<u32> {
    let bound = degree_bound(rel);
    let mut degrees = vec![bound.min(dims), bound];
    degrees.dedup();
    degrees
}

/// The dimension bound of the count's polynomial: the dims minus the
/// rank of the equalities' normals.
fn degree_bound(rel: &IntegerRelation) -> u32 {
    let n = rel.space().count(crate::space::VarKind::Range);
    let mut echelon = Echelon::new(n);
    let rank = rel
        .eqs
        .iter()
        .filter(|eq| echelon.insert(&eq.iter().map(Rat::from).collect::<Vec<_>>()))
        .count();
    (n - rank) as u32
}

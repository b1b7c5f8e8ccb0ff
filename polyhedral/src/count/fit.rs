//! The count on one chamber, by interpolation: on the symbol values of a
//! residue class modulo the chamber's periods the count is one polynomial
//! of bounded degree, found exactly from counts at points of the class
//! (a rational linear system) and checked at further points.

use std::collections::HashMap;

use crate::bounds::IntOpt;
use crate::count::chambers::{Chamber, Echelon};
use crate::count::echelon::reduce;
use crate::count::enumerate::{Work, SET_WORK};
use crate::count::polynomial::{monomials, Polynomial};
use crate::count::sum::count_fixed;
use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::space::{Space, VarKind};

/// The most residue classes (the product of the periods) fitted on one
/// chamber.
const MAX_CLASSES: u64 = 4096;

/// How many times the sampling box is doubled when the check fails.
const MAX_WIDENINGS: u32 = 3;

/// The counts of a polytope at fixed symbol values, memoised, and the
/// work left to the whole count.
pub(crate) struct Evaluator<'a> {
    rel: &'a IntegerRelation,
    memo: HashMap<Vec<Int>, Int>,
    pub(crate) work: &'a mut Work,
}

impl<'a> Evaluator<'a> {
    /// An evaluator of `rel` (dims and symbols, no locals).
    pub(crate) fn new(rel: &'a IntegerRelation, work: &'a mut Work) -> Evaluator<'a> {
        Evaluator {
            rel,
            memo: HashMap::new(),
            work,
        }
    }

    /// The number of integer points of `P(symbols)`.
    pub(crate) fn count(&mut self, symbols: &[Int]) -> Result<Int, PolyError> {
        if let Some(v) = self.memo.get(symbols) {
            return Ok(v.clone());
        }
        let n = self.rel.space().count(VarKind::Range);
        let fix = |row: &Vec<Int>| -> Vec<Int> {
            let mut r = row[..n].to_vec();
            let mut c = row[row.len() - 1].clone();
            for (a, s) in row[n..row.len() - 1].iter().zip(symbols) {
                c += &(a * s);
            }
            r.push(c);
            r
        };
        let mut fixed = IntegerRelation::new_set(n, 0);
        fixed.eqs = self.rel.eqs.iter().map(fix).collect();
        fixed.ineqs = self.rel.ineqs.iter().map(fix).collect();
        self.work.spend(1)?;
        let value = if fixed.normalize() {
            count_fixed(&fixed, self.work)?
        } else {
            Int::ZERO
        };
        self.memo.insert(symbols.to_vec(), value.clone());
        Ok(value)
    }
}

/// The count on `chamber`: its period in each symbol and, per residue
/// class `s ≡ r (mod period)` with points in the chamber, `(r,
/// polynomial)` — of the first degree of `degrees` that fits: through
/// every point of a small bounded class, else through points of a grid
/// and checked on more.
pub(crate) fn fit_chamber(
    chamber: &Chamber,
    degrees: &[u32],
    eval: &mut Evaluator,
) -> Result<(Vec<i64>, Vec<ClassCount>), PolyError> {
    let period = chamber_period(chamber)?;
    let mut out = Vec::new();
    for residue in residues(&period) {
        eval.work.spend(3 * SET_WORK)?;
        let class = chamber.domain.intersect(&congruence(&period, &residue)?)?;
        if let Some(points) = all_points(&class, eval.work)? {
            if !points.is_empty() {
                out.push((residue, fit_all(&points, degrees, eval)?));
            }
        } else if let Some(center) = class.sample()? {
            let grid = Grid {
                domain: &chamber.domain,
                center: &center,
                period: &period,
                hull: hull_dimension(&class, &center, eval.work)?,
            };
            out.push((residue, grid.fit(degrees, eval)?));
        }
    }
    Ok((period, out))
}

/// The dimension of the affine hull of the integer points of the
/// non-empty `class`, of which `first` is one: points are added while
/// one lies off the span of those found (on either side of one of the
/// span's equations).
fn hull_dimension(
    class: &PresburgerSet,
    first: &[Int],
    work: &mut Work,
) -> Result<usize, PolyError> {
    let p = first.len();
    let mut directions: Vec<Vec<Rat>> = Vec::new();
    'grow: loop {
        for normal in null_space(&directions, p) {
            let value = normal
                .iter()
                .zip(first)
                .fold(Int::ZERO, |acc, (a, x)| &acc + &(a * x));
            for sign in [Int::ONE, Int::from(-1)] {
                work.spend(2 * SET_WORK)?;
                // sign · (normal·s − value) ≥ 1
                let mut row: Vec<Int> = normal.iter().map(|a| &sign * a).collect();
                row.push(&(&(-&sign) * &value) - &Int::ONE);
                let mut side = IntegerRelation::new_set(0, p);
                side.ineqs.push(row);
                if let Some(point) = class
                    .intersect(&PresburgerSet::from_relation(side))?
                    .sample()?
                {
                    directions.push(
                        point
                            .iter()
                            .zip(first)
                            .map(|(a, b)| Rat::from(&(a - b)))
                            .collect(),
                    );
                    continue 'grow;
                }
            }
        }
        return Ok(directions.len());
    }
}

/// Integer vectors spanning the vectors orthogonal to every row of
/// `rows` (independent rows of length `p`).
fn null_space(rows: &[Vec<Rat>], p: usize) -> Vec<Vec<Int>> {
    // Reduced row echelon form, then one vector per free column.
    let mut m: Vec<Vec<Rat>> = rows.to_vec();
    let pivots = reduce(&mut m, p);
    (0..p)
        .filter(|c| !pivots.contains(c))
        .map(|free| {
            let mut v = vec![Rat::ZERO; p];
            v[free] = Rat::from(Int::ONE);
            for (i, &col) in pivots.iter().enumerate() {
                v[col] = -&m[i][free];
            }
            let scale = v.iter().fold(Int::ONE, |acc, x| {
                let g = acc.gcd(x.denom());
                (&acc * x.denom()).div_floor(&g)
            });
            v.iter()
                .map(|x| (x.numer() * &scale).div_floor(x.denom()))
                .collect()
        })
        .collect()
}

/// The chamber's period per symbol, when its classes are few enough to
/// count one by one ([`MAX_CLASSES`]).
pub(crate) fn chamber_period(chamber: &Chamber) -> Result<Vec<i64>, PolyError> {
    chamber
        .period
        .iter()
        .map(Int::to_i64)
        .collect::<Option<Vec<i64>>>()
        .filter(|d| classes(d).is_some())
        .ok_or(PolyError::Budget {
            what: "counting points",
            budget: MAX_CLASSES,
        })
}

/// The count on one residue class: the residue per symbol and the
/// polynomial.
pub(crate) type ClassCount = (Vec<i64>, Polynomial);

/// The largest bounding box of a bounded class whose points are all
/// used for the fit.
const MAX_BOX: i128 = 256;

/// The symbol values of a bounded `class` whose bounding box has at most
/// [`MAX_BOX`] points; `None` for an unbounded or larger class.
fn all_points(class: &PresburgerSet, work: &mut Work) -> Result<Option<Vec<Vec<i64>>>, PolyError> {
    let p = class.space().count(VarKind::Symbol);
    let mut volume: i128 = 1;
    for d in class.disjuncts() {
        if d.integer_emptiness()? {
            continue;
        }
        let mut own: i128 = 1;
        for col in 0..p {
            let (IntOpt::Optimal { value: lo, .. }, IntOpt::Optimal { value: hi, .. }) =
                (d.constant_lower_bound(col)?, d.constant_upper_bound(col)?)
            else {
                return Ok(None);
            };
            let side = (&hi - &lo).to_i64().map_or(MAX_BOX, |w| i128::from(w) + 1);
            own = own.saturating_mul(side);
        }
        volume = volume.saturating_add(own);
        if volume > MAX_BOX {
            return Ok(None);
        }
    }
    work.spend(volume as u64)?;
    Ok(Some(class.points()?.collect()))
}

/// The polynomial through the counts at every one of `points`, of the
/// first degree in `degrees` that has one: exact on all of them.
fn fit_all(
    points: &[Vec<i64>],
    degrees: &[u32],
    eval: &mut Evaluator,
) -> Result<Polynomial, PolyError> {
    let p = points[0].len();
    let mut rows = Vec::with_capacity(points.len());
    for s in points {
        let values: Vec<Int> = s.iter().map(|&v| Int::from(v)).collect();
        rows.push((s.clone(), eval.count(&values)?));
    }
    for &degree in degrees {
        let monos = monomials(p, degree);
        if let Some(coefficients) = solve(&monos, &rows, 0) {
            return Ok(Polynomial::from_terms(p, &monos, &coefficients));
        }
    }
    Err(not_a_polynomial())
}

fn not_a_polynomial() -> PolyError {
    PolyError::Internal(
        "the point count is not a polynomial of the expected degree on a chamber".into(),
    )
}

/// The number of residue classes modulo `moduli` (one modulus per
/// symbol), when at most [`MAX_CLASSES`].
pub(crate) fn classes(moduli: &[i64]) -> Option<u64> {
    moduli
        .iter()
        .try_fold(1u64, |acc, &m| acc.checked_mul(m as u64))
        .filter(|&c| c <= MAX_CLASSES)
}

/// Every residue vector modulo `moduli`, in lexicographic order.
pub(crate) fn residues(moduli: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for &m in moduli {
        out = out
            .into_iter()
            .flat_map(|r| {
                (0..m).map(move |v| {
                    let mut r = r.clone();
                    r.push(v);
                    r
                })
            })
            .collect();
    }
    out
}

/// The symbol values `s_i ≡ residue_i (mod moduli_i)`.
pub(crate) fn congruence(moduli: &[i64], residue: &[i64]) -> Result<PresburgerSet, PolyError> {
    let p = moduli.len();
    let mut rel = IntegerRelation::new(Space::set(0, p));
    for (i, (&m, &r)) in moduli.iter().zip(residue).enumerate() {
        if m == 1 {
            continue;
        }
        // s_i − m·q − r = 0
        let q = rel.append_vars(VarKind::Local, 1);
        let mut row = vec![Int::ZERO; rel.num_cols()];
        row[i] = Int::ONE;
        row[q] = Int::from(-m);
        row[rel.num_vars()] = Int::from(-r);
        rel.add_equality_int(row)?;
    }
    Ok(PresburgerSet::from_relation(rel))
}

/// The points `center + period·k` (componentwise) of a chamber's residue
/// class.
struct Grid<'a> {
    domain: &'a PresburgerSet,
    center: &'a [Int],
    period: &'a [i64],
    /// The dimension of the affine hull of the class's points.
    hull: usize,
}

impl Grid<'_> {
    /// The polynomial in the symbols equal to the count on the class,
    /// fitted on points with `|k|∞ ≤ r`: the nearest ones that determine a
    /// polynomial of the highest degree on the class's affine hull (a
    /// unisolvent set: its monomial matrix has the rank of the polynomials
    /// on the hull, so no coefficient that matters is left free — points
    /// on a line of a wedge-shaped chamber are not), then more of the nearest,
    /// up to three per unknown coefficient (twice as many after each
    /// widening); checked on points with `r < |k|∞ ≤ 2r`, each degree of
    /// `degrees` in turn; `r` starts at the highest degree plus one and
    /// doubles while every degree fails.
    fn fit(&self, degrees: &[u32], eval: &mut Evaluator) -> Result<Polynomial, PolyError> {
        let top = degrees.iter().copied().max().unwrap_or(0);
        let monos_top = monomials(self.center.len(), top);
        let mut radius = i64::from(top) + 1;
        for attempt in 0..=MAX_WIDENINGS {
            let mut near = self.points(radius, -1, eval.work)?;
            near.sort_by_key(|k| k.iter().map(|v| v.abs()).max());
            let needed = monomials(self.hull, top).len();
            let total = (3 * monos_top.len()) << attempt;
            let Some(inner) = unisolvent_first(near, &monos_top, needed, total) else {
                radius *= 2;
                continue;
            };
            let mut rows = Vec::with_capacity(inner.len());
            for k in &inner {
                rows.push((k.clone(), eval.count(&self.at(k))?));
            }
            let outer = self.points(2 * radius, radius, eval.work)?;
            for &degree in degrees {
                if let Some(poly) = self.fit_degree(degree, &rows, &outer, eval)? {
                    return Ok(poly);
                }
            }
            radius *= 2;
        }
        Err(not_a_polynomial())
    }

    /// The polynomial of `degree` through the counts `rows` (offsets and
    /// values), when there is one and it agrees with the counts at an
    /// evenly spread sample of `outer`.
    fn fit_degree(
        &self,
        degree: u32,
        rows: &[(Vec<i64>, Int)],
        outer: &[Vec<i64>],
        eval: &mut Evaluator,
    ) -> Result<Option<Polynomial>, PolyError> {
        let p = self.center.len();
        let monos = monomials(p, degree);
        let needed = monomials(self.hull, degree).len();
        let Some(coefficients) = solve(&monos, rows, needed) else {
            return Ok(None);
        };
        let in_k = Polynomial::from_terms(p, &monos, &coefficients);
        let stride = (outer.len() / (monos.len() + 2)).max(1);
        for k in outer.iter().step_by(stride) {
            let ks: Vec<Int> = k.iter().map(|&v| Int::from(v)).collect();
            if in_k.evaluate(&ks) != Rat::from(eval.count(&self.at(k))?) {
                return Ok(None);
            }
        }
        Ok(Some(self.in_symbols(&in_k)))
    }

    /// `center + period·k`.
    fn at(&self, k: &[i64]) -> Vec<Int> {
        self.center
            .iter()
            .zip(self.period)
            .zip(k)
            .map(|((c, &d), &v)| c + &Int::from(d * v))
            .collect()
    }

    /// The offsets `k` with `skip < |k|∞ ≤ radius` (`skip` −1 for all)
    /// whose points lie in the chamber (and so in the class).
    fn points(&self, radius: i64, skip: i64, work: &mut Work) -> Result<Vec<Vec<i64>>, PolyError> {
        let p = self.center.len();
        let mut out = Vec::new();
        let mut k = vec![-radius; p];
        loop {
            if k.iter().any(|v| v.abs() > skip) {
                work.spend(1)?;
                let point: Option<Vec<i64>> = self.at(&k).iter().map(Int::to_i64).collect();
                let point =
                    point.ok_or_else(|| PolyError::Overflow(format!("{:?}", self.center)))?;
                if self.domain.contains(&point)? {
                    out.push(k.clone());
                }
            }
            let mut i = p;
            loop {
                if i == 0 {
                    return Ok(out);
                }
                i -= 1;
                if k[i] < radius {
                    k[i] += 1;
                    break;
                }
                k[i] = -radius;
            }
        }
    }

    /// The polynomial in `k` rewritten in the symbols: `k_i = (s_i −
    /// center_i) / period_i`.
    fn in_symbols(&self, in_k: &Polynomial) -> Polynomial {
        let p = self.center.len();
        if p == 0 {
            return in_k.clone();
        }
        let substitute: Vec<Polynomial> = (0..p)
            .map(|i| {
                let inv =
                    Rat::new(Int::ONE, Int::from(self.period[i])).expect("periods are positive");
                Polynomial::variable(p, i)
                    .add(&Polynomial::constant(p, -&Rat::from(&self.center[i])))
                    .scale(&inv)
            })
            .collect();
        in_k.compose(&substitute)
    }
}

/// The values of the monomials at the point `k`.
fn monomial_row(monos: &[Vec<u32>], k: &[i64]) -> Vec<Rat> {
    monos
        .iter()
        .map(|e| {
            let mut v = Int::ONE;
            for (x, &power) in k.iter().zip(e) {
                for _ in 0..power {
                    v = &v * &Int::from(*x);
                }
            }
            Rat::from(v)
        })
        .collect()
}

/// At most `total` of the points (nearest first): first the nearest that
/// together give the monomial matrix of `monos` rank `needed`, then the
/// nearest others; `None` when all of them do not.
fn unisolvent_first(
    points: Vec<Vec<i64>>,
    monos: &[Vec<u32>],
    needed: usize,
    total: usize,
) -> Option<Vec<Vec<i64>>> {
    let mut echelon = Echelon::new(monos.len());
    let (mut chosen, mut rest) = (Vec::new(), Vec::new());
    for k in points {
        if chosen.len() < needed && echelon.insert(&monomial_row(monos, &k)) {
            chosen.push(k);
        } else {
            rest.push(k);
        }
    }
    if chosen.len() < needed {
        return None;
    }
    let extra = total.saturating_sub(chosen.len());
    chosen.extend(rest.into_iter().take(extra));
    Some(chosen)
}

/// Coefficients (one per monomial) of a polynomial through every
/// `(point, value)`, by exact Gaussian elimination; `None` when there is
/// none, or when the points' monomial matrix has rank below `needed`.
/// Unconstrained coefficients are zero.
fn solve(monos: &[Vec<u32>], rows: &[(Vec<i64>, Int)], needed: usize) -> Option<Vec<Rat>> {
    let m = monos.len();
    let mut matrix: Vec<Vec<Rat>> = rows
        .iter()
        .map(|(k, value)| {
            let mut row = monomial_row(monos, k);
            row.push(Rat::from(value));
            row
        })
        .collect();
    let pivots = reduce(&mut matrix, m);
    let r = pivots.len();
    if matrix[r..].iter().any(|row| !row[m].is_zero()) || pivots.len() < needed {
        return None;
    }
    let mut out = vec![Rat::ZERO; m];
    for (i, &col) in pivots.iter().enumerate() {
        out[col] = matrix[i][m].clone();
    }
    Some(out)
}

//! The affine form of Farkas' lemma: which parametrised affine forms are
//! non-negative on a polyhedron.
//!
//! An affine form `f(x) = F·(x, 1)` is non-negative on every rational point
//! of a non-empty polyhedron `P = { x : A·x + b ≥ 0, E·x + g = 0 }` exactly
//! when it is a non-negative combination of the constraints plus a
//! non-negative constant:
//!
//! ```text
//! f(x) ≡ λ₀ + λ·(A·x + b) + μ·(E·x + g),   λ₀ ≥ 0, λ ≥ 0, μ free.
//! ```
//!
//! When the coefficients of `f` are themselves affine functions of unknowns
//! `c` (a schedule's coefficients), matching the coefficients of `x` and the
//! constant gives linear constraints over `(c, λ, μ)`; eliminating the
//! multipliers (Gaussian elimination, then Fourier–Motzkin over the
//! rationals — the multipliers are real, so no integer tightening) leaves
//! the constraints over `c` alone: [`nonnegative_forms`]. This is how
//! Feautrier's and Pluto's schedulers linearise "for all dependent
//! instances" into an integer program on the schedule.
//!
//! Because the lemma speaks of rational points, the constraints found are
//! sufficient for the integer points too (they may exclude a form that is
//! non-negative on the integer points only).

use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::rational_fm::Rows;
use crate::relation::IntegerRelation;

pub use crate::rational_fm::ROW_BUDGET;

/// The work [`nonnegative_forms`] may do: a second or two. Work is counted
/// in row operations — an elimination step costs its new rows times the
/// width, a redundancy test the rows times the width squared (about as many
/// pivots as columns) — so the same input gives up on every machine.
pub const WORK_BUDGET: u64 = 100_000_000;

/// The constraints on the unknowns `c` under which the affine form whose
/// coefficients are `form` is non-negative on every rational point of `p`.
///
/// `form` has one row per column of `p` (variables, locals included) and
/// one for the constant, in that order; each row is an affine function of
/// the `num_unknowns` unknowns: `num_unknowns` coefficients, then a
/// constant. The result is a set over the unknowns (no symbols). An empty
/// `p` makes every form valid: the result is the universe.
///
/// ```
/// use tessera_polyhedral::farkas::nonnegative_forms;
/// use tessera_polyhedral::{int::ints, IntegerRelation};
/// // P = { x : 0 <= x <= 10 }; f(x) = c0*x + c1 >= 0 on P
/// // iff c1 >= 0 and 10*c0 + c1 >= 0.
/// let mut p = IntegerRelation::new_set(1, 0);
/// p.add_bounds(0, Some(0), Some(10))?;
/// let form = vec![ints(&[1, 0, 0]), ints(&[0, 1, 0])];
/// let valid = nonnegative_forms(&p, &form, 2)?;
/// assert!(valid.contains(&[-1, 10])?);
/// assert!(!valid.contains(&[-1, 9])?);
/// assert!(!valid.contains(&[0, -1])?);
/// # Ok::<(), tessera_polyhedral::PolyError>(())
/// ```
///
/// The constraint set can be exponential in the dimension of `p` (a box
/// has a constraint per vertex); past [`WORK_BUDGET`] the answer is
/// [`PolyError::WorkBudget`].
pub fn nonnegative_forms(
    p: &IntegerRelation,
    form: &[Vec<Int>],
    num_unknowns: usize,
) -> Result<IntegerRelation, PolyError> {
    nonnegative_forms_within(p, form, num_unknowns, &mut { WORK_BUDGET })
}

/// [`nonnegative_forms`], drawing its work from `work` (in the units of
/// [`WORK_BUDGET`]): a caller running many eliminations bounds them all
/// with one budget. When `work` runs out the answer is
/// [`PolyError::WorkBudget`] and `work` is left at zero.
///
/// ```
/// use tessera_polyhedral::farkas::nonnegative_forms_within;
/// use tessera_polyhedral::{int::ints, IntegerRelation, PolyError};
/// let mut p = IntegerRelation::new_set(1, 0);
/// p.add_bounds(0, Some(0), Some(10))?;
/// let form = vec![ints(&[1, 0, 0]), ints(&[0, 1, 0])];
/// let mut work = 1_000_000;
/// assert!(nonnegative_forms_within(&p, &form, 2, &mut work).is_ok());
/// assert!(work < 1_000_000);
/// let mut none = 1;
/// let starved = nonnegative_forms_within(&p, &form, 2, &mut none);
/// assert!(matches!(starved, Err(PolyError::WorkBudget { .. })));
/// # Ok::<(), PolyError>(())
/// ```
pub fn nonnegative_forms_within(
    p: &IntegerRelation,
    form: &[Vec<Int>],
    num_unknowns: usize,
    work: &mut u64,
) -> Result<IntegerRelation, PolyError> {
    let n = p.num_vars();
    if form.len() != n + 1 || form.iter().any(|r| r.len() != num_unknowns + 1) {
        return Err(PolyError::RowLength {
            expected: n + 1,
            found: form.len(),
        });
    }
    if p.is_rationally_empty() {
        return Ok(IntegerRelation::new_set(num_unknowns, 0));
    }
    let p = &irredundant(p, work)?;
    match onto_span(p, form, num_unknowns, work)? {
        Some((q, reduced)) => multiplier_elimination(&q, &reduced, num_unknowns, work),
        None => multiplier_elimination(p, form, num_unknowns, work),
    }
}

/// `p`'s constraints without duplicates and without the inequalities the
/// others imply, as a set over its columns. The lemma holds for any
/// description of the same polyhedron, and each inequality left out is a
/// multiplier fewer to eliminate: a dependence polyhedron bounds both the
/// source's and the target's subscripts, half of which its equalities make
/// redundant, and Fourier–Motzkin's cost grows with every row.
fn irredundant(p: &IntegerRelation, work: &mut u64) -> Result<IntegerRelation, PolyError> {
    let mut rows = Rows::new(
        p.equalities().to_vec(),
        p.inequalities().to_vec(),
        *work,
        lemma_budget,
    );
    rows.tidy();
    let removed = rows.remove_redundant();
    *work = rows.work;
    removed?;
    let mut q = IntegerRelation::new_set(p.num_vars(), 0);
    for row in rows.eqs {
        q.add_equality_int(row)?;
    }
    for row in rows.ineqs {
        q.add_inequality_int(row)?;
    }
    Ok(q)
}

/// The lemma itself on a non-empty `p`: the multipliers' system, then
/// their elimination.
fn multiplier_elimination(
    p: &IntegerRelation,
    form: &[Vec<Int>],
    num_unknowns: usize,
    work: &mut u64,
) -> Result<IntegerRelation, PolyError> {
    let n = p.num_vars();
    let mut result = IntegerRelation::new_set(num_unknowns, 0);
    let (ineqs, eqs) = (p.inequalities(), p.equalities());
    let (k, q) = (ineqs.len(), eqs.len());
    // Columns: unknowns, λ (one per inequality), μ (one per equality),
    // constant.
    let width = num_unknowns + k + q + 1;
    let lambda = |i: usize| num_unknowns + i;
    let mu = |e: usize| num_unknowns + k + e;
    let unknown_row = |r: &[Int]| widened(r, num_unknowns, width);
    let mut system = Rows::new(Vec::new(), Vec::new(), *work, lemma_budget);
    // Coefficient of x_j: F_j(c) - Σ λ_i A_ij - Σ μ_e E_ej = 0.
    for j in 0..n {
        let mut row = unknown_row(&form[j]);
        for (i, a) in ineqs.iter().enumerate() {
            row[lambda(i)] = -&a[j];
        }
        for (e, a) in eqs.iter().enumerate() {
            row[mu(e)] = -&a[j];
        }
        system.eqs.push(row);
    }
    // The constant: F_0(c) - Σ λ_i b_i - Σ μ_e g_e = λ₀ >= 0.
    let mut row = unknown_row(&form[n]);
    for (i, a) in ineqs.iter().enumerate() {
        row[lambda(i)] = -&a[n];
    }
    for (e, a) in eqs.iter().enumerate() {
        row[mu(e)] = -&a[n];
    }
    system.ineqs.push(row);
    for i in 0..k {
        let mut row = vec![Int::ZERO; width];
        row[lambda(i)] = Int::ONE;
        system.ineqs.push(row);
    }
    let multipliers: Vec<usize> = (num_unknowns..num_unknowns + k + q).collect();
    let eliminated = system.eliminate(&multipliers);
    *work = system.work;
    eliminated?;
    for row in system.eqs {
        result.add_equality_int(strip(row, num_unknowns))?;
    }
    for row in system.ineqs {
        result.add_inequality_int(strip(row, num_unknowns))?;
    }
    Ok(result)
}

/// The form on a polyhedron of fewer dimensions, when its variable part
/// spans fewer than `p`'s: with `y = B·x` for a basis `B` of the span of
/// the variable rows' columns (one column per unknown and one for the
/// constant), `f(x) = g(c)·y + f₀(c)`, so `f ≥ 0` on `p` exactly when
/// `g(c)·y + f₀(c) ≥ 0` on the image `Q = B·p` (a rational projection).
/// A dependence of a statement on itself has a form in the distance
/// `t − s` only: `Q` is its distance polyhedron, of the loops' dimension
/// instead of twice it plus the symbols', and the multipliers' elimination
/// on it is cheap where on `p` it grows with `p`'s vertices.
///
/// `None` when the span is as wide as `p`. The returned form is scaled
/// by a positive integer (which keeps its sign everywhere).
fn onto_span(
    p: &IntegerRelation,
    form: &[Vec<Int>],
    num_unknowns: usize,
    work: &mut u64,
) -> Result<Option<SpanForm>, PolyError> {
    let n = p.num_vars();
    let columns: Vec<Vec<Rat>> = (0..=num_unknowns)
        .map(|k| form[..n].iter().map(|row| Rat::from(&row[k])).collect())
        .collect();
    let span = Span::of(&columns);
    let r = span.basis.len();
    if r >= n {
        return Ok(None);
    }
    // Columns: x (n), y (r), constant; y_i = column basis[i] · x.
    let width = n + r + 1;
    let lift = |row: &[Int]| widened(row, n, width);
    let mut system = Rows::new(
        p.equalities().iter().map(|row| lift(row)).collect(),
        p.inequalities().iter().map(|row| lift(row)).collect(),
        *work,
        lemma_budget,
    );
    for (i, &k) in span.basis.iter().enumerate() {
        let mut row = vec![Int::ZERO; width];
        for (j, entry) in row.iter_mut().enumerate().take(n) {
            *entry = -&form[j][k];
        }
        row[n + i] = Int::ONE;
        system.eqs.push(row);
    }
    let xs: Vec<usize> = (0..n).collect();
    let eliminated = system.eliminate(&xs);
    *work = system.work;
    eliminated?;
    let mut q = IntegerRelation::new_set(r, 0);
    let drop_x = |row: Vec<Int>| row[n..].to_vec();
    for row in system.eqs {
        q.add_equality_int(drop_x(row))?;
    }
    for row in system.ineqs {
        q.add_inequality_int(drop_x(row))?;
    }
    // Row i of the new form: the coordinate of each column on basis
    // vector i; the constant row is the old one. All scaled by the common
    // denominator.
    let mut rows: Vec<Vec<Rat>> = (0..r)
        .map(|i| span.coordinates.iter().map(|c| c[i].clone()).collect())
        .collect();
    rows.push(form[n].iter().map(Rat::from).collect());
    let mut scale = Int::ONE;
    for v in rows.iter().flatten() {
        let d = v.denom();
        scale = (&scale * d).div_floor(&scale.gcd(d));
    }
    let scale = Rat::from(scale);
    let reduced = rows
        .iter()
        .map(|row| row.iter().map(|v| (v * &scale).floor()).collect())
        .collect();
    Ok(Some((q, reduced)))
}

/// A polyhedron and a form's rows over its variables (see [`onto_span`]).
type SpanForm = (IntegerRelation, Vec<Vec<Int>>);

/// A basis of the span of some rational vectors, chosen among them, and
/// every vector's coordinates on it.
struct Span {
    /// The indices of the vectors that form the basis.
    basis: Vec<usize>,
    /// `coordinates[k][i]`: vector `k`'s coefficient on basis vector `i`.
    coordinates: Vec<Vec<Rat>>,
}

impl Span {
    /// Gaussian elimination in the order given: a vector joins the basis
    /// when the earlier basis vectors do not span it.
    fn of(vectors: &[Vec<Rat>]) -> Span {
        // Echelon rows: (pivot position, row with 1 at its pivot and 0 at
        // earlier pivots, the row as a combination of basis vectors).
        let mut echelon: Vec<(usize, Vec<Rat>, Vec<Rat>)> = Vec::new();
        let mut basis = Vec::new();
        let mut coordinates = Vec::with_capacity(vectors.len());
        for (k, v) in vectors.iter().enumerate() {
            let mut rest = v.clone();
            let mut combination: Vec<Rat> = vec![Rat::ZERO; basis.len()];
            for (pivot, row, comb) in &echelon {
                let f = rest[*pivot].clone();
                if f.is_zero() {
                    continue;
                }
                for (x, y) in rest.iter_mut().zip(row) {
                    *x = &*x - &(&f * y);
                }
                for (x, y) in combination.iter_mut().zip(comb) {
                    *x = &*x + &(&f * y);
                }
            }
            match rest.iter().position(|x| !x.is_zero()) {
                None => coordinates.push(combination),
                Some(pivot) => {
                    let b = basis.len();
                    basis.push(k);
                    let lead = rest[pivot].clone();
                    let row: Vec<Rat> = rest.iter().map(|x| x / &lead).collect();
                    // rest = v − Σ combination·basis, so row = (e_b − combination) / lead.
                    let mut comb: Vec<Rat> = combination.iter().map(|x| &-x / &lead).collect();
                    comb.push(&Rat::from(Int::ONE) / &lead);
                    echelon.push((pivot, row, comb));
                    let mut unit = vec![Rat::ZERO; b + 1];
                    unit[b] = Rat::from(Int::ONE);
                    coordinates.push(unit);
                }
            }
            for (_, _, comb) in echelon.iter_mut() {
                comb.resize(basis.len(), Rat::ZERO);
            }
        }
        for c in coordinates.iter_mut() {
            c.resize(basis.len(), Rat::ZERO);
        }
        Span { basis, coordinates }
    }
}

/// `row` over (unknowns, multipliers, constant) with zero multipliers, as a
/// row over (unknowns, constant).
fn strip(mut row: Vec<Int>, num_unknowns: usize) -> Vec<Int> {
    let constant = row.pop().unwrap_or(Int::ZERO);
    row.truncate(num_unknowns);
    row.push(constant);
    row
}

/// The error of a lemma that spent its work budget.
fn lemma_budget(budget: u64) -> PolyError {
    PolyError::WorkBudget { budget }
}

/// `row` (`lead` variable columns, then the constant) as a row of `width`
/// columns: the same variables first, zeros, the constant last.
fn widened(row: &[Int], lead: usize, width: usize) -> Vec<Int> {
    let mut out = vec![Int::ZERO; width];
    out[..lead].clone_from_slice(&row[..lead]);
    out[width - 1] = row[lead].clone();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::ints;

    /// Brute force over a box of forms: the constraint set holds exactly
    /// for the forms non-negative at every point of a bounded polytope
    /// whose vertices are integral (so integer and rational agree).
    #[test]
    fn agrees_with_vertex_enumeration() {
        // Triangle 0 <= y <= x <= 4, with one equality-free description
        // and one with a redundant equality column (z = x - y).
        let mut tri = IntegerRelation::new_set(2, 0);
        tri.add_inequality(&[0, 1, 0]).unwrap();
        tri.add_inequality(&[1, -1, 0]).unwrap();
        tri.add_inequality(&[-1, 0, 4]).unwrap();
        let vertices = [[0i64, 0], [4, 0], [4, 4]];
        // f(x, y) = c0*x + c1*y + c2.
        let form = vec![
            ints(&[1, 0, 0, 0]),
            ints(&[0, 1, 0, 0]),
            ints(&[0, 0, 1, 0]),
        ];
        let valid = nonnegative_forms(&tri, &form, 3).unwrap();
        for c0 in -3..=3 {
            for c1 in -3..=3 {
                for c2 in -12..=12 {
                    let expected = vertices.iter().all(|v| c0 * v[0] + c1 * v[1] + c2 >= 0);
                    assert_eq!(valid.contains(&[c0, c1, c2]).unwrap(), expected);
                }
            }
        }
        let mut with_eq = IntegerRelation::new_set(3, 0);
        with_eq.add_inequality(&[0, 1, 0, 0]).unwrap();
        with_eq.add_inequality(&[1, -1, 0, 0]).unwrap();
        with_eq.add_inequality(&[-1, 0, 0, 4]).unwrap();
        with_eq.add_equality(&[1, -1, -1, 0]).unwrap();
        // f = c0*x + c1*y + c2 (nothing on z).
        let form = vec![
            ints(&[1, 0, 0, 0]),
            ints(&[0, 1, 0, 0]),
            ints(&[0, 0, 0, 0]),
            ints(&[0, 0, 1, 0]),
        ];
        let valid_eq = nonnegative_forms(&with_eq, &form, 3).unwrap();
        for c0 in -3..=3 {
            for c1 in -3..=3 {
                for c2 in -12..=12 {
                    assert_eq!(
                        valid_eq.contains(&[c0, c1, c2]).unwrap(),
                        valid.contains(&[c0, c1, c2]).unwrap()
                    );
                }
            }
        }
    }

    /// A self-dependence's form is a function of the distance `t − s`:
    /// the lemma runs on the distance polyhedron (2 dimensions instead of
    /// 4) and must give the same constraints as on the pair polyhedron,
    /// and as brute force over its integer points (its vertices are
    /// integral).
    #[test]
    fn the_form_on_its_span_agrees_with_the_full_polyhedron() {
        // 0 <= s0, t0 <= 4; 0 <= s1, t1 <= 3; t0 >= s0 + 1 (carried).
        let mut p = IntegerRelation::new_set(4, 0);
        for (col, hi) in [(0, 4), (1, 3), (2, 4), (3, 3)] {
            p.add_bounds(col, Some(0), Some(hi)).unwrap();
        }
        p.add_inequality(&[-1, 0, 1, 0, -1]).unwrap();
        // f = c0 (t0 - s0) + c1 (t1 - s1) + c2 - 1.
        let form = vec![
            ints(&[-1, 0, 0, 0]),
            ints(&[0, -1, 0, 0]),
            ints(&[1, 0, 0, 0]),
            ints(&[0, 1, 0, 0]),
            ints(&[0, 0, 1, -1]),
        ];
        assert!(onto_span(&p, &form, 3, &mut { WORK_BUDGET })
            .unwrap()
            .is_some_and(|(q, _)| q.num_vars() == 2));
        let reduced = nonnegative_forms(&p, &form, 3).unwrap();
        let full = multiplier_elimination(&p, &form, 3, &mut { WORK_BUDGET }).unwrap();
        let mut points = Vec::new();
        for s0 in 0..=4i64 {
            for s1 in 0..=3 {
                for t0 in s0 + 1..=4 {
                    for t1 in 0..=3 {
                        points.push((t0 - s0, t1 - s1));
                    }
                }
            }
        }
        for c0 in -3..=3i64 {
            for c1 in -3..=3 {
                for c2 in -15..=15 {
                    let expected = points.iter().all(|(d0, d1)| c0 * d0 + c1 * d1 + c2 > 0);
                    let c = [c0, c1, c2];
                    assert_eq!(reduced.contains(&c).unwrap(), expected, "{c:?}");
                    assert_eq!(full.contains(&c).unwrap(), expected, "{c:?}");
                }
            }
        }
    }

    /// Random polytopes in 4 dimensions (a box cut by two random rows) and
    /// random forms whose variable part spans 1 to 3 dimensions: the
    /// reduced lemma and the full one accept exactly the same forms on a
    /// grid of unknowns.
    #[test]
    fn reduced_and_full_lemma_agree_on_random_polytopes() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |lo: i64, hi: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            lo + (seed % (hi - lo + 1) as u64) as i64
        };
        let mut reduced_cases = 0;
        for _ in 0..60 {
            let mut p = IntegerRelation::new_set(4, 0);
            for col in 0..4 {
                p.add_bounds(col, Some(next(-3, 0)), Some(next(1, 4)))
                    .unwrap();
            }
            for _ in 0..2 {
                let row: Vec<i64> = (0..5).map(|_| next(-3, 3)).map(|a| a + 2).collect();
                p.add_inequality(&row).unwrap();
            }
            if p.is_rationally_empty() {
                continue;
            }
            // The variable rows' columns (unknowns c0, c1 and the constant)
            // are combinations of `dims` random directions.
            let dims = next(1, 3) as usize;
            let directions: Vec<Vec<i64>> = (0..dims)
                .map(|_| (0..4).map(|_| next(-2, 2)).collect())
                .collect();
            let mut columns = Vec::new();
            for _ in 0..3 {
                let weights: Vec<i64> = (0..dims).map(|_| next(-1, 1)).collect();
                columns.push(
                    (0..4)
                        .map(|j| {
                            (0..dims)
                                .map(|d| weights[d] * directions[d][j])
                                .sum::<i64>()
                        })
                        .collect::<Vec<i64>>(),
                );
            }
            // f = c0·(column 0)·x + c1·(column 1)·x + (column 2)·x + c2.
            let mut form: Vec<Vec<Int>> = (0..4)
                .map(|j| ints(&[columns[0][j], columns[1][j], 0, columns[2][j]]))
                .collect();
            form.push(ints(&[0, 0, 1, 0]));
            if onto_span(&p, &form, 3, &mut { WORK_BUDGET })
                .unwrap()
                .is_some()
            {
                reduced_cases += 1;
            }
            let reduced = nonnegative_forms(&p, &form, 3).unwrap();
            let full = multiplier_elimination(&p, &form, 3, &mut { WORK_BUDGET }).unwrap();
            for c0 in -2..=2i64 {
                for c1 in -2..=2 {
                    for c2 in -12..=12 {
                        let c = [c0, c1, c2];
                        assert_eq!(
                            reduced.contains(&c).unwrap(),
                            full.contains(&c).unwrap(),
                            "{c:?} on {p:?} with {form:?}"
                        );
                    }
                }
            }
        }
        assert!(
            reduced_cases >= 20,
            "only {reduced_cases} cases were reduced"
        );
    }

    /// The lemma is applied to `p` without its redundant rows: on random
    /// polytopes described with implied rows and duplicates added, it
    /// accepts exactly the forms the plain lemma on that description
    /// accepts (a grid of unknowns), and spends less work.
    #[test]
    fn redundant_rows_change_nothing_but_the_work() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |lo: i64, hi: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            lo + (seed % (hi - lo + 1) as u64) as i64
        };
        let mut cheaper = 0;
        for _ in 0..40 {
            let mut p = IntegerRelation::new_set(3, 0);
            for col in 0..3 {
                p.add_bounds(col, Some(next(-3, 0)), Some(next(1, 4)))
                    .unwrap();
            }
            let row: Vec<i64> = (0..4).map(|_| next(-3, 3)).map(|a| a + 2).collect();
            p.add_inequality(&row).unwrap();
            if p.is_rationally_empty() {
                continue;
            }
            // Implied rows: non-negative combinations of two rows, plus a
            // non-negative constant; and a row repeated.
            let rows: Vec<Vec<Int>> = p.inequalities().to_vec();
            for _ in 0..4 {
                let (a, b) = (next(0, 6) as usize, next(0, 6) as usize);
                let (u, v) = (Int::from(next(1, 3)), Int::from(next(0, 2)));
                let mut implied: Vec<Int> = rows[a]
                    .iter()
                    .zip(&rows[b])
                    .map(|(x, y)| &u * x + &v * y)
                    .collect();
                implied[3] = &implied[3] + &Int::from(next(0, 2));
                p.add_inequality_int(implied).unwrap();
            }
            p.add_inequality_int(rows[0].clone()).unwrap();
            // f = c0·x0 + c1·(x1 - x2) + c2.
            let form = vec![
                ints(&[1, 0, 0, 0]),
                ints(&[0, 1, 0, 0]),
                ints(&[0, -1, 0, 0]),
                ints(&[0, 0, 1, 0]),
            ];
            let (mut lean, mut plain) = (WORK_BUDGET, WORK_BUDGET);
            let valid = nonnegative_forms_within(&p, &form, 3, &mut lean).unwrap();
            let expected = multiplier_elimination(&p, &form, 3, &mut plain).unwrap();
            cheaper += usize::from(lean > plain);
            for c0 in -2..=2i64 {
                for c1 in -2..=2 {
                    for c2 in -12..=12 {
                        let c = [c0, c1, c2];
                        assert_eq!(
                            valid.contains(&c).unwrap(),
                            expected.contains(&c).unwrap(),
                            "{c:?} on {p:?}"
                        );
                    }
                }
            }
        }
        assert!(cheaper >= 10, "only {cheaper} cases spent less work");
    }

    #[test]
    fn empty_polyhedra_accept_every_form_and_bad_shapes_are_errors() {
        let mut empty = IntegerRelation::new_set(1, 0);
        empty.add_inequality(&[1, -5]).unwrap();
        empty.add_inequality(&[-1, 4]).unwrap();
        let form = vec![ints(&[1, 0]), ints(&[0, -100])];
        let valid = nonnegative_forms(&empty, &form, 1).unwrap();
        assert!(valid.contains(&[-7]).unwrap());
        assert!(nonnegative_forms(&empty, &form[..1], 1).is_err());
    }

    #[test]
    fn unbounded_directions_force_zero_or_sign() {
        // P = { x >= 0 } (unbounded): f = c0*x + c1 >= 0 iff c0 >= 0, c1 >= 0.
        let mut p = IntegerRelation::new_set(1, 0);
        p.add_inequality(&[1, 0]).unwrap();
        let form = vec![ints(&[1, 0, 0]), ints(&[0, 1, 0])];
        let valid = nonnegative_forms(&p, &form, 2).unwrap();
        assert!(valid.contains(&[0, 0]).unwrap());
        assert!(valid.contains(&[3, 1]).unwrap());
        assert!(!valid.contains(&[-1, 100]).unwrap());
        assert!(!valid.contains(&[1, -1]).unwrap());
    }
}

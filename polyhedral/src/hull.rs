//! The convex hull of a union ([`PresburgerSet::convex_hull`]): the
//! smallest polyhedron containing every disjunct, exact over the
//! rationals, by Balas's lifting and Fourier–Motzkin elimination.
//!
//! For disjuncts `P_i = {x : A_i·x + c_i ≥ 0}` the closed convex hull of
//! their union is the projection onto `y` of
//!
//! ```text
//! y = Σ z_i,  Σ λ_i = 1,  λ_i ≥ 0,  A_i·z_i + c_i·λ_i ≥ 0
//! ```
//!
//! (Balas, *Disjunctive programming*, 1979). The `z_i` and `λ_i` are
//! rational, so they are eliminated by the rational Fourier–Motzkin the
//! affine form lemma uses (`rational_fm`: rows scaled by the gcd of all
//! their entries, never tightened as integer rows are; implied rows
//! removed as the system grows). The hull's own rows are then tightened (every integer point
//! stays) and freed of redundant rows. A disjunct's locals are first
//! eliminated the same way: the hull of a set with divisions is that of
//! its rational relaxation.

use crate::error::PolyError;
use crate::int::Int;
use crate::rational_fm::Rows;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::space::VarKind;

/// The work each elimination may do (row operations, as the affine form
/// lemma counts them).
const HULL_WORK: u64 = 20_000_000;

fn hull_budget(budget: u64) -> PolyError {
    PolyError::Budget {
        what: "the convex hull",
        budget,
    }
}

impl PresburgerSet {
    /// The convex hull: the smallest polyhedron (over the rationals)
    /// containing every disjunct, its rows tightened to integer rows.
    /// Disjuncts without integer points are left out; locals are
    /// relaxed (the hull of a set with divisions is that of its rational
    /// relaxation). Unbounded disjuncts give the closure of the hull.
    ///
    /// ```
    /// use tessera_polyhedral::text::parse_presburger;
    /// // Two points: the segment between them, whose only integer points
    /// // are its ends.
    /// let u = parse_presburger("(d0, d1) : (d0 == 0, d1 == 0) or (d0, d1) : (d0 - 2 == 0, d1 - 1 == 0)")
    ///     .unwrap()
    ///     .value;
    /// let hull = u.convex_hull()?;
    /// assert!(hull.contains(&[0, 0])? && hull.contains(&[2, 1])?);
    /// assert!(!hull.contains(&[1, 0])? && !hull.contains(&[1, 1])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn convex_hull(&self) -> Result<IntegerRelation, PolyError> {
        let plain = self.space().with_count(VarKind::Local, 0);
        let k = plain.num_vars();
        let mut pieces: Vec<Rows> = Vec::new();
        for d in self.disjuncts() {
            if d.is_integer_empty() {
                continue;
            }
            let n = d.num_vars();
            let mut piece = Rows::new(d.eqs.clone(), d.ineqs.clone(), HULL_WORK, hull_budget);
            piece.eliminate(&(k..n).collect::<Vec<_>>())?;
            pieces.push(keep_columns(piece, k));
        }
        let hull = match pieces.len() {
            0 => return Ok(IntegerRelation::empty(plain)),
            1 => pieces.pop().expect("one piece"),
            _ => balas(&pieces, k)?,
        };
        let mut hull = {
            let mut rel = IntegerRelation::new(plain);
            rel.eqs = hull.eqs;
            rel.ineqs = hull.ineqs;
            rel
        };
        if !hull.normalize() {
            return Ok(IntegerRelation::empty(plain));
        }
        hull.remove_redundant_inequalities();
        Ok(hull)
    }
}

/// The lifted system of the hull of `pieces` (each over `k` columns), with
/// every column but the first `k` eliminated.
fn balas(pieces: &[Rows], k: usize) -> Result<Rows, PolyError> {
    let m = pieces.len();
    // Columns: y (k), then per piece z_i (k) and λ_i; the constant last.
    let width = k + m * (k + 1) + 1;
    let z = |i: usize, j: usize| k + i * (k + 1) + j;
    let lambda = |i: usize| k + i * (k + 1) + k;
    let (mut eqs, mut ineqs) = (Vec::new(), Vec::new());
    for j in 0..k {
        let mut row = vec![Int::ZERO; width];
        row[j] = Int::ONE;
        for i in 0..m {
            row[z(i, j)] = Int::from(-1);
        }
        eqs.push(row);
    }
    let mut sum = vec![Int::ZERO; width];
    for i in 0..m {
        sum[lambda(i)] = Int::ONE;
        let mut nonnegative = vec![Int::ZERO; width];
        nonnegative[lambda(i)] = Int::ONE;
        ineqs.push(nonnegative);
    }
    sum[width - 1] = Int::from(-1);
    eqs.push(sum);
    for (i, piece) in pieces.iter().enumerate() {
        let lift = |row: &Vec<Int>| -> Vec<Int> {
            let mut r = vec![Int::ZERO; width];
            for j in 0..k {
                r[z(i, j)] = row[j].clone();
            }
            r[lambda(i)] = row[k].clone();
            r
        };
        eqs.extend(piece.eqs.iter().map(lift));
        ineqs.extend(piece.ineqs.iter().map(lift));
    }
    let mut system = Rows::new(eqs, ineqs, HULL_WORK, hull_budget);
    system.eliminate(&(k..width - 1).collect::<Vec<_>>())?;
    Ok(keep_columns(system, k))
}

/// The rows restricted to the first `k` columns and the constant (the
/// others are eliminated: zero).
fn keep_columns(rows: Rows, k: usize) -> Rows {
    let keep = |row: Vec<Int>| -> Vec<Int> {
        let mut r = row[..k].to_vec();
        r.push(row[row.len() - 1].clone());
        r
    };
    Rows::new(
        rows.eqs.into_iter().map(keep).collect(),
        rows.ineqs.into_iter().map(keep).collect(),
        rows.work,
        hull_budget,
    )
}

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
//! rational, so they are eliminated by plain Fourier–Motzkin — rows scaled
//! by the gcd of all their entries, never tightened as integer rows are —
//! with rows implied by the others removed by the simplex as the system
//! grows. The hull's own rows are then tightened (every integer point
//! stays) and freed of redundant rows. A disjunct's locals are first
//! eliminated the same way: the hull of a set with divisions is that of
//! its rational relaxation.

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::simplex::LpResult;
use crate::space::VarKind;

/// The most inequalities the elimination may hold at once.
const MAX_ROWS: usize = 1024;

/// The most work of the implied-row removal: the rows of all the simplex
/// problems it solves, added up.
const MAX_PRUNE_WORK: u64 = 500_000;

/// Inequality counts above which implied rows are removed.
const PRUNE_ABOVE: usize = 24;

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
        let mut pieces: Vec<System> = Vec::new();
        for d in self.disjuncts() {
            if d.is_integer_empty() {
                continue;
            }
            let n = d.num_vars();
            let mut piece = System::of(d);
            piece.eliminate(k..n)?;
            pieces.push(piece.keep_columns(k));
        }
        let mut hull = match pieces.len() {
            0 => return Ok(IntegerRelation::empty(plain)),
            1 => pieces.pop().expect("one piece"),
            _ => balas(&pieces, k)?,
        }
        .into_relation(plain);
        if !hull.normalize() {
            return Ok(IntegerRelation::empty(plain));
        }
        hull.remove_redundant_inequalities();
        Ok(hull)
    }
}

/// The lifted system of the hull of `pieces` (each over `k` columns), with
/// every column but the first `k` eliminated.
fn balas(pieces: &[System], k: usize) -> Result<System, PolyError> {
    let m = pieces.len();
    // Columns: y (k), then per piece z_i (k) and λ_i; the constant last.
    let width = k + m * (k + 1) + 1;
    let z = |i: usize, j: usize| k + i * (k + 1) + j;
    let lambda = |i: usize| k + i * (k + 1) + k;
    let mut system = System {
        eqs: Vec::new(),
        ineqs: Vec::new(),
        work: 0,
    };
    for j in 0..k {
        let mut row = vec![Int::ZERO; width];
        row[j] = Int::ONE;
        for i in 0..m {
            row[z(i, j)] = Int::from(-1);
        }
        system.eqs.push(row);
    }
    let mut sum = vec![Int::ZERO; width];
    for i in 0..m {
        sum[lambda(i)] = Int::ONE;
        let mut nonnegative = vec![Int::ZERO; width];
        nonnegative[lambda(i)] = Int::ONE;
        system.ineqs.push(nonnegative);
    }
    sum[width - 1] = Int::from(-1);
    system.eqs.push(sum);
    for (i, piece) in pieces.iter().enumerate() {
        let lift = |row: &Vec<Int>| -> Vec<Int> {
            let mut r = vec![Int::ZERO; width];
            for j in 0..k {
                r[z(i, j)] = row[j].clone();
            }
            r[lambda(i)] = row[k].clone();
            r
        };
        system.eqs.extend(piece.eqs.iter().map(lift));
        system.ineqs.extend(piece.ineqs.iter().map(lift));
    }
    system.eliminate(k..width - 1)?;
    Ok(system.keep_columns(k))
}

/// Rows over rationals: `[coefficients.., constant]`, equalities `= 0`
/// and inequalities `≥ 0`.
struct System {
    eqs: Vec<Vec<Int>>,
    ineqs: Vec<Vec<Int>>,
    /// The implied-row removal's work so far.
    work: u64,
}

impl System {
    fn of(rel: &IntegerRelation) -> System {
        System {
            eqs: rel.equalities().to_vec(),
            ineqs: rel.inequalities().to_vec(),
            work: 0,
        }
    }

    /// The rows restricted to the first `k` columns and the constant
    /// (the others must be zero).
    fn keep_columns(self, k: usize) -> System {
        let keep = |row: Vec<Int>| -> Vec<Int> {
            let mut r = row[..k].to_vec();
            r.push(row[row.len() - 1].clone());
            r
        };
        System {
            eqs: self.eqs.into_iter().map(keep).collect(),
            ineqs: self.ineqs.into_iter().map(keep).collect(),
            work: self.work,
        }
    }

    fn into_relation(self, space: crate::space::Space) -> IntegerRelation {
        let mut rel = IntegerRelation::new(space);
        rel.eqs = self.eqs;
        rel.ineqs = self.ineqs;
        rel
    }

    /// Eliminates the columns `cols` over the rationals: through an
    /// equality when one has the column, else by Fourier–Motzkin.
    fn eliminate(&mut self, cols: std::ops::Range<usize>) -> Result<(), PolyError> {
        for col in cols {
            if let Some(at) = self.eqs.iter().position(|r| !r[col].is_zero()) {
                let pivot = self.eqs.swap_remove(at);
                for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
                    cancel(row, &pivot, col);
                }
            } else {
                let (mut lower, mut upper, mut rest) = (Vec::new(), Vec::new(), Vec::new());
                for row in std::mem::take(&mut self.ineqs) {
                    match row[col].signum() {
                        1 => lower.push(row),
                        -1 => upper.push(row),
                        _ => rest.push(row),
                    }
                }
                if rest.len() + lower.len() * upper.len() > MAX_ROWS {
                    return Err(budget(MAX_ROWS as u64));
                }
                for l in &lower {
                    for u in &upper {
                        let mut row = u.clone();
                        cancel(&mut row, l, col);
                        rest.push(row);
                    }
                }
                self.ineqs = rest;
            }
            self.tidy();
            if self.ineqs.len() > PRUNE_ABOVE {
                self.remove_implied()?;
            }
        }
        Ok(())
    }

    /// Scales every row by the gcd of its entries, drops rows that hold
    /// everywhere and duplicates.
    fn tidy(&mut self) {
        for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            let g = row.iter().fold(Int::ZERO, |g, v| g.gcd(v));
            if !g.is_zero() && !g.is_one() {
                for v in row.iter_mut() {
                    *v = v.div_floor(&g);
                }
            }
        }
        let n = self
            .eqs
            .first()
            .or(self.ineqs.first())
            .map_or(0, |r| r.len() - 1);
        self.eqs
            .retain(|r| r[..n].iter().any(|v| !v.is_zero()) || !r[n].is_zero());
        self.ineqs
            .retain(|r| r[..n].iter().any(|v| !v.is_zero()) || r[n].is_negative());
        self.ineqs.sort();
        self.ineqs.dedup();
    }

    /// Removes the inequalities the other rows imply (their rational
    /// minimum over the others is non-negative).
    fn remove_implied(&mut self) -> Result<(), PolyError> {
        let n = self.ineqs[0].len() - 1;
        let mut i = 0;
        while i < self.ineqs.len() {
            self.work += (self.ineqs.len() + self.eqs.len()) as u64;
            if self.work > MAX_PRUNE_WORK {
                return Err(budget(MAX_PRUNE_WORK));
            }
            let row = self.ineqs.remove(i);
            let mut others = IntegerRelation::new_set(n, 0);
            others.eqs = self.eqs.clone();
            others.ineqs = self.ineqs.clone();
            let implied = match others.rational_minimum(&row)? {
                LpResult::Optimal { value, .. } => value.signum() >= 0,
                LpResult::Infeasible | LpResult::Unbounded => false,
            };
            if !implied {
                self.ineqs.insert(i, row);
                i += 1;
            }
        }
        Ok(())
    }
}

fn budget(budget: u64) -> PolyError {
    PolyError::Budget {
        what: "the convex hull",
        budget,
    }
}

/// `row` with column `col` cancelled against `pivot`: `row·|p| − r·sign(p)
/// ·pivot` (a positive multiple of `row`, so an inequality keeps its
/// direction; `pivot` an equality, or an inequality of opposite sign in
/// that column).
fn cancel(row: &mut [Int], pivot: &[Int], col: usize) {
    let r = row[col].clone();
    if r.is_zero() {
        return;
    }
    let p = pivot[col].clone();
    let (scale, factor) = if p.is_negative() { (-&p, -&r) } else { (p, r) };
    for (x, y) in row.iter_mut().zip(pivot) {
        *x = &(&*x * &scale) - &(&factor * y);
    }
}

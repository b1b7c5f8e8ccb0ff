//! An exact rational simplex over free variables.
//!
//! The dictionary form is used: every constraint `a·x + c ≥ 0` gets a slack
//! variable `s = a·x + c` that must stay non-negative (an equality gives two
//! slacks, `a·x + c` and `−a·x − c`); the variables `x` are free. The free
//! variables are first pivoted into the basis (where they are never chosen
//! to leave), a single artificial variable then finds a feasible basis
//! (phase 1), and phase 2 optimises. Entering and leaving variables follow
//! Bland's rule, so the method terminates; every entry is an exact [`Rat`],
//! so the answers (empty, optimum, unbounded) are exact.
//!
//! This is the cheap first answer of the integer solver (a rationally empty
//! system has no integer point) and the judge of redundancy in projection.

use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;

/// The result of minimising a linear objective over the rational points of
/// a system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LpResult {
    /// The system has no rational point.
    Infeasible,
    /// The objective has no lower bound.
    Unbounded,
    /// The minimum and a point where it is attained.
    Optimal {
        /// The minimal value of the objective.
        value: Rat,
        /// A rational point (one value per variable column) attaining it.
        point: Vec<Rat>,
    },
}

struct Dictionary {
    /// `rows[r]`: basic variable `basic[r] = rows[r][last] + Σ rows[r][j]·nonbasic[j]`.
    rows: Vec<Vec<Rat>>,
    basic: Vec<usize>,
    nonbasic: Vec<usize>,
    /// Variables `< num_free` are free; the rest must be non-negative.
    num_free: usize,
}

impl Dictionary {
    fn restricted(&self, var: usize) -> bool {
        var >= self.num_free
    }

    fn width(&self) -> usize {
        self.nonbasic.len()
    }

    /// Exchanges basic variable of row `r` with the nonbasic variable of
    /// column `c`, updating the objective row `obj` as well.
    fn pivot(&mut self, r: usize, c: usize, obj: &mut [Rat]) {
        let w = self.width();
        let pivot = self.rows[r][c].clone();
        let mut new_row: Vec<Rat> = self.rows[r].iter().map(|v| -&(v / &pivot)).collect();
        new_row[c] = &Rat::from(Int::ONE) / &pivot;
        let update = |row: &mut [Rat]| {
            let f = row[c].clone();
            if f.is_zero() {
                return;
            }
            for j in 0..=w {
                if j == c {
                    row[j] = &f * &new_row[c];
                } else if !new_row[j].is_zero() {
                    row[j] = &row[j] + &(&f * &new_row[j]);
                }
            }
        };
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i != r {
                update(row);
            }
        }
        update(obj);
        self.rows[r] = new_row;
        std::mem::swap(&mut self.basic[r], &mut self.nonbasic[c]);
    }

    /// Maximises the objective row with Bland's rule. Returns `false` when
    /// the objective is unbounded above.
    fn maximize(&mut self, obj: &mut [Rat]) -> bool {
        let w = self.width();
        loop {
            let entering = (0..w)
                .filter(|&j| obj[j].signum() > 0)
                .min_by_key(|&j| self.nonbasic[j]);
            let Some(c) = entering else {
                return true;
            };
            let mut best: Option<(usize, Rat)> = None;
            for (r, row) in self.rows.iter().enumerate() {
                if !self.restricted(self.basic[r]) || row[c].signum() >= 0 {
                    continue;
                }
                let ratio = &row[w] / &(-&row[c]);
                let better = match &best {
                    None => true,
                    Some((br, b)) => ratio < *b || (ratio == *b && self.basic[r] < self.basic[*br]),
                };
                if better {
                    best = Some((r, ratio));
                }
            }
            match best {
                Some((r, _)) => self.pivot(r, c, obj),
                None => return false,
            }
        }
    }

    fn value_of(&self, var: usize) -> Rat {
        let w = self.width();
        match self.basic.iter().position(|&b| b == var) {
            Some(r) => self.rows[r][w].clone(),
            None => Rat::ZERO,
        }
    }
}

/// Minimises `objective · (x, 1)` (or just finds a point when `objective`
/// is `None`) over the rational points of `eqs` (`= 0`) and `ineqs`
/// (`>= 0`) with `num_vars` free variables.
pub(crate) fn minimize(
    num_vars: usize,
    eqs: &[Vec<Int>],
    ineqs: &[Vec<Int>],
    objective: Option<&[Int]>,
) -> LpResult {
    let mut slack_rows: Vec<Vec<Rat>> = Vec::new();
    let to_row = |row: &[Int], sign: bool| -> Vec<Rat> {
        row.iter()
            .map(|v| Rat::from(if sign { -v } else { v.clone() }))
            .collect()
    };
    for e in eqs {
        slack_rows.push(to_row(e, false));
        slack_rows.push(to_row(e, true));
    }
    for i in ineqs {
        slack_rows.push(to_row(i, false));
    }
    let m = slack_rows.len();
    let mut d = Dictionary {
        rows: slack_rows,
        basic: (num_vars..num_vars + m).collect(),
        nonbasic: (0..num_vars).collect(),
        num_free: num_vars,
    };
    let mut obj = vec![Rat::ZERO; num_vars + 1];
    // Phase 0: pivot free variables into the basis.
    for c in 0..num_vars {
        let r = (0..d.rows.len()).find(|&r| d.restricted(d.basic[r]) && !d.rows[r][c].is_zero());
        if let Some(r) = r {
            d.pivot(r, c, &mut obj);
        }
    }
    // Phase 1: an artificial variable (id num_vars + m) added to every
    // restricted row.
    let w = d.width();
    let worst = (0..d.rows.len())
        .filter(|&r| d.restricted(d.basic[r]))
        .min_by(|&a, &b| d.rows[a][w].cmp(&d.rows[b][w]));
    if let Some(r0) = worst.filter(|&r| d.rows[r][w].signum() < 0) {
        let artificial = num_vars + m;
        for r in 0..d.rows.len() {
            let coeff = if d.restricted(d.basic[r]) {
                Rat::from(Int::ONE)
            } else {
                Rat::ZERO
            };
            d.rows[r].insert(w, coeff);
        }
        d.nonbasic.push(artificial);
        let mut aux = vec![Rat::ZERO; w + 2];
        aux[w] = Rat::from(Int::from(-1));
        d.pivot(r0, w, &mut aux);
        d.maximize(&mut aux);
        if aux[w + 1].signum() < 0 {
            return LpResult::Infeasible;
        }
        if let Some(r) = d.basic.iter().position(|&b| b == artificial) {
            match (0..w + 1).find(|&j| !d.rows[r][j].is_zero()) {
                Some(c) => d.pivot(r, c, &mut aux),
                None => {
                    d.rows.remove(r);
                    d.basic.remove(r);
                }
            }
        }
        let c = d
            .nonbasic
            .iter()
            .position(|&v| v == artificial)
            .unwrap_or(w);
        if c < d.nonbasic.len() {
            d.nonbasic.remove(c);
            for row in d.rows.iter_mut() {
                row.remove(c);
            }
        }
    }
    let w = d.width();
    let point = |d: &Dictionary| -> Vec<Rat> { (0..num_vars).map(|v| d.value_of(v)).collect() };
    let Some(f) = objective else {
        return LpResult::Optimal {
            value: Rat::ZERO,
            point: point(&d),
        };
    };
    // Phase 2: maximise -f·x expressed in the nonbasic variables.
    let mut obj = vec![Rat::ZERO; w + 1];
    for (var, coeff) in f[..num_vars].iter().enumerate() {
        if coeff.is_zero() {
            continue;
        }
        let g = Rat::from(-coeff);
        if let Some(r) = d.basic.iter().position(|&b| b == var) {
            for (o, v) in obj.iter_mut().zip(&d.rows[r]) {
                *o = &*o + &(&g * v);
            }
        } else if let Some(c) = d.nonbasic.iter().position(|&b| b == var) {
            obj[c] = &obj[c] + &g;
        }
    }
    // A free nonbasic variable is unconstrained: any objective weight on it
    // makes the problem unbounded.
    if (0..w).any(|c| !d.restricted(d.nonbasic[c]) && !obj[c].is_zero()) {
        return LpResult::Unbounded;
    }
    if !d.maximize(&mut obj) {
        return LpResult::Unbounded;
    }
    let value = &Rat::from(&f[num_vars]) - &obj[w];
    LpResult::Optimal {
        value,
        point: point(&d),
    }
}

/// Minimises `objective · (x, 1)` over `{ x ≥ 0 : eqs = 0, ineqs ≥ 0 }`.
/// When the origin is a point of it (every equality's constant is zero and
/// every inequality's is non-negative) the variables start non-basic at
/// zero, a feasible vertex, so only phase 2 runs; otherwise the bounds
/// `x ≥ 0` are added as rows and [`minimize`] decides.
pub(crate) fn minimize_nonnegative(
    num_vars: usize,
    eqs: &[Vec<Int>],
    ineqs: &[Vec<Int>],
    objective: &[Int],
) -> LpResult {
    let origin_feasible = eqs.iter().all(|e| e[num_vars].is_zero())
        && ineqs.iter().all(|i| i[num_vars].signum() >= 0);
    if !origin_feasible {
        let mut rows = ineqs.to_vec();
        for v in 0..num_vars {
            let mut row = vec![Int::ZERO; num_vars + 1];
            row[v] = Int::ONE;
            rows.push(row);
        }
        return minimize(num_vars, eqs, &rows, Some(objective));
    }
    let to_row = |row: &[Int], negate: bool| -> Vec<Rat> {
        row.iter()
            .map(|v| Rat::from(if negate { -v } else { v.clone() }))
            .collect()
    };
    let mut rows: Vec<Vec<Rat>> = Vec::new();
    for e in eqs {
        rows.push(to_row(e, false));
        rows.push(to_row(e, true));
    }
    rows.extend(ineqs.iter().map(|i| to_row(i, false)));
    let m = rows.len();
    let mut d = Dictionary {
        rows,
        basic: (num_vars..num_vars + m).collect(),
        nonbasic: (0..num_vars).collect(),
        num_free: 0,
    };
    // Maximise −f·x: with x non-basic, its row is −f directly.
    let mut obj: Vec<Rat> = objective[..num_vars]
        .iter()
        .map(|c| Rat::from(-c))
        .collect();
    obj.push(Rat::ZERO);
    if !d.maximize(&mut obj) {
        return LpResult::Unbounded;
    }
    LpResult::Optimal {
        value: &Rat::from(&objective[num_vars]) - &obj[num_vars],
        point: (0..num_vars).map(|v| d.value_of(v)).collect(),
    }
}

impl IntegerRelation {
    /// Whether the system has no rational point (all columns, locals
    /// included, read as rationals). A rationally empty system is integer
    /// empty; the converse does not hold.
    pub fn is_rationally_empty(&self) -> bool {
        matches!(
            minimize(self.num_vars(), &self.eqs, &self.ineqs, None),
            LpResult::Infeasible
        )
    }

    /// A rational point of the system (one value per variable column), or
    /// `None` when it is rationally empty.
    pub fn rational_sample(&self) -> Option<Vec<Rat>> {
        match minimize(self.num_vars(), &self.eqs, &self.ineqs, None) {
            LpResult::Optimal { point, .. } => Some(point),
            _ => None,
        }
    }

    /// Minimises `objective · (x, 1)` (one coefficient per variable column
    /// plus the constant) over the rational points.
    ///
    /// ```
    /// use tessera_polyhedral::{simplex::LpResult, Int, IntegerRelation, Rat};
    /// let mut p = IntegerRelation::new_set(1, 0);
    /// p.add_inequality(&[2, -3])?; // 2*d0 >= 3
    /// let obj = [Int::from(1), Int::from(0)];
    /// match p.rational_minimum(&obj)? {
    ///     LpResult::Optimal { value, .. } => {
    ///         assert_eq!(Some(value), Rat::new(Int::from(3), Int::from(2)))
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn rational_minimum(&self, objective: &[Int]) -> Result<LpResult, crate::PolyError> {
        if objective.len() != self.num_cols() {
            return Err(crate::PolyError::RowLength {
                expected: self.num_cols(),
                found: objective.len(),
            });
        }
        Ok(minimize(
            self.num_vars(),
            &self.eqs,
            &self.ineqs,
            Some(objective),
        ))
    }

    /// Minimises `objective · (x, 1)` over the rational points of the
    /// system whose variables are all non-negative. Fast when the origin
    /// is a point of the system (only phase 2 of the simplex runs), as in
    /// the integer programs of schedulers.
    ///
    /// ```
    /// use tessera_polyhedral::{simplex::LpResult, Int, IntegerRelation, Rat};
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[-1, -1, 4])?; // x + y <= 4 (with x, y >= 0)
    /// let obj = [Int::from(-1), Int::from(-2), Int::from(0)]; // -x - 2y
    /// match p.rational_minimum_nonnegative(&obj)? {
    ///     LpResult::Optimal { value, .. } => assert_eq!(value, Rat::from(Int::from(-8))),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn rational_minimum_nonnegative(
        &self,
        objective: &[Int],
    ) -> Result<LpResult, crate::PolyError> {
        if objective.len() != self.num_cols() {
            return Err(crate::PolyError::RowLength {
                expected: self.num_cols(),
                found: objective.len(),
            });
        }
        Ok(minimize_nonnegative(
            self.num_vars(),
            &self.eqs,
            &self.ineqs,
            objective,
        ))
    }

    /// Removes inequalities implied (over the rationals) by the other rows,
    /// one simplex per row. Keeps the integer point set unchanged.
    pub fn remove_redundant_inequalities(&mut self) {
        let n = self.num_vars();
        let mut i = 0;
        while i < self.ineqs.len() {
            let row = self.ineqs.remove(i);
            let redundant = match minimize(n, &self.eqs, &self.ineqs, Some(&row)) {
                LpResult::Infeasible => true,
                LpResult::Unbounded => false,
                LpResult::Optimal { value, .. } => value.signum() >= 0,
            };
            if !redundant {
                self.ineqs.insert(i, row);
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::ints;

    fn rows(v: &[&[i64]]) -> Vec<Vec<Int>> {
        v.iter().map(|r| ints(r)).collect()
    }

    /// From the origin or through the general simplex, the same optimum
    /// as the general simplex with explicit bounds, on random systems.
    #[test]
    fn nonnegative_minimum_agrees_with_the_general_simplex() {
        let mut seed = 777u64;
        let mut next = |m: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        for _ in 0..400 {
            let n = 1 + next(4) as usize;
            let mut ineqs = Vec::new();
            for _ in 0..1 + next(5) {
                let mut row: Vec<i64> = (0..n).map(|_| next(9) - 4).collect();
                row.push(next(12) - 2);
                ineqs.push(ints(&row));
            }
            let eqs = if next(4) == 0 {
                let mut row: Vec<i64> = (0..n).map(|_| next(5) - 2).collect();
                row.push(0);
                vec![ints(&row)]
            } else {
                Vec::new()
            };
            let objective: Vec<i64> = (0..=n).map(|_| next(7) - 3).collect();
            let objective = ints(&objective);
            let mut bounded = ineqs.clone();
            for v in 0..n {
                let mut row = vec![Int::ZERO; n + 1];
                row[v] = Int::ONE;
                bounded.push(row);
            }
            let general = minimize(n, &eqs, &bounded, Some(&objective));
            let fast = minimize_nonnegative(n, &eqs, &ineqs, &objective);
            match (&general, &fast) {
                (LpResult::Optimal { value: a, .. }, LpResult::Optimal { value: b, point }) => {
                    assert_eq!(a, b, "{ineqs:?} {eqs:?} {objective:?}");
                    assert!(point.iter().all(|x| x.signum() >= 0));
                }
                _ => assert_eq!(general, fast, "{ineqs:?} {eqs:?} {objective:?}"),
            }
        }
    }

    #[test]
    fn optimum_unbounded_infeasible() {
        // 0 <= x <= 4, 0 <= y, x + y <= 6 ; minimise -x - 2y -> -12 at (0, 6)
        let ineqs = rows(&[&[1, 0, 0], &[-1, 0, 4], &[0, 1, 0], &[-1, -1, 6]]);
        match minimize(2, &[], &ineqs, Some(&ints(&[-1, -2, 0]))) {
            LpResult::Optimal { value, point } => {
                assert_eq!(value, Rat::from(Int::from(-12)));
                assert_eq!(point, vec![Rat::ZERO, Rat::from(Int::from(6))]);
            }
            other => panic!("{other:?}"),
        }
        match minimize(2, &[], &ineqs, Some(&ints(&[0, 1, 0]))) {
            LpResult::Optimal { value, .. } => assert_eq!(value, Rat::ZERO),
            other => panic!("{other:?}"),
        }
        let open = rows(&[&[1, 0, 0]]);
        assert_eq!(
            minimize(2, &[], &open, Some(&ints(&[0, 1, 0]))),
            LpResult::Unbounded
        );
        let bad = rows(&[&[1, 0, -3], &[-1, 0, 2]]);
        assert_eq!(minimize(2, &[], &bad, None), LpResult::Infeasible);
        let eq = rows(&[&[1, 1, -1]]);
        let neg = rows(&[&[1, 0, 0], &[0, 1, 0], &[-1, -1, -1]]);
        match minimize(2, &eq, &neg[..2], None) {
            LpResult::Optimal { point, .. } => {
                assert_eq!(&point[0] + &point[1], Rat::from(Int::ONE));
                assert!(point[0].signum() >= 0 && point[1].signum() >= 0);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(minimize(2, &[], &neg, None), LpResult::Infeasible);
    }
}

//! Integer optimisation queries: minimum and maximum of an affine objective,
//! lexicographic minimum, constant bounds of a column.
//!
//! The integer minimum of `f` is found exactly: an integer sample decides
//! emptiness; the rational minimum (simplex) decides boundedness — a
//! rational polyhedron with an integer point has an integer hull with the
//! same recession cone (Meyer's theorem), so the integer problem is
//! unbounded exactly when the rational one is — and gives a lower bound
//! `⌈min_Q f⌉`; a binary search between that bound and the value at the
//! best known integer point, with one exact emptiness test of
//! `system ∧ f ≤ t` per step, closes the gap. The number of steps is
//! logarithmic in the gap.

use crate::error::PolyError;
use crate::int::{dot, Int};
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::simplex::LpResult;

/// The result of an integer optimisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntOpt {
    /// The relation has no integer point.
    Empty,
    /// The objective is unbounded in the requested direction.
    Unbounded,
    /// The optimum and an integer point (all variable columns) attaining it.
    Optimal {
        /// The optimal value.
        value: Int,
        /// A point attaining it, one value per variable column.
        point: Vec<Int>,
    },
}

/// The result of a lexicographic minimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LexMin {
    /// The relation has no integer point.
    Empty,
    /// Some column is unbounded below at the point where it is minimised.
    Unbounded,
    /// The lexicographically smallest integer point (non-local columns).
    Point(Vec<Int>),
}

fn eval(objective: &[Int], point: &[Int]) -> Int {
    let n = point.len();
    dot(&objective[..n], point) + &objective[n]
}

impl IntegerRelation {
    /// The minimum of `objective · (x, 1)` over the integer points (the
    /// objective has one coefficient per variable column plus the constant;
    /// locals are existential, so weights on them are allowed).
    ///
    /// ```
    /// use tessera_polyhedral::{bounds::IntOpt, int::ints, IntegerRelation};
    /// // 3 <= 2*d0 <= 9: the integer minimum of d0 is 2, the rational 3/2.
    /// let mut p = IntegerRelation::new_set(1, 0);
    /// p.add_inequality(&[2, -3])?;
    /// p.add_inequality(&[-2, 9])?;
    /// match p.integer_minimum(&ints(&[1, 0]))? {
    ///     IntOpt::Optimal { value, .. } => assert_eq!(value, 2.into()),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn integer_minimum(&self, objective: &[Int]) -> Result<IntOpt, PolyError> {
        let lp = self.rational_minimum(objective)?;
        // An integral optimal vertex is an integer point attaining the
        // rational bound, so it is the integer optimum.
        if let LpResult::Optimal { value, point } = &lp {
            if value.is_integer() && point.iter().all(Rat::is_integer) {
                return Ok(IntOpt::Optimal {
                    value: value.ceil(),
                    point: point.iter().map(Rat::ceil).collect(),
                });
            }
        }
        let n = self.num_vars();
        // The integer points with `objective <= bound`, or `None`.
        let at_most = |bound: &Int| -> Result<Option<Vec<Int>>, PolyError> {
            let mut probe = self.clone();
            let mut row: Vec<Int> = objective.iter().map(|a| -a).collect();
            row[n] = &row[n] + bound;
            probe.ineqs.push(row);
            probe.find_integer_sample()
        };
        let mut lo = match lp {
            LpResult::Infeasible => return Ok(IntOpt::Empty),
            LpResult::Unbounded => {
                return Ok(match self.find_integer_sample()? {
                    Some(_) => IntOpt::Unbounded,
                    None => IntOpt::Empty,
                })
            }
            LpResult::Optimal { value, .. } => value.ceil(),
        };
        // The rational bound is often attained: one integer program then
        // decides it, before any sample of the whole set.
        if let Some(p) = at_most(&lo)? {
            return Ok(IntOpt::Optimal {
                value: eval(objective, &p),
                point: p,
            });
        }
        let Some(mut best) = self.find_integer_sample()? else {
            return Ok(IntOpt::Empty);
        };
        lo = lo + Int::ONE;
        let mut hi = eval(objective, &best);
        while lo < hi {
            let mid = (&lo + &hi).div_floor(&Int::from(2));
            match at_most(&mid)? {
                Some(p) => {
                    hi = eval(objective, &p);
                    best = p;
                }
                None => lo = mid + Int::ONE,
            }
        }
        Ok(IntOpt::Optimal {
            value: hi,
            point: best,
        })
    }

    /// The maximum of `objective · (x, 1)` over the integer points.
    pub fn integer_maximum(&self, objective: &[Int]) -> Result<IntOpt, PolyError> {
        let neg: Vec<Int> = objective.iter().map(|a| -a).collect();
        Ok(match self.integer_minimum(&neg)? {
            IntOpt::Optimal { value, point } => IntOpt::Optimal {
                value: -value,
                point,
            },
            other => other,
        })
    }

    fn column_objective(&self, col: usize, sign: i64) -> Result<Vec<Int>, PolyError> {
        if col >= self.num_vars() {
            return Err(PolyError::ColumnOutOfRange {
                col,
                num_vars: self.num_vars(),
            });
        }
        let mut obj = vec![Int::ZERO; self.num_cols()];
        obj[col] = Int::from(sign);
        Ok(obj)
    }

    /// The smallest integer value column `col` takes in the relation.
    pub fn constant_lower_bound(&self, col: usize) -> Result<IntOpt, PolyError> {
        self.integer_minimum(&self.column_objective(col, 1)?)
    }

    /// The largest integer value column `col` takes in the relation.
    pub fn constant_upper_bound(&self, col: usize) -> Result<IntOpt, PolyError> {
        self.integer_maximum(&self.column_objective(col, 1)?)
    }

    /// The lexicographic minimum of the integer points over the non-local
    /// columns in column order (domain, range, symbols); locals stay
    /// existential.
    ///
    /// ```
    /// use tessera_polyhedral::{bounds::LexMin, int::ints, IntegerRelation};
    /// // { (d0, d1) : d0 + d1 >= 3, d0 >= 0, d1 >= 0 }: lexmin (0, 3).
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[1, 1, -3])?;
    /// p.add_inequality(&[1, 0, 0])?;
    /// p.add_inequality(&[0, 1, 0])?;
    /// assert_eq!(p.lexmin()?, LexMin::Point(ints(&[0, 3])));
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn lexmin(&self) -> Result<LexMin, PolyError> {
        Ok(match self.lexmin_prefix()? {
            None => LexMin::Empty,
            Some((_, true)) => LexMin::Unbounded,
            Some((point, false)) => LexMin::Point(point),
        })
    }

    /// The lexicographic minimum with what is known when it does not
    /// exist: `None` when empty, `(point, false)` for the minimum,
    /// `(prefix, true)` when the column after `prefix` (the minimal values
    /// of the columns before it) is unbounded below. A union's minimum
    /// compares these ([`crate::PresburgerSet::lexmin`]).
    pub(crate) fn lexmin_prefix(&self) -> Result<Option<(Vec<Int>, bool)>, PolyError> {
        let mut sys = self.clone();
        let mut out = Vec::new();
        for col in 0..self.space.num_non_locals() {
            match sys.constant_lower_bound(col)? {
                IntOpt::Empty => return Ok(None),
                IntOpt::Unbounded => return Ok(Some((out, true))),
                IntOpt::Optimal { value, .. } => {
                    let mut eq = vec![Int::ZERO; sys.num_cols()];
                    eq[col] = Int::ONE;
                    eq[sys.num_vars()] = -&value;
                    sys.eqs.push(eq);
                    out.push(value);
                }
            }
        }
        if out.is_empty() && sys.integer_emptiness()? {
            return Ok(None);
        }
        Ok(Some((out, false)))
    }

    /// The relation with every non-local column negated: its lexicographic
    /// minimum is the mirror of this one's maximum.
    pub(crate) fn mirrored(&self) -> IntegerRelation {
        let mut mirrored = self.clone();
        let k = self.space.num_non_locals();
        for row in mirrored.eqs.iter_mut().chain(mirrored.ineqs.iter_mut()) {
            for v in &mut row[..k] {
                *v = -&*v;
            }
        }
        mirrored
    }
}

impl IntegerRelation {
    /// The lexicographic maximum of the integer points over the non-local
    /// columns in column order: the lexicographic minimum of the mirrored
    /// relation (every non-local column negated), mirrored back.
    ///
    /// ```
    /// use tessera_polyhedral::{bounds::LexMin, int::ints, IntegerRelation};
    /// // { (d0, d1) : d0 + d1 <= 3, d0 >= 0, d1 >= 0 }: lexmax (3, 0).
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[-1, -1, 3])?;
    /// p.add_inequality(&[1, 0, 0])?;
    /// p.add_inequality(&[0, 1, 0])?;
    /// assert_eq!(p.lexmax()?, LexMin::Point(ints(&[3, 0])));
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn lexmax(&self) -> Result<LexMin, PolyError> {
        Ok(match self.mirrored().lexmin()? {
            LexMin::Point(p) => LexMin::Point(p.iter().map(|v| -v).collect()),
            other => other,
        })
    }
}

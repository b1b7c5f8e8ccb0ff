//! Constraint systems over instances of several accesses at once.
//!
//! A [`System`] has one dim per induction variable of every instance it
//! talks about (the caller assigns each access's loops to dims) and the
//! function's global symbols. Its constraints are affine constraints over
//! those dims, built from access descriptions: iteration domains, equal
//! subscripts, execution order at a depth, slice bounds. `else` blocks
//! make a domain a union; each choice of negated constraint is one
//! alternative, and the system stands for the union of its alternatives.
//!
//! Everything is decided by the exact integer solver after the conversion
//! `IntegerSet → IntegerRelation`. The one over-approximation is a strided
//! loop with several lower bounds, whose stride is left out; the system
//! then records that it is not exact, and callers that need an exact
//! domain (coverage proofs) refuse it.

use tessera_affine::{AffineExpr, AffineMap, Constraint, ConstraintKind, IntegerSet};
use tessera_polyhedral::{IntegerRelation, VarKind};

use crate::dependence::AccessDesc;

/// Most alternatives a system may stand for before it is given up.
const MAX_ALTERNATIVES: usize = 64;

/// A system could not be built or decided exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Undecided(pub String);

impl std::fmt::Display for Undecided {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A union of integer polyhedra over `num_dims` dims and the global
/// symbols, given as common constraints and a product of alternatives.
#[derive(Clone, Debug)]
pub(crate) struct System {
    num_dims: u32,
    num_symbols: u32,
    constraints: Vec<Constraint>,
    /// Each entry: the ways one `else` condition can hold (one of them
    /// must).
    choices: Vec<Vec<Constraint>>,
    exact: bool,
}

impl System {
    /// An unconstrained system.
    pub fn new(num_dims: usize, num_symbols: u32) -> System {
        System {
            num_dims: num_dims as u32,
            num_symbols,
            constraints: Vec::new(),
            choices: Vec::new(),
            exact: true,
        }
    }

    /// The number of dims.
    pub fn num_dims(&self) -> usize {
        self.num_dims as usize
    }

    /// Whether the system is exactly the set it describes (no stride was
    /// left out).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Appends `n` dims, returning the index of the first.
    pub fn add_dims(&mut self, n: usize) -> usize {
        let first = self.num_dims as usize;
        self.num_dims += n as u32;
        first
    }

    /// Adds `expr >= 0`.
    pub fn ge(&mut self, expr: AffineExpr) {
        self.constraints.push(Constraint::ge(expr));
    }

    /// Adds `expr == 0`.
    pub fn eq(&mut self, expr: AffineExpr) {
        self.constraints.push(Constraint::eq(expr));
    }

    /// Adds a disjunction: one of `alternatives` (each `>= 0`) holds.
    pub fn one_of(&mut self, alternatives: Vec<AffineExpr>) {
        self.choices
            .push(alternatives.into_iter().map(Constraint::ge).collect());
    }

    /// The iteration domain of `access`, its `i`-th induction variable
    /// being dim `cols[i]`.
    pub fn add_domain(&mut self, access: &AccessDesc, cols: &[usize]) -> Result<(), Undecided> {
        self.add_loops(access, access.loops.len(), cols)?;
        for guard in &access.guards {
            let n = guard.set.num_dims() as usize;
            let dims = dim_exprs(&cols[..n]);
            let mut negated = Vec::new();
            for c in guard.set.constraints() {
                let e = remap(&c.expr, &dims)?;
                if guard.holds {
                    self.constraints.push(Constraint {
                        expr: e,
                        kind: c.kind,
                    });
                } else {
                    match c.kind {
                        ConstraintKind::Ge => negated.push(-e - 1),
                        ConstraintKind::Eq => {
                            negated.push(e.clone() - 1);
                            negated.push(-e - 1);
                        }
                    }
                }
            }
            if !guard.holds {
                self.one_of(negated);
            }
        }
        Ok(())
    }

    /// The bounds and strides of the first `count` loops of `access`.
    pub fn add_loops(
        &mut self,
        access: &AccessDesc,
        count: usize,
        cols: &[usize],
    ) -> Result<(), Undecided> {
        for (level, lp) in access.loops.iter().enumerate().take(count) {
            let outer = dim_exprs(&cols[..level]);
            let iv = AffineExpr::dim(cols[level] as u32);
            self.add_bound_pair(&iv, &lp.lower, &lp.upper, &outer)?;
            if lp.step > 1 {
                match lp.lower.results() {
                    [lb] => {
                        let lb = remap(lb, &outer)?;
                        self.eq((iv.clone() - lb).modulo(lp.step));
                    }
                    _ => self.exact = false,
                }
            }
        }
        Ok(())
    }

    /// `max(lower) <= iv < min(upper)` with the maps' dims replaced by
    /// `dims`.
    pub fn add_bound_pair(
        &mut self,
        iv: &AffineExpr,
        lower: &AffineMap,
        upper: &AffineMap,
        dims: &[AffineExpr],
    ) -> Result<(), Undecided> {
        for lb in lower.results() {
            let lb = remap(lb, dims)?;
            self.ge(iv.clone() - lb);
        }
        for ub in upper.results() {
            let ub = remap(ub, dims)?;
            self.ge(ub - iv.clone() - 1);
        }
        Ok(())
    }

    /// `a` and `b` touch the same element.
    pub fn add_same_element(
        &mut self,
        a: &AccessDesc,
        a_cols: &[usize],
        b: &AccessDesc,
        b_cols: &[usize],
    ) -> Result<(), Undecided> {
        let (ra, rb) = (a.subscripts.results(), b.subscripts.results());
        if ra.len() != rb.len() {
            return Err(Undecided(
                "accesses of different rank to one memref".to_string(),
            ));
        }
        let (da, db) = (dim_exprs(a_cols), dim_exprs(b_cols));
        for (x, y) in ra.iter().zip(rb) {
            self.eq(remap(x, &da)? - remap(y, &db)?);
        }
        Ok(())
    }

    /// The instance of `a` runs before the instance of `b` and the order is
    /// decided at `depth` (1-based): equal on the first `depth - 1` loops
    /// the two share (by loop id), smaller at loop `depth`, or, at
    /// `depth = shared + 1`, equal on all shared loops and `a` first in
    /// program order. `false` when that order is impossible.
    pub fn add_order(
        &mut self,
        a: &AccessDesc,
        a_cols: &[usize],
        b: &AccessDesc,
        b_cols: &[usize],
        depth: usize,
    ) -> bool {
        let shared = a.common_loops(b);
        if depth == 0 || depth > shared + 1 {
            return false;
        }
        if depth == shared + 1 && a.position >= b.position {
            return false;
        }
        for k in 0..(depth - 1).min(shared) {
            self.eq(AffineExpr::dim(b_cols[k] as u32) - AffineExpr::dim(a_cols[k] as u32));
        }
        if depth <= shared {
            let k = depth - 1;
            self.ge(AffineExpr::dim(b_cols[k] as u32) - AffineExpr::dim(a_cols[k] as u32) - 1);
        }
        true
    }

    /// Dims `first` and `second` (lists of equal length) compare
    /// lexicographically `first < second`, decided at position `level`
    /// (0-based): equal before it, smaller at it.
    pub fn add_lex_less(&mut self, first: &[usize], second: &[usize], level: usize) {
        for k in 0..level {
            self.eq(AffineExpr::dim(second[k] as u32) - AffineExpr::dim(first[k] as u32));
        }
        self.ge(AffineExpr::dim(second[level] as u32) - AffineExpr::dim(first[level] as u32) - 1);
    }

    /// The relations the system stands for, one per alternative (dims, then
    /// symbols, then locals).
    pub fn relations(&self) -> Result<Vec<IntegerRelation>, Undecided> {
        let mut count: usize = 1;
        for c in &self.choices {
            count = count.saturating_mul(c.len());
        }
        if count > MAX_ALTERNATIVES {
            return Err(Undecided(format!(
                "{count} alternatives from else blocks exceed the limit of {MAX_ALTERNATIVES}"
            )));
        }
        let mut out = Vec::new();
        let mut picks = vec![0usize; self.choices.len()];
        loop {
            let mut constraints = self.constraints.clone();
            for (c, &k) in self.choices.iter().zip(&picks) {
                if let Some(x) = c.get(k) {
                    constraints.push(x.clone());
                } else {
                    // A guard with no constraint never fails: this
                    // alternative is empty.
                    constraints.push(Constraint::eq(AffineExpr::constant(1)));
                }
            }
            let set = IntegerSet::new(self.num_dims, self.num_symbols, constraints)
                .map_err(|e| Undecided(e.to_string()))?;
            out.push(
                IntegerRelation::from_integer_set(&set).map_err(|e| Undecided(e.to_string()))?,
            );
            // Next combination.
            let mut i = 0;
            loop {
                if i == picks.len() {
                    return Ok(out);
                }
                picks[i] += 1;
                if picks[i] < self.choices[i].len().max(1) {
                    break;
                }
                picks[i] = 0;
                i += 1;
            }
        }
    }

    /// An integer point of the system (dims, then symbols), if any.
    pub fn sample(&self) -> Result<Option<Vec<i64>>, Undecided> {
        let width = self.num_dims as usize + self.num_symbols as usize;
        for rel in self.relations()? {
            if let Some(point) = rel
                .find_integer_sample()
                .map_err(|e| Undecided(e.to_string()))?
            {
                return point[..width]
                    .iter()
                    .map(|v| {
                        v.to_i64()
                            .ok_or_else(|| Undecided("a sample beyond 64 bits".to_string()))
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map(Some);
            }
        }
        Ok(None)
    }

    /// Whether the system has no integer point.
    pub fn is_empty(&self) -> Result<bool, Undecided> {
        Ok(self.sample()?.is_none())
    }

    /// The number of global symbols.
    pub fn num_symbols(&self) -> u32 {
        self.num_symbols
    }

    /// The integer range of `expr` over the system.
    pub fn range_of(&self, expr: &AffineExpr) -> Result<Range, Undecided> {
        let mut total = Range::Empty;
        for rel in self.objective_relations(expr)? {
            let col = rel.space().offset(VarKind::Range) + self.num_dims as usize;
            let mut objective = vec![tessera_polyhedral::Int::ZERO; rel.num_cols()];
            objective[col] = tessera_polyhedral::Int::ONE;
            let lo = optimum(rel.integer_minimum(&objective))?;
            let hi = optimum(rel.integer_maximum(&objective))?;
            match (lo, hi) {
                (Extremum::Empty, _) | (_, Extremum::Empty) => {}
                (Extremum::Value(l), Extremum::Value(h)) => {
                    total = match total {
                        Range::Empty => Range::Bounded(l, h),
                        Range::Bounded(a, b) => Range::Bounded(a.min(l), b.max(h)),
                        Range::Unbounded => Range::Unbounded,
                    };
                }
                _ => total = Range::Unbounded,
            }
        }
        Ok(total)
    }

    /// The relations with one extra dim (the last) equal to `expr`.
    fn objective_relations(&self, expr: &AffineExpr) -> Result<Vec<IntegerRelation>, Undecided> {
        let mut with = self.clone();
        let x = with.add_dims(1);
        with.eq(AffineExpr::dim(x as u32) - expr.clone());
        with.relations()
    }
}

/// The values an expression takes over a system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Range {
    /// The system is empty.
    Empty,
    /// Some side is unbounded.
    Unbounded,
    /// Between the two, inclusive.
    Bounded(i64, i64),
}

enum Extremum {
    Empty,
    Unbounded,
    Value(i64),
}

fn optimum(
    r: Result<tessera_polyhedral::IntOpt, tessera_polyhedral::PolyError>,
) -> Result<Extremum, Undecided> {
    use tessera_polyhedral::IntOpt;
    match r.map_err(|e| Undecided(e.to_string()))? {
        IntOpt::Empty => Ok(Extremum::Empty),
        IntOpt::Unbounded => Ok(Extremum::Unbounded),
        IntOpt::Optimal { value, .. } => value
            .to_i64()
            .map(Extremum::Value)
            .ok_or_else(|| Undecided("an optimum beyond 64 bits".to_string())),
    }
}

/// `d<c>` for each column `c`.
pub(crate) fn dim_exprs(cols: &[usize]) -> Vec<AffineExpr> {
    cols.iter().map(|&c| AffineExpr::dim(c as u32)).collect()
}

/// `expr` with its dims replaced (symbols stay: they are global).
pub(crate) fn remap(expr: &AffineExpr, dims: &[AffineExpr]) -> Result<AffineExpr, Undecided> {
    if expr.dim_count() as usize > dims.len() {
        return Err(Undecided(format!(
            "{expr} uses more dims than the {} given",
            dims.len()
        )));
    }
    expr.replace_dims_and_symbols(dims, &[])
        .map_err(|e| Undecided(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dependence::LoopDesc;

    fn access(sub: &str, upper: i64, position: usize) -> AccessDesc {
        AccessDesc {
            position,
            memref: 0,
            is_write: false,
            loops: vec![LoopDesc {
                id: 1,
                lower: AffineMap::constant(0),
                upper: AffineMap::constant(upper),
                step: 1,
            }],
            guards: vec![],
            subscripts: sub.parse().unwrap(),
            num_symbols: 0,
        }
    }

    #[test]
    fn same_element_and_order() {
        // A[i + 1] (i < 10) and A[j] (j < 10): pairs with j = i + 1.
        let a = access("(d0) -> (d0 + 1)", 10, 0);
        let b = access("(d0) -> (d0)", 10, 1);
        let mut s = System::new(2, 0);
        s.add_domain(&a, &[0]).unwrap();
        s.add_domain(&b, &[1]).unwrap();
        s.add_same_element(&a, &[0], &b, &[1]).unwrap();
        assert_eq!(
            s.range_of(&AffineExpr::dim(0)).unwrap(),
            Range::Bounded(0, 8)
        );
        // b's instance before a's at depth 1 is impossible.
        let mut rev = s.clone();
        assert!(rev.add_order(&b, &[1], &a, &[0], 1));
        assert!(rev.is_empty().unwrap());
        let mut fwd = s;
        assert!(fwd.add_order(&a, &[0], &b, &[1], 1));
        assert_eq!(fwd.sample().unwrap().map(|p| p[1] - p[0]), Some(1));
    }

    #[test]
    fn strides_are_exact_with_one_lower_bound() {
        let mut a = access("(d0) -> (d0)", 10, 0);
        a.loops[0].step = 3;
        let mut s = System::new(1, 0);
        s.add_domain(&a, &[0]).unwrap();
        s.eq(AffineExpr::dim(0) - 4);
        assert!(s.is_empty().unwrap() && s.is_exact());
    }
}

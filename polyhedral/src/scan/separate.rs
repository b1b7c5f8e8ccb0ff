//! Separation policy: which statements share a loop, and with which
//! bounds.
//!
//! At level `d`, statement `a` is *strictly before* `b` when, for every
//! outer iteration (in the context), every value of dim `d` of `a` is
//! smaller than every value of `b` — decided exactly (an Omega test on
//! `{(o, x, y) : x ∈ A(o), y ∈ B(o), x >= y}`). The statements are split
//! into the strongly connected components of "not strictly before" and the
//! components are emitted in topological order (ties by smallest
//! statement index): each component is one loop, so statements that do not
//! overlap along `d` are distributed into sibling loops, in time order —
//! with constant (2d+1) dims this is plain sequencing.
//!
//! A component with several statements is scanned *atomically* when
//! possible: one loop over a hull of their projections, the statements
//! guarded deeper only where their own domain is smaller. The hull is the
//! translated simple hull: every constraint on dim `d` of every member's
//! projection, its constant relaxed by the smallest amount that makes it
//! valid for all members (an exact integer minimum). When that gives no
//! lower or no upper bound (e.g. `0 <= i <= N` fused with `0 <= i <= M`:
//! the union ends at `max(N, M)`, which no affine bound expresses) the
//! component is *separated* into disjoint convex pieces (the cells of the
//! members' projections, as Quilleré–Rajopadhye–Wilde do), each with the
//! set of statements it holds, ordered along `d`. Separation happens only
//! there and is bounded by [`MAX_PIECES`] pieces per component (an error
//! beyond), so code size cannot blow up exponentially unnoticed.

use super::error::ScanError;
use super::generate::Generator;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::space::VarKind;

/// Disjoint pieces of a component, ordered along a dim: each a relation
/// over the dims up to it, with the statements it holds.
pub(super) type Pieces = Vec<(IntegerRelation, Vec<usize>)>;

/// The largest number of pieces one component may be separated into.
pub const MAX_PIECES: usize = 64;

/// Whether, under `a` (which carries the context) and `b`, every value of
/// dim `d` in `a` is smaller than every value in `b` for the same outer
/// dims and symbols. Both are relations over the full time space.
fn strictly_before(
    a: &IntegerRelation,
    b: &IntegerRelation,
    d: usize,
    num_dims: usize,
) -> Result<bool, ScanError> {
    let inner: Vec<usize> = (d + 1..num_dims).collect();
    let mut a2 = a.clone();
    a2.convert_to_locals(&inner)?;
    a2.insert_vars(VarKind::Range, d + 1, 1)?;
    let mut b2 = b.clone();
    b2.convert_to_locals(&inner)?;
    b2.insert_vars(VarKind::Range, d, 1)?;
    let mut r = a2.intersect(&b2)?;
    let mut row = vec![Int::ZERO; r.num_cols()];
    row[d] = Int::ONE;
    row[d + 1] = Int::from(-1);
    r.add_inequality_int(row)?;
    Ok(r.is_integer_empty())
}

/// Groups `0..n` into the strongly connected components of the relation
/// "`i` is not strictly before `j`" and orders them topologically, ties by
/// smallest member.
fn order(n: usize, before: &[Vec<bool>]) -> Vec<Vec<usize>> {
    // must[i][j]: i's group cannot come after j's group.
    let mut reach = vec![vec![false; n]; n];
    for i in 0..n {
        reach[i][i] = true;
        for j in 0..n {
            if i != j && !before[j][i] {
                reach[i][j] = true;
            }
        }
    }
    for m in 0..n {
        for i in 0..n {
            if reach[i][m] {
                let via = reach[m].clone();
                for (r, v) in reach[i].iter_mut().zip(via) {
                    *r |= v;
                }
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut seen = vec![false; n];
    for i in 0..n {
        if seen[i] {
            continue;
        }
        let g: Vec<usize> = (0..n).filter(|&j| reach[i][j] && reach[j][i]).collect();
        for &j in &g {
            seen[j] = true;
        }
        groups.push(g);
    }
    // Topological order: a group goes first when no other remaining group
    // must precede it.
    let mut out = Vec::new();
    let mut left: Vec<Vec<usize>> = groups;
    while !left.is_empty() {
        let pick = (0..left.len())
            .filter(|&gi| !(0..left.len()).any(|hj| hj != gi && reach[left[hj][0]][left[gi][0]]))
            .min_by_key(|&gi| left[gi][0])
            .unwrap_or(0);
        out.push(left.remove(pick));
    }
    out
}

impl Generator {
    /// The live statements at level `d` in ordered components.
    pub(super) fn components(
        &mut self,
        d: usize,
        live: &[usize],
        ctx: &IntegerRelation,
    ) -> Result<Vec<Vec<usize>>, ScanError> {
        let n = live.len();
        if n <= 1 {
            return Ok(if n == 1 {
                vec![live.to_vec()]
            } else {
                Vec::new()
            });
        }
        let with_ctx: Vec<IntegerRelation> = live
            .iter()
            .map(|&s| self.in_context(s, ctx))
            .collect::<Result<_, _>>()?;
        let mut before = vec![vec![false; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    before[i][j] = strictly_before(
                        &with_ctx[i],
                        &self.stmts[live[j]].rel,
                        d,
                        self.ts.num_dims,
                    )?;
                }
            }
        }
        Ok(order(n, &before)
            .into_iter()
            .map(|g| g.into_iter().map(|i| live[i]).collect())
            .collect())
    }

    /// The translated simple hull of the members' projections on dims
    /// `0..=d`, or `None` when it does not bound dim `d` on both sides.
    pub(super) fn hull(
        &mut self,
        d: usize,
        comp: &[usize],
        ctx: &IntegerRelation,
    ) -> Result<Option<IntegerRelation>, ScanError> {
        let mut candidates: Vec<Vec<Int>> = Vec::new();
        for &s in comp {
            let p = self.projection(s, d)?;
            for row in p.inequalities() {
                if !row[d].is_zero() {
                    candidates.push(row.clone());
                }
            }
            for row in p.equalities() {
                if !row[d].is_zero() {
                    candidates.push(row.clone());
                    candidates.push(row.iter().map(|v| -v).collect());
                }
            }
        }
        let bases: Vec<IntegerRelation> = comp
            .iter()
            .map(|&s| self.in_context(s, ctx))
            .collect::<Result<_, _>>()?;
        let (nd, ns) = (self.ts.num_dims, self.ts.num_symbols);
        let mut hull = IntegerRelation::new_set(d + 1, ns);
        let (mut has_lower, mut has_upper) = (false, false);
        'cand: for row in candidates {
            let mut shift = Int::ZERO;
            for base in &bases {
                let mut obj = vec![Int::ZERO; base.num_cols()];
                obj[..=d].clone_from_slice(&row[..=d]);
                obj[nd..nd + ns].clone_from_slice(&row[d + 1..d + 1 + ns]);
                let last = obj.len() - 1;
                obj[last] = row[row.len() - 1].clone();
                match base.integer_minimum(&obj)? {
                    crate::IntOpt::Unbounded => continue 'cand,
                    crate::IntOpt::Empty => {}
                    crate::IntOpt::Optimal { value, .. } => {
                        if value.is_negative() {
                            shift = shift.max_of(-value);
                        }
                    }
                }
            }
            let mut row = row;
            let last = row.len() - 1;
            row[last] = &row[last] + &shift;
            if row[d].is_positive() {
                has_lower = true;
            } else {
                has_upper = true;
            }
            hull.add_inequality_int(row)?;
        }
        if !(has_lower && has_upper) {
            return Ok(None);
        }
        hull.normalize();
        Ok(Some(hull))
    }

    /// The cells of the members' projections on dims `0..=d` (within the
    /// context), each with the members it holds, ordered along `d`.
    pub(super) fn pieces(
        &mut self,
        d: usize,
        comp: &[usize],
        ctx: &IntegerRelation,
    ) -> Result<Pieces, ScanError> {
        let budget_error = || ScanError::SeparationBudget {
            dim: d,
            statements: comp.to_vec(),
            budget: MAX_PIECES,
        };
        let mut pieces: Vec<(IntegerRelation, Vec<usize>)> = Vec::new();
        for &s in comp {
            let q = PresburgerSet::from_relation(self.projection(s, d)?);
            let mut next = Vec::new();
            let mut covered = PresburgerSet::empty(q.space());
            for (x, members) in pieces {
                let xs = PresburgerSet::from_relation(x.clone());
                for part in xs.intersect(&q)?.disjuncts() {
                    let mut m = members.clone();
                    m.push(s);
                    next.push((part.clone(), m));
                }
                for part in xs.subtract(&q)?.disjuncts() {
                    next.push((part.clone(), members.clone()));
                }
                covered.add_disjunct(x)?;
            }
            for part in q.subtract(&covered)?.disjuncts() {
                next.push((part.clone(), vec![s]));
            }
            pieces = Vec::new();
            for (x, m) in next {
                if !self.ts.lift(&x)?.intersect(ctx)?.is_integer_empty() {
                    pieces.push((x, m));
                }
            }
            if pieces.len() > MAX_PIECES {
                return Err(budget_error());
            }
        }
        let lifted: Vec<IntegerRelation> = pieces
            .iter()
            .map(|(x, _)| self.ts.lift(x))
            .collect::<Result<_, _>>()?;
        let n = pieces.len();
        let mut before = vec![vec![false; n]; n];
        for i in 0..n {
            let a = lifted[i].intersect(ctx)?;
            for j in 0..n {
                if i != j {
                    before[i][j] = strictly_before(&a, &lifted[j], d, self.ts.num_dims)?;
                }
            }
        }
        let mut out = Vec::new();
        let mut slots: Vec<Option<(IntegerRelation, Vec<usize>)>> =
            pieces.into_iter().map(Some).collect();
        for g in order(n, &before) {
            if g.len() > 1 {
                return Err(ScanError::CyclicPieces(d));
            }
            if let Some(p) = slots[g[0]].take() {
                out.push(p);
            }
        }
        Ok(out)
    }
}

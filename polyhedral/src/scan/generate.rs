//! The recursive scanner: one time dimension per level.
//!
//! At level `d` the active statements are split into ordered components
//! ([`super::separate`]); each component becomes one loop over `d` (or a
//! single value), the context grows by the loop's constraints, and the
//! body is generated at level `d + 1`. At level `K` every statement is
//! alone and is emitted under the guard its exact domain still needs.

use super::ast::{Ast, AstNode, ForLoop, Guard, StmtInstance};
use super::constraints::{local_free_constraints, only_dims_below, row_expr, small, TimeSpace};
use super::error::ScanError;
use super::lattice::{analyse, mod_inverse, Lattice};
use super::problem::{scatter, ScanProblem};
use super::separate::Pieces;
use crate::convert::ColumnBounds;
use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::space::VarKind;
use tessera_affine::flatten::expr_from_flat;
use tessera_affine::{AffineExpr, Constraint, ConstraintKind, IntegerSet};

/// Per statement data of the generator.
pub(super) struct StmtData {
    /// Iteration dims.
    pub(super) num_iter: usize,
    /// The scattered domain over the time space.
    pub(super) rel: IntegerRelation,
    /// The same as constraints (divisions as `floordiv`).
    pub(super) exact: Vec<Constraint>,
    /// The last schedule dim whose row uses an iterator (its innermost
    /// loop), if any.
    innermost: Option<usize>,
    /// The time dims where the statement asks for separation.
    separate: Option<std::ops::Range<usize>>,
    /// Cache: the Fourier–Motzkin projection on dims `0..=d`.
    proj: Vec<Option<IntegerRelation>>,
    /// Cache: the lattice of the equalities with dims `> d` existential.
    lattice: Vec<Option<Option<Lattice>>>,
}

/// How a loop's bounding relation relates to its statements.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    /// One statement; the bounds are its projection. Its own constraints
    /// on outer dims are hoisted in front of the loop.
    Single,
    /// Several statements under a common hull; each statement's own
    /// constraints are checked deeper.
    Atomic,
    /// A separated piece: every constraint of the bounding relation must
    /// be enforced (pieces are disjoint only through them).
    Piece,
}

pub(super) struct Generator {
    pub(super) ts: TimeSpace,
    pub(super) k: usize,
    pub(super) stmts: Vec<StmtData>,
    separate_innermost: bool,
}

/// Generates the code scanning every statement instance of `problem` in
/// the order of its time vectors (then statement index, then iteration
/// vector).
///
/// ```
/// use tessera_polyhedral::scan::{generate, ScanProblem, ScanStatement};
/// use tessera_polyhedral::IntegerRelation;
/// // { (i) : 0 <= i <= 4 } at time 2*i: a loop of step 2.
/// let mut d = IntegerRelation::new_set(1, 0);
/// d.add_bounds(0, Some(0), Some(4))?;
/// let p = ScanProblem::new(0, vec![ScanStatement::new(d, vec![vec![2, 0]])]);
/// let ast = generate(&p)?;
/// assert_eq!(ast.to_string(), "for d0 = 0 to 8 step 2 {\n  S0(d0 floordiv 2)\n}\n");
/// # Ok::<(), tessera_polyhedral::scan::ScanError>(())
/// ```
pub fn generate(problem: &ScanProblem) -> Result<Ast, ScanError> {
    let sc = scatter(problem)?;
    let num_dims = sc.space.num_dims;
    let mut stmts = Vec::new();
    let mut active = Vec::new();
    for (s, ((num_iter, rel), st)) in sc
        .statements
        .into_iter()
        .zip(&problem.statements)
        .enumerate()
    {
        let innermost = st
            .schedule
            .iter()
            .rposition(|row| row[..num_iter].iter().any(|&a| a != 0));
        let empty = rel.is_integer_empty();
        let exact = if empty {
            Vec::new()
        } else {
            active.push(s);
            rel.to_integer_set()?.constraints().to_vec()
        };
        stmts.push(StmtData {
            num_iter,
            rel,
            exact,
            innermost,
            separate: st.separate.clone(),
            proj: vec![None; num_dims],
            lattice: vec![None; num_dims],
        });
    }
    let mut g = Generator {
        ts: sc.space,
        k: sc.num_schedule_dims,
        stmts,
        separate_innermost: problem.separate_innermost,
    };
    let values = Vec::new();
    let codes: Vec<(bool, usize)> = problem
        .statements
        .iter()
        .enumerate()
        .map(|(i, s)| s.code.map_or((false, i), |c| (true, c)))
        .collect();
    let body = merge_guards(g.scan(0, &active, &sc.context, &values)?, &codes);
    Ok(Ast {
        num_dims,
        num_schedule_dims: g.k,
        num_symbols: g.ts.num_symbols,
        body,
    })
}

fn affine_err(e: tessera_affine::AffineError) -> ScanError {
    ScanError::Poly(PolyError::Affine(e.to_string()))
}

fn wrap(guard: Vec<Constraint>, body: Vec<AstNode>) -> Vec<AstNode> {
    if guard.is_empty() || body.is_empty() {
        body
    } else {
        vec![AstNode::If(Guard {
            conditions: guard,
            then: body,
        })]
    }
}

impl Generator {
    /// `e` with the single-valued dims replaced by their values, in
    /// canonical form.
    fn subst(
        &self,
        e: &AffineExpr,
        values: &[Option<AffineExpr>],
    ) -> Result<AffineExpr, ScanError> {
        let dims: Vec<AffineExpr> = (0..values.len())
            .map(|j| {
                values[j]
                    .clone()
                    .unwrap_or_else(|| AffineExpr::dim(j as u32))
            })
            .collect();
        let e = e.replace_dims_and_symbols(&dims, &[]).map_err(affine_err)?;
        Ok(e.simplify(self.ts.num_dims as u32, self.ts.num_symbols as u32))
    }

    fn subst_constraints(
        &self,
        cs: &[Constraint],
        values: &[Option<AffineExpr>],
    ) -> Result<Vec<Constraint>, ScanError> {
        cs.iter()
            .map(|c| {
                Ok(Constraint {
                    expr: self.subst(&c.expr, values)?,
                    kind: c.kind,
                })
            })
            .collect()
    }

    /// The Fourier–Motzkin projection of statement `s` on dims `0..=d`
    /// (no locals): a superset of the exact projection.
    pub(super) fn projection(&mut self, s: usize, d: usize) -> Result<IntegerRelation, ScanError> {
        if let Some(p) = &self.stmts[s].proj[d] {
            return Ok(p.clone());
        }
        let rel = &self.stmts[s].rel;
        let mut cols: Vec<usize> = (d + 1..self.ts.num_dims).collect();
        cols.extend(rel.space().offset(VarKind::Local)..rel.num_vars());
        let p = rel.project_out(&cols)?.relation;
        self.stmts[s].proj[d] = Some(p.clone());
        Ok(p)
    }

    fn lattice(&mut self, s: usize, d: usize) -> Option<Lattice> {
        if let Some(l) = &self.stmts[s].lattice[d] {
            return l.clone();
        }
        let rel = &self.stmts[s].rel;
        let mut ex: Vec<usize> = (d + 1..self.ts.num_dims).collect();
        ex.extend(rel.space().offset(VarKind::Local)..rel.num_vars());
        let l = analyse(rel.equalities(), &ex);
        self.stmts[s].lattice[d] = Some(l.clone());
        l
    }

    /// The part of a lattice row over dims and symbols (locals are
    /// existential, hence zero) as a flat row `[dims, symbols, constant]`,
    /// with the entry of dim `d` cleared and all entries negated.
    fn negated_rest(&self, row: &[Int], d: usize) -> Result<Vec<i64>, ScanError> {
        let nv = self.ts.num_dims + self.ts.num_symbols;
        let mut flat = Vec::with_capacity(nv + 1);
        for (c, v) in row[..nv].iter().enumerate() {
            flat.push(if c == d { 0 } else { -small(v)? });
        }
        flat.push(-small(&row[row.len() - 1])?);
        Ok(flat)
    }

    fn flat_expr(&self, flat: &[i64]) -> AffineExpr {
        expr_from_flat(flat, self.ts.num_dims, self.ts.num_symbols, &[])
    }

    /// `rel_s ∧ ctx`.
    pub(super) fn in_context(
        &self,
        s: usize,
        ctx: &IntegerRelation,
    ) -> Result<IntegerRelation, ScanError> {
        Ok(self.stmts[s].rel.intersect(ctx)?)
    }

    /// Whether every point of the statements (in the context) satisfies
    /// all of `cs`.
    fn valid_for_all(
        &self,
        stmts: &[usize],
        ctx: &IntegerRelation,
        cs: &[Constraint],
    ) -> Result<bool, ScanError> {
        for &s in stmts {
            let base = self.in_context(s, ctx)?;
            for c in cs {
                if !self.ts.implies(&base, c)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The conditions the equalities of statement `s` put on the dims
    /// before `d` (with the dims from `d` on existential): `f == 0` and
    /// `f mod g == 0`. They hold at every point of the statement, so they
    /// may be hoisted as guards in front of its loop over `d`.
    fn outer_lattice_conditions(
        &mut self,
        s: usize,
        d: usize,
    ) -> Result<Vec<Constraint>, ScanError> {
        let Some(l) = self.lattice(s, d) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        let nv = self.ts.num_dims + self.ts.num_symbols;
        let outer_only = |row: &[Int]| (d..self.ts.num_dims).all(|c| row[c].is_zero());
        let flat = |row: &[Int]| -> Result<Vec<i64>, ScanError> {
            let mut f: Vec<i64> = row[..nv].iter().map(small).collect::<Result<_, _>>()?;
            f.push(small(&row[row.len() - 1])?);
            Ok(f)
        };
        for eq in l.equalities.iter().filter(|r| outer_only(r)) {
            out.push(Constraint::eq(self.flat_expr(&flat(eq)?)));
        }
        for (row, g) in l.congruences.iter().filter(|(r, _)| outer_only(r)) {
            let g = small(g)?;
            out.push(Constraint::eq(self.flat_expr(&flat(row)?).modulo(g)));
        }
        Ok(out)
    }

    /// A value `v(outer)` that dim `d` takes at every point of the
    /// statements, if there is one.
    fn single_value(
        &mut self,
        d: usize,
        stmts: &[usize],
        bound: &IntegerRelation,
        ctx: &IntegerRelation,
    ) -> Result<Option<AffineExpr>, ScanError> {
        let mut candidates: Vec<AffineExpr> = Vec::new();
        for &s in stmts {
            if let Some(l) = self.lattice(s, d) {
                for eq in &l.equalities {
                    if eq[d].is_zero() {
                        continue;
                    }
                    let a = small(&eq[d])?;
                    let mut flat = self.negated_rest(eq, d)?;
                    if a < 0 {
                        flat.iter_mut().for_each(|v| *v = -*v);
                    }
                    let e = self.flat_expr(&flat);
                    candidates.push(if a.abs() == 1 {
                        e
                    } else {
                        e.floor_div(a.abs())
                    });
                }
            }
        }
        // Equalities of the bounding relation (local-free, dims 0..=d).
        let (nd, ns) = (d + 1, self.ts.num_symbols);
        for eq in bound.equalities() {
            if eq[d].is_zero() {
                continue;
            }
            let a = small(&eq[d])?;
            let mut rest: Vec<Int> = eq.iter().map(|v| -v).collect();
            rest[d] = Int::ZERO;
            if a < 0 {
                rest.iter_mut().for_each(|v| *v = -&*v);
            }
            let e = row_expr(&rest, nd, ns)?;
            candidates.push(if a.abs() == 1 {
                e
            } else {
                e.floor_div(a.abs())
            });
        }
        let dim = AffineExpr::dim(d as u32);
        for v in candidates {
            if stmts.len() == 1 {
                // Both sources are implied by the statement's own domain.
                return Ok(Some(v));
            }
            if self.valid_for_all(stmts, ctx, &[Constraint::eq(dim.clone() - v.clone())])? {
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// A stride `(m, r(outer))`: every point of the statements has
    /// `d ≡ r (mod m)`.
    fn stride(
        &mut self,
        d: usize,
        stmts: &[usize],
        ctx: &IntegerRelation,
    ) -> Result<Option<(i64, AffineExpr)>, ScanError> {
        let mut candidates: Vec<(i64, AffineExpr)> = Vec::new();
        for &s in stmts {
            let Some(l) = self.lattice(s, d) else {
                continue;
            };
            for (row, g) in &l.congruences {
                let a = row[d].mod_floor(g);
                if a.is_zero() {
                    continue;
                }
                let h = a.gcd(g);
                let m = g.div_floor(&h);
                if m.is_one() {
                    continue;
                }
                let Some(inv) = mod_inverse(&a.div_floor(&h), &m) else {
                    continue;
                };
                let (Some(m64), Some(h64), Some(inv64)) = (m.to_i64(), h.to_i64(), inv.to_i64())
                else {
                    continue;
                };
                let rest = self.flat_expr(&self.negated_rest(row, d)?);
                let rest = if h64 == 1 { rest } else { rest.floor_div(h64) };
                let r = (rest * inv64).modulo(m64);
                candidates.push((m64, r));
            }
        }
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        let dim = AffineExpr::dim(d as u32);
        for (m, r) in candidates {
            if stmts.len() == 1 {
                return Ok(Some((m, r)));
            }
            let c = Constraint::eq((dim.clone() - r.clone()).modulo(m));
            if self.valid_for_all(stmts, ctx, &[c])? {
                return Ok(Some((m, r)));
            }
        }
        Ok(None)
    }

    /// The code for levels `d..K` of the active statements under `ctx`.
    pub(super) fn scan(
        &mut self,
        d: usize,
        active: &[usize],
        ctx: &IntegerRelation,
        values: &[Option<AffineExpr>],
    ) -> Result<Vec<AstNode>, ScanError> {
        if d == self.ts.num_dims {
            return self.leaf(active, ctx, values);
        }
        let mut live = Vec::new();
        for &s in active {
            if !self.in_context(s, ctx)?.is_integer_empty() {
                live.push(s);
            }
        }
        let mut out = Vec::new();
        for comp in self.components(d, &live, ctx)? {
            if comp.len() == 1 {
                let bound = self.projection(comp[0], d)?;
                out.extend(self.emit(d, &comp, &bound, Mode::Single, ctx, values)?);
            } else if let Some(pieces) = self.separated_pieces(d, &comp, ctx)? {
                for (piece, stmts) in pieces {
                    out.extend(self.emit(d, &stmts, &piece, Mode::Piece, ctx, values)?);
                }
            } else if let Some(hull) = self.hull(d, &comp, ctx)? {
                out.extend(self.emit(d, &comp, &hull, Mode::Atomic, ctx, values)?);
            } else {
                for (piece, stmts) in self.pieces(d, &comp, ctx)? {
                    out.extend(self.emit(d, &stmts, &piece, Mode::Piece, ctx, values)?);
                }
            }
        }
        Ok(out)
    }

    /// The pieces of a component at a separated level: the innermost loop
    /// level of all its statements with innermost separation on, or a
    /// time dim where all its statements ask for separation. `None` when
    /// separation does not apply here or would exceed its budget (the
    /// loop then stays atomic).
    fn separated_pieces(
        &mut self,
        d: usize,
        comp: &[usize],
        ctx: &IntegerRelation,
    ) -> Result<Option<Pieces>, ScanError> {
        let innermost_here = self.separate_innermost
            && comp
                .iter()
                .all(|&s| self.stmts[s].innermost.is_some_and(|i| i <= d));
        let asked = comp.iter().all(|&s| {
            self.stmts[s]
                .separate
                .as_ref()
                .is_some_and(|r| r.contains(&d))
        });
        if !innermost_here && !asked {
            return Ok(None);
        }
        match self.pieces(d, comp, ctx) {
            Ok(pieces) => Ok(Some(pieces)),
            Err(ScanError::SeparationBudget { .. } | ScanError::CyclicPieces(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn leaf(
        &mut self,
        active: &[usize],
        ctx: &IntegerRelation,
        values: &[Option<AffineExpr>],
    ) -> Result<Vec<AstNode>, ScanError> {
        let mut out = Vec::new();
        for &s in active {
            if self.in_context(s, ctx)?.is_integer_empty() {
                continue;
            }
            let guard = self.ts.gist(&self.stmts[s].exact, ctx)?;
            let guard = self.subst_constraints(&guard, values)?;
            let iteration = (0..self.stmts[s].num_iter)
                .map(|j| self.subst(&AffineExpr::dim((self.k + 1 + j) as u32), values))
                .collect::<Result<Vec<_>, _>>()?;
            out.extend(wrap(
                guard,
                vec![AstNode::Stmt(StmtInstance {
                    statement: s,
                    iteration,
                })],
            ));
        }
        Ok(out)
    }

    /// One loop (or single value) over dim `d` for `stmts`, bounded by
    /// `bound` (a local-free relation over dims `0..=d`).
    fn emit(
        &mut self,
        d: usize,
        stmts: &[usize],
        bound: &IntegerRelation,
        mode: Mode,
        ctx: &IntegerRelation,
        values: &[Option<AffineExpr>],
    ) -> Result<Vec<AstNode>, ScanError> {
        let outer: Vec<Constraint> = match mode {
            Mode::Single => {
                let mut cs: Vec<Constraint> = self.stmts[stmts[0]]
                    .exact
                    .iter()
                    .filter(|c| only_dims_below(&c.expr, d))
                    .cloned()
                    .collect();
                cs.extend(self.outer_lattice_conditions(stmts[0], d)?);
                cs
            }
            Mode::Piece => local_free_constraints(bound)?
                .into_iter()
                .filter(|c| only_dims_below(&c.expr, d))
                .collect(),
            Mode::Atomic => Vec::new(),
        };
        let guard = self.ts.gist(&outer, ctx)?;
        let ctx = self.ts.restrict(ctx, &guard)?;
        if ctx.is_integer_empty() {
            return Ok(Vec::new());
        }
        let dim = AffineExpr::dim(d as u32);
        let mut values = values.to_vec();
        let nodes = if let Some(v) = self.single_value(d, stmts, bound, &ctx)? {
            let mut inner = self
                .ts
                .restrict(&ctx, &[Constraint::eq(dim.clone() - v.clone())])?;
            let mut extra = Vec::new();
            if mode == Mode::Piece {
                let own: Vec<Constraint> = local_free_constraints(bound)?
                    .into_iter()
                    .filter(|c| !only_dims_below(&c.expr, d))
                    .collect();
                extra = self.ts.gist(&own, &inner)?;
                inner = self.ts.restrict(&inner, &extra)?;
            }
            let v = self.subst(&v, &values)?;
            values.push(Some(v));
            let extra = self.subst_constraints(&extra, &values)?;
            let body = self.scan(d + 1, stmts, &inner, &values)?;
            wrap(extra, body)
        } else {
            let bounds = bound.column_bounds(d)?;
            for (list, side) in [(&bounds.lower, "below"), (&bounds.upper, "above")] {
                if list.is_empty() {
                    return Err(ScanError::Unbounded {
                        dim: d,
                        side,
                        statements: stmts.to_vec(),
                    });
                }
            }
            let bounds = if stmts.iter().any(|&s| self.stmts[s].separate.is_some()) {
                self.pruned(bounds, &ctx)?
            } else {
                bounds
            };
            let stride = self.stride(d, stmts, &ctx)?;
            let mut cs: Vec<Constraint> = Vec::new();
            cs.extend(
                bounds
                    .lower
                    .iter()
                    .map(|l| Constraint::ge(dim.clone() - l.clone())),
            );
            cs.extend(
                bounds
                    .upper
                    .iter()
                    .map(|u| Constraint::ge(u.clone() - dim.clone())),
            );
            let (step, lower) = match &stride {
                Some((m, r)) => {
                    cs.push(Constraint::eq((dim.clone() - r.clone()).modulo(*m)));
                    let lower = bounds
                        .lower
                        .iter()
                        .map(|l| l.clone() + (r.clone() - l.clone()).modulo(*m))
                        .collect();
                    (*m, lower)
                }
                None => (1, bounds.lower.clone()),
            };
            let lower_exprs = lower;
            let lower_values = lower_exprs
                .iter()
                .map(|e| self.subst(e, &values))
                .collect::<Result<Vec<_>, _>>()?;
            let upper_values = bounds
                .upper
                .iter()
                .map(|e| self.subst(e, &values))
                .collect::<Result<Vec<_>, _>>()?;
            let once = match at_most_once(&lower_values, &upper_values, d, self.ts.num_symbols) {
                Some(i) => Some(i),
                None => self.bounded_by_a_lower_bound(&lower_exprs, &bounds.upper, &ctx)?,
            };
            if let Some(i) = once {
                // A lower bound (aligned to the stride) equals an upper
                // bound: the loop runs once, at that value, when the other
                // bounds allow it — a guard, not a loop.
                let v = lower_exprs[i].clone();
                let conditions: Vec<Constraint> = bounds
                    .lower
                    .iter()
                    .map(|l| Constraint::ge(v.clone() - l.clone()))
                    .chain(
                        bounds
                            .upper
                            .iter()
                            .map(|u| Constraint::ge(u.clone() - v.clone())),
                    )
                    .collect();
                let extra = self.ts.gist(&conditions, &ctx)?;
                let inner = self.ts.restrict(
                    &self.ts.restrict(&ctx, &extra)?,
                    &[Constraint::eq(dim.clone() - v.clone())],
                )?;
                values.push(Some(lower_values[i].clone()));
                let extra = self.subst_constraints(&extra, &values)?;
                let body = self.scan(d + 1, stmts, &inner, &values)?;
                values.pop();
                let mut guard = self.subst_constraints(&guard, &values)?;
                guard.extend(extra);
                return Ok(wrap(guard, body));
            }
            let inner = self.ts.restrict(&ctx, &cs)?;
            let (lower, upper) = (lower_values, upper_values);
            values.push(None);
            let body = self.scan(d + 1, stmts, &inner, &values)?;
            if body.is_empty() {
                Vec::new()
            } else {
                vec![AstNode::For(ForLoop {
                    dim: d,
                    lower: dedup(lower),
                    upper: dedup(upper),
                    step,
                    body,
                })]
            }
        };
        values.pop();
        let guard = self.subst_constraints(&guard, &values)?;
        Ok(wrap(guard, nodes))
    }
}

/// The most bound pairs [`Generator::bounded_by_a_lower_bound`] compares.
const MAX_BOUND_PAIRS: usize = 4;

impl Generator {
    /// The index of a lower bound `l` (aligned to the stride) with some
    /// upper bound `u` such that `u <= l` wherever `ctx` holds: the loop
    /// then runs at most once, at `l` — as [`at_most_once`] finds when the
    /// two are the same expression, here decided exactly for different
    /// ones (`ceil(M / 2)` and `floor((M + 1) / 2)`). Only for bounds that
    /// are not both constants, and at most [`MAX_BOUND_PAIRS`] pairs.
    fn bounded_by_a_lower_bound(
        &self,
        lower: &[AffineExpr],
        upper: &[AffineExpr],
        ctx: &IntegerRelation,
    ) -> Result<Option<usize>, ScanError> {
        if lower.len() * upper.len() > MAX_BOUND_PAIRS {
            return Ok(None);
        }
        for (i, l) in lower.iter().enumerate() {
            for u in upper {
                if l.as_constant().is_some() && u.as_constant().is_some() {
                    continue;
                }
                if self
                    .ts
                    .implies(ctx, &Constraint::ge(l.clone() - u.clone()))?
                {
                    return Ok(Some(i));
                }
            }
        }
        Ok(None)
    }

    /// The bounds of dim `d` without those another bound dominates under
    /// `ctx` (a lower bound below another lower bound everywhere, an upper
    /// bound above another), so a full tile's loop runs from the tile's
    /// own bounds, not a `max`/`min` with the domain's.
    fn pruned(
        &self,
        mut bounds: ColumnBounds,
        ctx: &IntegerRelation,
    ) -> Result<ColumnBounds, ScanError> {
        for (list, lower) in [(&mut bounds.lower, true), (&mut bounds.upper, false)] {
            let mut i = 0;
            while list.len() > 1 && i < list.len() {
                let mut dominated = false;
                for j in 0..list.len() {
                    if j == i {
                        continue;
                    }
                    // A lower bound l_i is redundant when l_j >= l_i.
                    let diff = if lower {
                        list[j].clone() - list[i].clone()
                    } else {
                        list[i].clone() - list[j].clone()
                    };
                    if self.ts.implies(ctx, &Constraint::ge(diff))? {
                        dominated = true;
                        break;
                    }
                }
                if dominated {
                    list.remove(i);
                } else {
                    i += 1;
                }
            }
        }
        Ok(bounds)
    }
}

/// The index of a lower bound of dim `d` equal to one of its (inclusive)
/// upper bounds: the only value the dim can take.
fn at_most_once(
    lower: &[AffineExpr],
    upper: &[AffineExpr],
    d: usize,
    num_symbols: usize,
) -> Option<usize> {
    lower.iter().position(|l| {
        upper.iter().any(|u| {
            (u.clone() - l.clone())
                .simplify(d as u32, num_symbols as u32)
                .as_constant()
                == Some(0)
        })
    })
}

/// Guards merged where that tests less: adjacent guards with the same
/// conditions become one (`if c { x } if c { y }` is `if c { x; y }`: the
/// conditions read only loop variables and symbols, which nothing between
/// changes), adjacent guards with the same code whose conditions are two
/// disjoint halves of one polyhedron become one ([`convex_union`]; the
/// same code: the same instances of statements with the same
/// [`ScanStatement::code`](super::ScanStatement::code)), and a guard
/// holding only a guard becomes one conjunction.
fn merge_guards(nodes: Vec<AstNode>, codes: &[(bool, usize)]) -> Vec<AstNode> {
    let mut out: Vec<AstNode> = Vec::with_capacity(nodes.len());
    for node in nodes {
        let node = match node {
            AstNode::For(mut f) => {
                f.body = merge_guards(std::mem::take(&mut f.body), codes);
                AstNode::For(f)
            }
            AstNode::If(mut g) => {
                g.then = merge_guards(std::mem::take(&mut g.then), codes);
                if let [AstNode::If(_)] = g.then.as_slice() {
                    if let Some(AstNode::If(inner)) = g.then.pop() {
                        for c in inner.conditions {
                            if !g.conditions.contains(&c) {
                                g.conditions.push(c);
                            }
                        }
                        g.then = inner.then;
                    }
                }
                AstNode::If(g)
            }
            stmt => stmt,
        };
        match (out.last_mut(), node) {
            (Some(AstNode::If(last)), AstNode::If(g)) if last.conditions == g.conditions => {
                last.then.extend(g.then);
                last.then = merge_guards(std::mem::take(&mut last.then), codes);
            }
            (Some(AstNode::If(last)), AstNode::If(g)) if same_code(&last.then, &g.then, codes) => {
                match convex_union(&last.conditions, &g.conditions) {
                    // Together they test nothing: the body unguarded.
                    Some(conditions) if conditions.is_empty() => {
                        if let Some(AstNode::If(last)) = out.pop() {
                            out.extend(last.then);
                        }
                    }
                    Some(conditions) => last.conditions = conditions,
                    None => out.push(AstNode::If(g)),
                }
            }
            (_, node) => out.push(node),
        }
    }
    out
}

/// Whether two lists of nodes run the same code: equal but for statements
/// with the same code.
fn same_code(a: &[AstNode], b: &[AstNode], codes: &[(bool, usize)]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| match (x, y) {
            (AstNode::Stmt(s), AstNode::Stmt(t)) => {
                codes.get(s.statement) == codes.get(t.statement) && s.iteration == t.iteration
            }
            (AstNode::If(g), AstNode::If(h)) => {
                g.conditions == h.conditions && same_code(&g.then, &h.then, codes)
            }
            (AstNode::For(f), AstNode::For(l)) => {
                (f.dim, &f.lower, &f.upper, f.step) == (l.dim, &l.lower, &l.upper, l.step)
                    && same_code(&f.body, &l.body, codes)
            }
            _ => false,
        })
}

/// The conditions of `if a { x } if b { x }` as one guard, when `a ∨ b` is
/// one polyhedron (pieces of one loop range cut apart by separation:
/// `d1 <= 38` and `d1 >= 39` under the same other conditions) and `a ∧ b`
/// is empty (so `x` ran at most once either way); no conditions when the
/// union is everything. `None` otherwise.
fn convex_union(a: &[Constraint], b: &[Constraint]) -> Option<Vec<Constraint>> {
    let exprs = || a.iter().chain(b).map(|c| &c.expr);
    let nd = exprs().map(AffineExpr::dim_count).max().unwrap_or(0);
    let ns = exprs().map(AffineExpr::symbol_count).max().unwrap_or(0);
    let set = |cs: &[Constraint]| {
        let s = IntegerSet::new(nd, ns, cs.to_vec()).ok()?;
        IntegerRelation::from_integer_set(&s).ok()
    };
    let (ra, rb) = (set(a)?, set(b)?);
    if !ra.intersect(&rb).ok()?.integer_emptiness().ok()? {
        return None;
    }
    let mut union = PresburgerSet::from_relation(ra);
    union.add_disjunct(rb).ok()?;
    let merged = union.coalesce().ok()?;
    let [one] = merged.disjuncts() else {
        return None;
    };
    let conditions = one.to_integer_set().ok()?.simplify().constraints().to_vec();
    // Constant rows that hold (`0 == 0` for the universe) are left out.
    let mut kept = Vec::new();
    for c in conditions {
        match (c.expr.as_constant(), c.kind) {
            (Some(0), ConstraintKind::Eq) => {}
            (Some(v), ConstraintKind::Ge) if v >= 0 => {}
            (Some(_), _) => return None,
            (None, _) => kept.push(c),
        }
    }
    Some(kept)
}

fn dedup(v: Vec<AffineExpr>) -> Vec<AffineExpr> {
    let mut out: Vec<AffineExpr> = Vec::new();
    for e in v {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

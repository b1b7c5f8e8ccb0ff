//! [`PresburgerSet`]: finite unions of integer relations, with exact set
//! operations.
//!
//! Subtraction is the core: `a ∖ b` for a single disjunct `b` with
//! constraints `c_1 … c_k` is the disjoint union over `i` of
//! `a ∧ c_1 ∧ … ∧ c_{i−1} ∧ ¬c_i`, where `¬(e ≥ 0)` is `−e − 1 ≥ 0` and
//! `¬(e = 0)` splits into `e − 1 ≥ 0` and `−e − 1 ≥ 0`. Locals of `b` are
//! handled exactly: those that Fourier–Motzkin removes exactly are
//! eliminated first; each remaining one must be a division
//! `q = ⌊e/c⌋` (rows `e − c·q ≥ 0`, `c·q − e + u ≥ 0` with `u < c`, or an
//! equality `c·q = e`), which is unique for every value of the other
//! columns, so its
//! defining rows are kept un-negated and only the other rows are negated.
//! A local that is neither gives [`PolyError::NonDivisionLocal`] rather
//! than a wrong answer. Pieces that are integer-empty are dropped on the
//! way.

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::simplex::LpResult;
use crate::space::{Space, VarKind};
use std::fmt;

/// A union of integer relations over one space (locals may differ per
/// disjunct).
///
/// ```
/// use tessera_polyhedral::{IntegerRelation, PresburgerSet, Space};
/// let mut a = IntegerRelation::new_set(1, 0);
/// a.add_bounds(0, Some(0), Some(9))?;
/// let mut b = IntegerRelation::new_set(1, 0);
/// b.add_bounds(0, Some(3), Some(5))?;
/// let a = PresburgerSet::from_relation(a);
/// let b = PresburgerSet::from_relation(b);
/// let diff = a.subtract(&b)?;
/// assert!(diff.contains(&[2])? && !diff.contains(&[4])?);
/// assert!(b.is_subset(&a)? && !a.is_subset(&b)?);
/// # Ok::<(), tessera_polyhedral::PolyError>(())
/// ```
#[derive(Clone)]
pub struct PresburgerSet {
    pub(crate) space: Space,
    pub(crate) disjuncts: Vec<IntegerRelation>,
}

impl PresburgerSet {
    /// The empty set over `space` (its locals count is ignored).
    pub fn empty(space: Space) -> PresburgerSet {
        PresburgerSet {
            space: space.with_count(VarKind::Local, 0),
            disjuncts: Vec::new(),
        }
    }

    /// The set of all integer points of `space`.
    pub fn universe(space: Space) -> PresburgerSet {
        let space = space.with_count(VarKind::Local, 0);
        PresburgerSet {
            space,
            disjuncts: vec![IntegerRelation::new(space)],
        }
    }

    /// The set with the single disjunct `rel`.
    pub fn from_relation(rel: IntegerRelation) -> PresburgerSet {
        PresburgerSet {
            space: rel.space().with_count(VarKind::Local, 0),
            disjuncts: vec![rel],
        }
    }

    /// The space (without locals).
    pub fn space(&self) -> Space {
        self.space
    }

    /// The disjuncts.
    pub fn disjuncts(&self) -> &[IntegerRelation] {
        &self.disjuncts
    }

    fn check(&self, other: &PresburgerSet) -> Result<(), PolyError> {
        if self.space.is_compatible(&other.space) {
            Ok(())
        } else {
            Err(PolyError::SpaceMismatch {
                left: self.space.to_string(),
                right: other.space.to_string(),
            })
        }
    }

    /// Adds a disjunct.
    pub fn add_disjunct(&mut self, rel: IntegerRelation) -> Result<(), PolyError> {
        if !self.space.is_compatible(&rel.space()) {
            return Err(PolyError::SpaceMismatch {
                left: self.space.to_string(),
                right: rel.space().to_string(),
            });
        }
        self.disjuncts.push(rel);
        Ok(())
    }

    /// Whether the set contains the point (values of the non-local columns).
    pub fn contains(&self, point: &[i64]) -> Result<bool, PolyError> {
        for d in &self.disjuncts {
            if d.contains(point)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the set has no integer point (exact; an undecided
    /// disjunct is [`PolyError::SearchBudget`], see
    /// [`IntegerRelation::find_integer_sample`]).
    pub fn is_empty(&self) -> Result<bool, PolyError> {
        for d in &self.disjuncts {
            if !d.integer_emptiness()? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// An integer point (non-local columns) of the set, if any.
    pub fn sample(&self) -> Result<Option<Vec<Int>>, PolyError> {
        let k = self.space.num_non_locals();
        for d in &self.disjuncts {
            if let Some(mut p) = d.find_integer_sample()? {
                p.truncate(k);
                return Ok(Some(p));
            }
        }
        Ok(None)
    }

    /// The union (a disjunct with a false constant row, such as `1 == 0`,
    /// dropped).
    pub fn union(&self, other: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
        self.check(other)?;
        let mut out = self.clone();
        out.disjuncts.retain(|d| !d.has_false_constant_row());
        out.disjuncts.extend(
            other
                .disjuncts
                .iter()
                .filter(|d| !d.has_false_constant_row())
                .cloned(),
        );
        Ok(out)
    }

    /// The intersection (pairwise intersection of disjuncts, empty pieces
    /// dropped).
    pub fn intersect(&self, other: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
        self.check(other)?;
        let mut out = PresburgerSet::empty(self.space);
        for a in &self.disjuncts {
            for b in &other.disjuncts {
                let mut c = a.intersect(b)?;
                if c.normalize() && !c.is_integer_empty() {
                    out.disjuncts.push(c);
                }
            }
        }
        Ok(out)
    }

    /// The set difference `self ∖ other`.
    pub fn subtract(&self, other: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
        self.subtract_within(other, usize::MAX)
    }

    /// [`PresburgerSet::subtract`], failing with [`PolyError::Budget`]
    /// when the pieces that have had a disjunct subtracted from them hold
    /// more than `max_steps` rows and locals in all (differences of large
    /// unions grow with the product of their sizes, and each step with the
    /// size of its piece).
    ///
    /// ```
    /// use tessera_polyhedral::{IntegerRelation, PolyError, PresburgerSet};
    /// let mut a = IntegerRelation::new_set(1, 0);
    /// a.add_bounds(0, Some(0), Some(9))?;
    /// let a = PresburgerSet::from_relation(a);
    /// let universe = PresburgerSet::universe(a.space());
    /// assert!(universe.subtract_within(&a, 100)?.contains(&[10])?);
    /// assert!(matches!(universe.subtract_within(&a, 0), Err(PolyError::Budget { .. })));
    /// # Ok::<(), PolyError>(())
    /// ```
    pub fn subtract_within(
        &self,
        other: &PresburgerSet,
        max_steps: usize,
    ) -> Result<PresburgerSet, PolyError> {
        self.check(other)?;
        let mut current: Vec<IntegerRelation> = self.disjuncts.clone();
        let mut steps = 0usize;
        for prepared in other.complementable_pieces()? {
            let mut next = Vec::new();
            for a in &current {
                let cost = 1 + a.eqs.len() + a.ineqs.len() + a.space().count(VarKind::Local);
                steps += cost;
                if steps > max_steps {
                    return Err(PolyError::Budget {
                        what: "a set difference",
                        budget: max_steps as u64,
                    });
                }
                // Under a work limit the difference spends it too: past the
                // limit its emptiness tests end undecided and keep every
                // piece, which would otherwise grow unchecked.
                crate::work::charge(cost as u64, 0)?;
                prepared.subtract_from(a, &mut next)?;
            }
            current = next;
        }
        Ok(PresburgerSet {
            space: self.space,
            disjuncts: current,
        })
    }

    /// Each disjunct prepared for negation; a disjunct with locals that
    /// are not divisions (an exact projection kept with existentials) is
    /// first split into pieces whose locals are
    /// ([`IntegerRelation::split_locals`]).
    fn complementable_pieces(&self) -> Result<Vec<Complementable>, PolyError> {
        let mut out = Vec::new();
        for b in &self.disjuncts {
            match Complementable::new(b) {
                Ok(prepared) => out.push(prepared),
                Err(PolyError::NonDivisionLocal) => {
                    for piece in b.split_locals()? {
                        out.push(Complementable::new(&piece)?);
                    }
                }
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// The complement within the integer points of the space.
    pub fn complement(&self) -> Result<PresburgerSet, PolyError> {
        PresburgerSet::universe(self.space).subtract(self)
    }

    /// Whether every point of `self` is in `other`.
    pub fn is_subset(&self, other: &PresburgerSet) -> Result<bool, PolyError> {
        self.subtract(other)?.is_empty()
    }

    /// Whether both sets have the same integer points.
    pub fn is_equal(&self, other: &PresburgerSet) -> Result<bool, PolyError> {
        Ok(self.is_subset(other)? && other.is_subset(self)?)
    }

    /// A simpler equal set: empty disjuncts are dropped, rows normalised,
    /// a disjunct contained in another one is dropped, and two disjuncts
    /// without locals whose union is exactly one polyhedron's integer
    /// points become that polyhedron (`0 ≤ x ≤ 3` or `4 ≤ x ≤ 8` is
    /// `0 ≤ x ≤ 8`).
    ///
    /// ```
    /// use tessera_polyhedral::{IntegerRelation, PresburgerSet};
    /// let interval = |lo, hi| {
    ///     let mut r = IntegerRelation::new_set(1, 0);
    ///     r.add_bounds(0, Some(lo), Some(hi)).unwrap();
    ///     PresburgerSet::from_relation(r)
    /// };
    /// let u = interval(0, 3).union(&interval(4, 8))?.coalesce()?;
    /// assert_eq!(u.disjuncts().len(), 1);
    /// let gap = interval(0, 3).union(&interval(5, 8))?.coalesce()?;
    /// assert_eq!(gap.disjuncts().len(), 2);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn coalesce(&self) -> Result<PresburgerSet, PolyError> {
        let mut kept: Vec<IntegerRelation> = Vec::new();
        for d in &self.disjuncts {
            let mut d = d.clone();
            if d.gaussian_eliminate() && !d.is_integer_empty() {
                kept.push(d);
            }
        }
        let mut i = 0;
        while i < kept.len() {
            let single = PresburgerSet::from_relation(kept[i].clone());
            let mut contained = false;
            for (j, other) in kept.iter().enumerate() {
                if j == i {
                    continue;
                }
                match single.subtract(&PresburgerSet::from_relation(other.clone())) {
                    Ok(rest) if rest.is_empty().unwrap_or(false) => {
                        contained = true;
                        break;
                    }
                    Ok(_) | Err(PolyError::NonDivisionLocal) => {}
                    Err(e) => return Err(e),
                }
            }
            if contained {
                kept.remove(i);
            } else {
                i += 1;
            }
        }
        crate::coalesce::merge_pairs(&mut kept)?;
        Ok(PresburgerSet {
            space: self.space,
            disjuncts: kept,
        })
    }
}

/// A disjunct prepared for negation: its rows split into the rows defining
/// division locals (kept as they are) and the rows to negate.
struct Complementable {
    rel: IntegerRelation,
    /// The division locals: column, dividend, divisor, in definition order
    /// (a dividend uses only locals defined before it).
    divisions: Vec<(usize, Vec<Int>, Int)>,
    /// Two rows per division, in the order of `divisions`.
    defining: Vec<Vec<Int>>,
    negatable_eqs: Vec<Vec<Int>>,
    negatable_ineqs: Vec<Vec<Int>>,
    empty: bool,
}

impl Complementable {
    fn new(b: &IntegerRelation) -> Result<Complementable, PolyError> {
        let Some((rel, defs)) = resolve_locals(b)? else {
            return Ok(Complementable {
                rel: b.clone(),
                divisions: Vec::new(),
                defining: Vec::new(),
                negatable_eqs: Vec::new(),
                negatable_ineqs: Vec::new(),
                empty: true,
            });
        };
        let negatable_ineqs = rel
            .ineqs
            .iter()
            .zip(&defs.used_ineq)
            .filter(|(_, used)| !**used)
            .map(|(r, _)| r.clone())
            .collect();
        Ok(Complementable {
            negatable_eqs: rel.eqs.clone(),
            rel,
            divisions: defs
                .divisions
                .into_iter()
                .map(|d| (d.col, d.dividend, d.divisor))
                .collect(),
            defining: defs.defining,
            negatable_ineqs,
            empty: false,
        })
    }

    /// Pushes the pieces of `a ∖ self` onto `out`.
    fn subtract_from(
        &self,
        a: &IntegerRelation,
        out: &mut Vec<IntegerRelation>,
    ) -> Result<(), PolyError> {
        if self.empty {
            out.push(a.clone());
            return Ok(());
        }
        // `a` with the locals of `b` it does not already have (the same
        // division of the same dividend) appended after its own, and their
        // definitions added: repeated subtraction would otherwise pile up
        // copies of one division, and the emptiness tests slow down with
        // every local.
        let k = a.space().num_non_locals();
        let own = a.space().count(VarKind::Local);
        let b_start = self.rel.space().offset(VarKind::Local);
        let b_locals = self.rel.space().count(VarKind::Local);
        let known = find_definitions(a);
        // Where each local of `b` goes: a column of `a`, or a new local.
        let mut place: Vec<usize> = (0..b_locals).map(|j| k + own + j).collect();
        let mut fresh = Vec::new();
        for (i, (col, dividend, divisor)) in self.divisions.iter().enumerate() {
            let j = col - b_start;
            // The dividend over `a`'s columns, when it only uses locals
            // `a` has.
            let mut translated = vec![Int::ZERO; k + own + 1];
            let mut expressible = true;
            for (c, v) in dividend.iter().enumerate() {
                if v.is_zero() {
                    continue;
                }
                let to = if c < k {
                    c
                } else if c < b_start + b_locals {
                    place[c - b_start]
                } else {
                    k + own
                };
                if to >= k + own && c < b_start + b_locals {
                    expressible = false;
                    break;
                }
                translated[to] = v.clone();
            }
            let same = expressible
                .then(|| {
                    known
                        .divisions
                        .iter()
                        .find(|d| d.divisor == *divisor && d.dividend == translated)
                })
                .flatten();
            match same {
                Some(d) => place[j] = d.col,
                None => fresh.push((i, j)),
            }
        }
        // Fresh locals take consecutive new columns, in definition order.
        let undefined: Vec<usize> = (0..b_locals)
            .filter(|j| !self.divisions.iter().any(|(c, ..)| c - b_start == *j))
            .collect();
        let new_locals = fresh.len() + undefined.len();
        for (n, j) in fresh.iter().map(|&(_, j)| j).chain(undefined).enumerate() {
            place[j] = k + own + n;
        }
        let width = k + own + new_locals + 1;
        let lift = |row: &[Int]| -> Vec<Int> {
            let mut r = vec![Int::ZERO; width];
            r[..k].clone_from_slice(&row[..k]);
            for j in 0..b_locals {
                r[place[j]] += &row[k + j];
            }
            r[width - 1] = row[k + b_locals].clone();
            r
        };
        let mut base = a.clone();
        base.append_vars(VarKind::Local, new_locals);
        for &(i, _) in &fresh {
            base.ineqs.push(lift(&self.defining[2 * i]));
            base.ineqs.push(lift(&self.defining[2 * i + 1]));
        }
        let mut prefix = base;
        let negate = |row: &[Int]| -> Vec<Int> {
            let mut r: Vec<Int> = row.iter().map(|v| -v).collect();
            let last = r.len() - 1;
            r[last] = &r[last] - &Int::ONE;
            r
        };
        let mut push_piece = |piece: IntegerRelation| {
            let mut piece = piece;
            if piece.normalize() && !piece.is_integer_empty() {
                out.push(piece);
            }
        };
        for eq in &self.negatable_eqs {
            let e = lift(eq);
            let mut above = e.clone();
            let last = above.len() - 1;
            above[last] = &above[last] - &Int::ONE;
            let mut p1 = prefix.clone();
            p1.ineqs.push(above);
            push_piece(p1);
            let mut p2 = prefix.clone();
            p2.ineqs.push(negate(&e));
            push_piece(p2);
            prefix.eqs.push(e);
        }
        for ineq in &self.negatable_ineqs {
            let r = lift(ineq);
            let mut p = prefix.clone();
            p.ineqs.push(negate(&r));
            push_piece(p);
            prefix.ineqs.push(r);
        }
        Ok(())
    }
}

/// The largest box of coupled columns [`IntegerRelation::split_locals`]
/// enumerates when splintering explodes.
const MAX_ENUMERATED_POINTS: i128 = 4096;

/// The row budget when eliminating a local before negation.
const LOCAL_ELIMINATION_BUDGET: usize = 256;

/// Brings every local of `b` to a division definition, eliminating the
/// locals that have none when Fourier–Motzkin removes them exactly. Returns
/// `None` when `b` is found empty on the way, and
/// [`PolyError::NonDivisionLocal`] when a local can be neither defined nor
/// eliminated exactly.
pub(crate) fn resolve_locals(
    b: &IntegerRelation,
) -> Result<Option<(IntegerRelation, Definitions)>, PolyError> {
    let mut rel = b.clone();
    loop {
        if !rel.clone().normalize() {
            return Ok(None);
        }
        let defs = find_definitions(&rel);
        if defs.undefined.is_empty() {
            return Ok(Some((rel, defs)));
        }
        let exact = defs.undefined.iter().find_map(|&col| {
            rel.project_out_with_budget(&[col], LOCAL_ELIMINATION_BUDGET)
                .ok()
                .filter(|p| p.exact)
        });
        match exact {
            Some(p) => rel = p.relation,
            None => return Err(PolyError::NonDivisionLocal),
        }
    }
}

/// One local defined as `⌊dividend / divisor⌋`.
pub(crate) struct Division {
    /// The local's column.
    pub(crate) col: usize,
    /// The dividend as a full row (zero in the local's own column).
    pub(crate) dividend: Vec<Int>,
    /// The positive divisor.
    pub(crate) divisor: Int,
}

/// The division definitions found for the locals of a relation.
pub(crate) struct Definitions {
    /// The divisions in an order where each dividend only uses locals
    /// defined before it.
    pub(crate) divisions: Vec<Division>,
    /// Pairs of rows `e − c·q ≥ 0`, `c·q − e + c − 1 ≥ 0`.
    defining: Vec<Vec<Int>>,
    /// Which inequalities of the relation are among `defining`.
    pub(crate) used_ineq: Vec<bool>,
    /// Locals without a definition.
    undefined: Vec<usize>,
}

/// Finds a division definition for every local it can, in an order where
/// each dividend only uses non-locals and locals defined before.
pub(crate) fn find_definitions(rel: &IntegerRelation) -> Definitions {
    let n = rel.num_vars();
    let start = rel.space().offset(VarKind::Local);
    let mut defined = vec![false; n];
    let mut defining: Vec<Vec<Int>> = Vec::new();
    let mut used_ineq = vec![false; rel.ineqs.len()];
    let mut divisions = Vec::new();
    let mut progress = true;
    while progress {
        progress = false;
        for q in start..n {
            if defined[q] {
                continue;
            }
            let usable =
                |row: &Vec<Int>| (start..n).all(|k| k == q || row[k].is_zero() || defined[k]);
            if let Some((i, j)) = division_pair(&rel.ineqs, q, &used_ineq, &usable) {
                let mut dividend = rel.ineqs[i].clone();
                let divisor = -std::mem::replace(&mut dividend[q], Int::ZERO);
                // The defining upper row `c·q − e + c − 1 ≥ 0`; a tighter
                // one in the relation stays a constraint of its own.
                let mut upper: Vec<Int> = rel.ineqs[i].iter().map(|v| -v).collect();
                upper[n] = &upper[n] + &(&divisor - &Int::ONE);
                used_ineq[i] = true;
                used_ineq[j] = rel.ineqs[j] == upper;
                divisions.push(Division {
                    col: q,
                    dividend,
                    divisor,
                });
                defining.push(rel.ineqs[i].clone());
                defining.push(upper);
                defined[q] = true;
                progress = true;
            } else if let Some(eq) = rel.eqs.iter().find(|e| !e[q].is_zero() && usable(e)) {
                // c·q + r = 0 (c > 0) gives q = ⌊−r/c⌋, defined by
                // −r − c·q ≥ 0 and r + c·q + c − 1 ≥ 0; the equality itself
                // stays to be negated.
                let sign = Int::from(eq[q].signum() as i64);
                let row: Vec<Int> = eq.iter().map(|v| v * &sign).collect();
                let c = row[q].clone();
                let lower: Vec<Int> = row.iter().map(|v| -v).collect();
                let mut upper = row;
                upper[n] = &upper[n] + &(&c - &Int::ONE);
                let mut dividend = lower.clone();
                dividend[q] = Int::ZERO;
                divisions.push(Division {
                    col: q,
                    dividend,
                    divisor: c,
                });
                defining.push(lower);
                defining.push(upper);
                defined[q] = true;
                progress = true;
            }
        }
    }
    Definitions {
        divisions,
        defining,
        used_ineq,
        undefined: (start..n).filter(|&q| !defined[q]).collect(),
    }
}

/// Whether every local of `rel` has a division definition (so each point
/// has one value of the locals).
pub(crate) fn locals_are_divisions(rel: &IntegerRelation) -> bool {
    find_definitions(rel).undefined.is_empty()
}

/// Finds two unused inequalities `e − c·q ≥ 0` and `c·q − e + u ≥ 0`
/// (`c > 0`, `0 ≤ u ≤ c − 1`) whose other coefficients are usable as a
/// dividend: `0 ≤ e − c·q ≤ u` makes `q = ⌊e/c⌋` (the upper row is the
/// definition's, `u = c − 1`, or tighter, as after the negation of a
/// `mod` equality: `1 ≤ d0 − 3·q ≤ 2`).
fn division_pair(
    ineqs: &[Vec<Int>],
    q: usize,
    used: &[bool],
    usable: &dyn Fn(&Vec<Int>) -> bool,
) -> Option<(usize, usize)> {
    let n = ineqs.first()?.len() - 1;
    for (i, lo) in ineqs.iter().enumerate() {
        if used[i] || !lo[q].is_negative() || !usable(lo) {
            continue;
        }
        let c = -&lo[q];
        for (j, up) in ineqs.iter().enumerate() {
            if used[j] || j == i {
                continue;
            }
            let opposite = (0..n).all(|k| up[k] == -&lo[k]);
            let width = &up[n] + &lo[n];
            if opposite && !width.is_negative() && width < c {
                return Some((i, j));
            }
        }
    }
    None
}

impl fmt::Debug for PresburgerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "PresburgerSet({}) [", self.space)?;
        for d in &self.disjuncts {
            writeln!(f, "{d:?}")?;
        }
        write!(f, "]")
    }
}

/// One step of the Omega test's exact equality elimination, on the
/// non-division local of equality `e` with the smallest coefficient: with a
/// unit coefficient the local is substituted away; otherwise, with
/// `m = |a_k| + 1`, a new local `σ` is introduced by
/// `x_k = sign(a_k)·(−m·σ + Σ_{i≠k} (a_i mod̂ m)·x_i + (c mod̂ m))`, which
/// shrinks the equality's coefficients. The integer points (projected on
/// the non-locals) are unchanged.
fn eliminate_local_by_equality(
    mut rel: IntegerRelation,
    e: usize,
    undefined: &[usize],
) -> IntegerRelation {
    let eq = rel.eqs[e].clone();
    let n = rel.num_vars();
    let Some(k) = undefined
        .iter()
        .copied()
        .filter(|&c| eq[c] != Int::ZERO)
        .min_by(|&a, &b| eq[a].abs().cmp(&eq[b].abs()))
    else {
        return rel;
    };
    if eq[k].is_unit() {
        rel.eqs.remove(e);
        for row in rel.eqs.iter_mut().chain(rel.ineqs.iter_mut()) {
            crate::normalize::eliminate_with(row, &eq, k);
        }
        return rel;
    }
    let m = &eq[k].abs() + &Int::ONE;
    let sign = Int::from(eq[k].signum() as i64);
    let mod_hat = |a: &Int| {
        let two = Int::from(2);
        let q = (&(&two * a) + &m).div_floor(&(&two * &m));
        a - &(&m * &q)
    };
    let sigma = rel.append_vars(VarKind::Local, 1);
    // Rows now have n + 1 variable columns; sigma is the last.
    let mut subst = vec![Int::ZERO; n + 2];
    for i in 0..n {
        if i != k && eq[i] != Int::ZERO {
            subst[i] = &sign * &mod_hat(&eq[i]);
        }
    }
    subst[sigma] = -(&sign * &m);
    subst[n + 1] = &sign * &mod_hat(&eq[n]);
    for row in rel.eqs.iter_mut().chain(rel.ineqs.iter_mut()) {
        if row[k] == Int::ZERO {
            continue;
        }
        let f = std::mem::replace(&mut row[k], Int::ZERO);
        crate::normalize::combine(row, &Int::ONE, &subst, &f);
    }
    rel
}

/// At most this many pieces when splitting a relation into pieces whose
/// locals are all divisions.
const MAX_SPLIT_PIECES: usize = 256;

/// At most this many pieces when a split is optional (a projection's
/// result, [`IntegerRelation::split_locals_if_small`]): a larger union is
/// kept as one relation with existentials.
pub const SMALL_SPLIT_PIECES: usize = 32;

impl IntegerRelation {
    /// The same integer points as a union of relations whose locals are
    /// all divisions (so each prints as an MLIR integer set), by the Omega
    /// test's exact projection: a local that is not a division is
    /// eliminated exactly when Fourier–Motzkin is exact for it, and
    /// otherwise replaced by the dark shadow plus the splinters
    /// `a·x = L + k` (which make it a division). Pugh showed the union is
    /// exactly the projection.
    ///
    /// ```
    /// use tessera_affine::IntegerSet;
    /// use tessera_polyhedral::IntegerRelation;
    /// // { d0 : exists q. 2 <= 3q - d0 <= 3, 0 <= d0 <= 9 }
    /// let mut p = IntegerRelation::new_set(2, 0);
    /// p.add_inequality(&[-1, 3, -2])?;
    /// p.add_inequality(&[1, -3, 3])?;
    /// p.add_bounds(0, Some(0), Some(9))?;
    /// p.convert_to_locals(&[1])?;
    /// let pieces = p.split_locals()?;
    /// for d0 in -3..=12 {
    ///     let inside = pieces.iter().any(|r| r.contains(&[d0]).unwrap());
    ///     assert_eq!(inside, p.contains(&[d0])?);
    /// }
    /// assert!(pieces.iter().all(|r| r.to_integer_set().is_ok()));
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn split_locals(&self) -> Result<Vec<IntegerRelation>, PolyError> {
        self.split_locals_within(MAX_SPLIT_PIECES)
    }

    /// The relation as MLIR integer sets: one when its locals are all
    /// divisions (or exactly eliminable), otherwise the pieces of
    /// [`IntegerRelation::split_locals`].
    pub fn to_integer_sets(&self) -> Result<Vec<tessera_affine::IntegerSet>, PolyError> {
        match self.to_integer_set() {
            Ok(set) => Ok(vec![set]),
            Err(PolyError::NonDivisionLocal) => self
                .split_locals()?
                .iter()
                .map(IntegerRelation::to_integer_set)
                .collect(),
            Err(e) => Err(e),
        }
    }

    /// [`IntegerRelation::split_locals`] when the union has at most
    /// [`SMALL_SPLIT_PIECES`] pieces, `None` when it would have more: the
    /// caller then keeps the relation with its existentials, which is
    /// exact and cheaper than hundreds of splinters.
    pub fn split_locals_if_small(&self) -> Result<Option<Vec<IntegerRelation>>, PolyError> {
        match self.split_locals_within(SMALL_SPLIT_PIECES) {
            Ok(pieces) => Ok(Some(pieces)),
            Err(PolyError::ProjectionBudget { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The split with at most `max_pieces` pieces of splinters, then the
    /// enumeration of the coupled columns, else
    /// [`PolyError::ProjectionBudget`].
    fn split_locals_within(&self, max_pieces: usize) -> Result<Vec<IntegerRelation>, PolyError> {
        match self.split_locals_by_shadows(max_pieces) {
            Err(PolyError::ProjectionBudget { budget }) => match self.points_as_pieces()? {
                Some(pieces) if pieces.len() <= max_pieces => Ok(pieces),
                _ => Err(PolyError::ProjectionBudget { budget }),
            },
            other => other,
        }
    }

    /// The relation as pieces without locals by enumerating the non-local
    /// columns the locals are coupled with (those in a row with a local),
    /// when they lie in a box of at most [`MAX_ENUMERATED_POINTS`] points
    /// (rational bounds): at each point of that box the locals' rows are
    /// tested for a solution (an exact integer search), and the points
    /// found, joined into runs along the last coupled column, each give a
    /// piece — the rows without locals, the coupled columns fixed. The
    /// fallback of [`IntegerRelation::split_locals`] when splintering
    /// explodes (`3000·d0 − 2999·d1 ≥ 1000, …` projected onto `d0` is
    /// `d0 == 1000`). `None` when the box is unbounded or too large.
    fn points_as_pieces(&self) -> Result<Option<Vec<IntegerRelation>>, PolyError> {
        let locals = self.space.offset(VarKind::Local)..self.num_vars();
        let has_local = |row: &Vec<Int>| locals.clone().any(|c| !row[c].is_zero());
        let coupled: Vec<usize> = (0..locals.start)
            .filter(|&c| {
                self.eqs
                    .iter()
                    .chain(&self.ineqs)
                    .any(|row| has_local(row) && !row[c].is_zero())
            })
            .collect();
        let (mut lo, mut hi) = (Vec::new(), Vec::new());
        let mut volume: i128 = 1;
        for &col in &coupled {
            let mut objective = vec![Int::ZERO; self.num_cols()];
            objective[col] = Int::ONE;
            let low = match self.rational_minimum(&objective)? {
                LpResult::Optimal { value, .. } => value.ceil(),
                LpResult::Infeasible => return Ok(Some(Vec::new())),
                LpResult::Unbounded => return Ok(None),
            };
            objective[col] = -Int::ONE;
            let high = match self.rational_minimum(&objective)? {
                LpResult::Optimal { value, .. } => -value.ceil(),
                LpResult::Infeasible => return Ok(Some(Vec::new())),
                LpResult::Unbounded => return Ok(None),
            };
            let (Some(l), Some(h)) = (low.to_i64(), high.to_i64()) else {
                return Ok(None);
            };
            if h < l {
                return Ok(Some(Vec::new()));
            }
            volume = volume.saturating_mul(i128::from(h) - i128::from(l) + 1);
            if volume > MAX_ENUMERATED_POINTS {
                return Ok(None);
            }
            lo.push(l);
            hi.push(h);
        }
        let mut with_locals = IntegerRelation::new(self.space);
        let mut plain = IntegerRelation::new(self.space.with_count(VarKind::Local, 0));
        for row in &self.eqs {
            if has_local(row) {
                with_locals.eqs.push(row.clone());
            } else {
                plain.eqs.push(without(row, locals.clone()));
            }
        }
        for row in &self.ineqs {
            if has_local(row) {
                with_locals.ineqs.push(row.clone());
            } else {
                plain.ineqs.push(without(row, locals.clone()));
            }
        }
        let piece = |start: &[i64], end: i64| -> Result<IntegerRelation, PolyError> {
            let mut r = plain.clone();
            for (i, (&col, &v)) in coupled.iter().zip(start).enumerate() {
                let last = i + 1 == coupled.len();
                let mut eq = vec![Int::ZERO; r.num_cols()];
                eq[col] = Int::ONE;
                if last && end != v {
                    r.add_bounds(col, Some(v), Some(end))?;
                } else {
                    eq[r.num_vars()] = Int::from(-v);
                    r.add_equality_int(eq)?;
                }
            }
            Ok(r)
        };
        let mut pieces = Vec::new();
        let mut point = lo.clone();
        // The open run: its first point and its last value of the last
        // coupled column.
        let mut run: Option<(Vec<i64>, i64)> = None;
        loop {
            let mut fixed = with_locals.clone();
            for (&col, &v) in coupled.iter().zip(&point) {
                fixed.add_bounds(col, Some(v), Some(v))?;
            }
            let inside = !fixed.integer_emptiness()?;
            let last = point.last().copied().unwrap_or(0);
            match (&mut run, inside) {
                (Some((_, end)), true) => *end = last,
                (None, true) => run = Some((point.clone(), last)),
                (_, false) => {
                    if let Some((start, end)) = run.take() {
                        pieces.push(piece(&start, end)?);
                    }
                }
            }
            // The next point of the box; a run ends with its row.
            let mut col = coupled.len();
            let done = loop {
                if col == 0 {
                    break true;
                }
                col -= 1;
                if point[col] < hi[col] {
                    point[col] += 1;
                    break false;
                }
                point[col] = lo[col];
            };
            if done || col + 1 < coupled.len() {
                if let Some((start, end)) = run.take() {
                    pieces.push(piece(&start, end)?);
                }
            }
            if done {
                pieces.retain(|p| !p.is_integer_empty());
                return Ok(Some(pieces));
            }
        }
    }

    /// [`IntegerRelation::split_locals`] by the Omega test's shadows and
    /// splinters.
    fn split_locals_by_shadows(
        &self,
        max_pieces: usize,
    ) -> Result<Vec<IntegerRelation>, PolyError> {
        let mut out = Vec::new();
        let mut work = vec![self.clone()];
        while let Some(mut rel) = work.pop() {
            if out.len() + work.len() > max_pieces {
                return Err(PolyError::ProjectionBudget { budget: max_pieces });
            }
            if !rel.normalize() || rel.is_integer_empty() {
                continue;
            }
            let defs = find_definitions(&rel);
            let Some(&x) = defs.undefined.first() else {
                out.push(rel);
                continue;
            };
            // Exactly eliminable first (one-sided, or a unit coefficient on
            // one side).
            if let Some(p) = defs.undefined.iter().find_map(|&col| {
                rel.project_out_with_budget(&[col], LOCAL_ELIMINATION_BUDGET)
                    .ok()
                    .filter(|p| p.exact)
            }) {
                work.push(p.relation);
                continue;
            }
            if let Some(e) = rel
                .eqs
                .iter()
                .position(|row| defs.undefined.iter().any(|&c| row[c] != Int::ZERO))
            {
                // An equality through non-division locals: eliminate one of
                // them exactly (Pugh's equality step), then start again.
                work.push(eliminate_local_by_equality(rel, e, &defs.undefined));
                continue;
            }
            let lowers: Vec<&Vec<Int>> = rel.ineqs.iter().filter(|r| r[x] > Int::ZERO).collect();
            let max_upper = rel
                .ineqs
                .iter()
                .filter(|r| r[x] < Int::ZERO)
                .map(|r| -&r[x])
                .max()
                .unwrap_or(Int::ONE);
            let n = rel.num_vars();
            for lower in lowers {
                let a = &lower[x];
                // k from 0 to ⌊(m·a − a − m) / m⌋.
                let limit = (&(&(&max_upper * a) - a) - &max_upper).div_floor(&max_upper);
                let mut k = Int::ZERO;
                while k <= limit {
                    let mut s = rel.clone();
                    let mut eq = lower.clone();
                    eq[n] = &eq[n] - &k;
                    s.eqs.push(eq);
                    work.push(s);
                    k = &k + &Int::ONE;
                    if work.len() > max_pieces {
                        return Err(PolyError::ProjectionBudget { budget: max_pieces });
                    }
                }
            }
            work.push(crate::omega::fm_shadow(&rel, x, true));
        }
        Ok(out)
    }
}

/// `row` without the columns `cols` (a row that is zero there).
fn without(row: &[Int], cols: std::ops::Range<usize>) -> Vec<Int> {
    row.iter()
        .enumerate()
        .filter(|(c, _)| !cols.contains(c))
        .map(|(_, v)| v.clone())
        .collect()
}

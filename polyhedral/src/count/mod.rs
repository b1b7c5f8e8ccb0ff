//! Counting integer points ([`PresburgerSet::card`]): exact, and
//! parametric — the number of points as a piecewise quasi-polynomial in
//! the symbols.
//!
//! **Method.** The set is split into disjoint basic sets whose locals are
//! all divisions; a division is one value per point, so each local becomes
//! a dim without changing the count. A basic set without symbols is
//! counted by scanning (the innermost dim as an interval length). With
//! symbols, equalities on the dims are solved away (a unit coefficient
//! after a unimodular change of the dims; a common factor `g` leaves the
//! congruence `g | f·s + c` on the symbols), and the symbol space is cut
//! into chambers where the polytope keeps the same parametric vertices
//! ([`chambers`]). On each chamber **Barvinok's algorithm**
//! ([`barvinok`], [`cones`]) gives the count: Brion's sum over the
//! vertex cones, each split into signed unimodular cones whose apex
//! lattice point is quasi-affine in the symbols, so that on each residue
//! class of the chamber's period the count is a polynomial, computed
//! exactly. Where the polytope is flat on a chamber, the relation
//! restricted to the chamber loses a dim to its implicit equalities and
//! is counted again. What is left (a chamber whose restriction keeps its
//! dims) is interpolated (Clauss and Loechner, *Parametric analysis of
//! polyhedral iteration spaces*, 1998): the count is a polynomial of
//! degree at most the polytope's dimension on each class, solved for
//! exactly from counts at points that determine it on the class's affine
//! hull, and checked at further points ([`fit`]). The pieces of the
//! disjoint basic sets are added, and pieces with one polynomial merged.
//!
//! The answer is exact: every coefficient is a rational, every count an
//! integer, and a fit that disagrees with a count at a check point, or
//! leaves a coefficient free on the class, is widened, never returned. Large periods, many vertices or huge scans end
//! with [`PolyError::Budget`]; unbounded sets with
//! [`PolyError::Unbounded`].

mod barvinok;
mod chambers;
mod cones;
mod echelon;
mod enumerate;
mod fit;
mod polynomial;
mod sum;

use std::collections::HashMap;
use std::fmt;

pub use polynomial::Polynomial;

use crate::error::PolyError;
use crate::int::Int;
use crate::rational::Rat;
use crate::relation::IntegerRelation;
use crate::set::{locals_are_divisions, PresburgerSet};
use crate::space::{Space, VarKind};
use enumerate::{Work, SET_WORK};
use fit::{classes, congruence, fit_chamber, residues, Evaluator};
use sum::count_fixed;
use tessera_affine::{AffineExpr, Constraint, ConstraintKind, IntegerSet};

/// One piece of a point count: on the symbol values of `domain` whose
/// symbol `s_i` is congruent to `residue[i]` modulo `modulus[i]`, the
/// count is `value`.
#[derive(Clone, Debug)]
pub struct CountPiece {
    /// Where the piece holds: a set with no dims over the symbols.
    pub domain: PresburgerSet,
    /// The modulus of each symbol's residue class (1: every value).
    pub modulus: Vec<i64>,
    /// The residue of each symbol modulo `modulus`.
    pub residue: Vec<i64>,
    /// The number of points there, a polynomial in the symbols.
    pub value: Polynomial,
}

impl CountPiece {
    /// Whether the piece holds at the given symbol values.
    pub fn holds_at(&self, symbols: &[i64]) -> Result<bool, PolyError> {
        let in_class = symbols
            .iter()
            .zip(&self.residue)
            .zip(&self.modulus)
            .all(|((s, r), m)| (s - r).rem_euclid(*m) == 0);
        Ok(in_class && self.domain.contains(symbols)?)
    }

    /// Where the piece holds: its domain within its residue class (a set
    /// with no dims over the symbols).
    pub fn condition(&self) -> Result<PresburgerSet, PolyError> {
        self.domain
            .intersect(&congruence(&self.modulus, &self.residue)?)
    }

    /// Where the piece holds as integer sets with no dims (one per
    /// disjunct of the domain), the residue class as `mod` constraints.
    pub fn conditions(&self) -> Result<Vec<IntegerSet>, PolyError> {
        let p = self.residue.len();
        let mut out = Vec::new();
        for d in self.domain.disjuncts() {
            let mut constraints: Vec<Constraint> = d
                .to_integer_set()?
                .simplify()
                .constraints()
                .iter()
                .filter(|c| !trivially_true(c))
                .cloned()
                .collect();
            for (i, (&r, &m)) in self.residue.iter().zip(&self.modulus).enumerate() {
                if m > 1 {
                    let shifted = AffineExpr::symbol(i as u32) - r;
                    constraints.push(Constraint::eq(shifted.modulo(m)));
                }
            }
            out.push(
                IntegerSet::new(0, p as u32, constraints)
                    .map_err(|e| PolyError::Affine(e.to_string()))?,
            );
        }
        Ok(out)
    }
}

fn trivially_true(c: &Constraint) -> bool {
    c.expr.as_constant().is_some_and(|v| match c.kind {
        ConstraintKind::Eq => v == 0,
        ConstraintKind::Ge => v >= 0,
    })
}

/// The number of integer points of a set as a piecewise quasi-polynomial
/// of its symbols ([`PresburgerSet::card`]): the pieces are disjoint, and
/// the count is zero outside them.
#[derive(Clone, Debug)]
pub struct Count {
    /// The number of variables of the pieces: for a relation its domain
    /// dims first, then its symbols.
    pub num_symbols: usize,
    /// The number of domain dims of the relation counted (0 for a set):
    /// the count is the number of images of each domain point.
    pub num_domain: usize,
    /// Disjoint pieces with non-zero polynomials.
    pub pieces: Vec<CountPiece>,
}

impl Count {
    /// The count at the given symbol values.
    ///
    /// ```
    /// use tessera_polyhedral::text::parse_presburger;
    /// use tessera_polyhedral::Int;
    /// // The triangle 0 <= d1 <= d0 < s0 has s0 (s0 + 1) / 2 points.
    /// let s = parse_presburger("(d0, d1)[s0] : (d1 >= 0, d0 - d1 >= 0, s0 - d0 - 1 >= 0)").unwrap();
    /// let count = s.value.card()?;
    /// for n in -3..8 {
    ///     let expected = if n > 0 { n * (n + 1) / 2 } else { 0 };
    ///     assert_eq!(count.evaluate(&[n])?, Int::from(expected));
    /// }
    /// assert_eq!(count.to_string(), "1/2 * s0^2 + 1/2 * s0 where ()[s0] : (s0 - 1 >= 0)");
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn evaluate(&self, symbols: &[i64]) -> Result<Int, PolyError> {
        let values: Vec<Int> = symbols.iter().map(|&v| Int::from(v)).collect();
        for piece in &self.pieces {
            if piece.holds_at(symbols)? {
                let v = piece.value.evaluate(&values);
                if !v.is_integer() {
                    return Err(PolyError::Internal(format!("a count evaluates to {v}")));
                }
                return Ok(v.floor());
            }
        }
        Ok(Int::ZERO)
    }
}

impl fmt::Display for Count {
    /// [`Count::to_text`], or a note when a condition cannot be written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_text() {
            Some(text) => f.write_str(&text),
            None => f.write_str("<a count whose conditions have coefficients beyond 64 bits>"),
        }
    }
}

impl Count {
    /// `value where condition` per piece (per disjunct of its domain),
    /// joined by `; `; `0` when there is none. A relation's domain dims
    /// are written `d0, d1, …`, its symbols `s0, s1, …`. `None` when a
    /// condition has a coefficient beyond 64 bits (the affine syntax's
    /// integers).
    pub fn to_text(&self) -> Option<String> {
        let mut out = String::new();
        self.write(&mut out).ok()?;
        Some(out)
    }

    fn write(&self, f: &mut String) -> fmt::Result {
        use fmt::Write as _;
        let k = self.num_domain;
        let names: Vec<String> = (0..k)
            .map(|i| format!("d{i}"))
            .chain((k..self.num_symbols).map(|i| format!("s{}", i - k)))
            .collect();
        let mut first = true;
        for piece in &self.pieces {
            for condition in piece.conditions().map_err(|_| fmt::Error)? {
                if !first {
                    write!(f, "; ")?;
                }
                first = false;
                piece.value.write_with(f, &names)?;
                if !condition.constraints().iter().all(trivially_true) {
                    write!(f, " where {}", self.with_domain_dims(&condition)?)?;
                }
            }
        }
        if first {
            write!(f, "0")?;
        }
        Ok(())
    }

    /// A condition over all the count's variables as symbols, with a
    /// relation's domain dims written as dims.
    fn with_domain_dims(&self, condition: &IntegerSet) -> Result<IntegerSet, fmt::Error> {
        let k = self.num_domain as u32;
        if k == 0 {
            return Ok(condition.clone());
        }
        let p = self.num_symbols as u32 - k;
        let symbols: Vec<AffineExpr> = (0..k)
            .map(AffineExpr::dim)
            .chain((0..p).map(AffineExpr::symbol))
            .collect();
        let constraints = condition
            .constraints()
            .iter()
            .map(|c| {
                c.expr
                    .replace_dims_and_symbols(&[], &symbols)
                    .map(|expr| Constraint { expr, kind: c.kind })
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| fmt::Error)?;
        IntegerSet::new(k, p, constraints).map_err(|_| fmt::Error)
    }
}

impl PresburgerSet {
    /// The number of integer points of the set as a piecewise
    /// quasi-polynomial of its symbols (see the [module](self) for the
    /// method). Of a relation, the number of images of each domain point,
    /// a quasi-polynomial in the domain dims and the symbols.
    ///
    /// ```
    /// use tessera_polyhedral::text::parse_presburger;
    /// use tessera_polyhedral::Int;
    /// // d0 ↦ the d1 in 0..=d0: d0 + 1 images.
    /// let r = parse_presburger("(d0) -> (d1) : (d1 >= 0, d0 - d1 >= 0)").unwrap();
    /// let count = r.value.card()?;
    /// assert_eq!(count.evaluate(&[4])?, Int::from(5));
    /// assert_eq!(count.to_string(), "d0 + 1 where (d0) : (d0 >= 0)");
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    ///
    /// ```
    /// use tessera_polyhedral::text::parse_presburger;
    /// use tessera_polyhedral::Int;
    /// // The even d0 in 0..=s0: ⌊s0/2⌋ + 1 for s0 >= 0, one polynomial per
    /// // parity of s0.
    /// let s = parse_presburger("(d0)[s0] : (d0 >= 0, s0 - d0 >= 0, d0 mod 2 == 0)").unwrap();
    /// let count = s.value.card()?;
    /// assert_eq!(count.pieces.len(), 2);
    /// for n in -3..9 {
    ///     assert_eq!(count.evaluate(&[n])?, Int::from(if n >= 0 { n / 2 + 1 } else { 0 }));
    /// }
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn card(&self) -> Result<Count, PolyError> {
        let space = self.space();
        let k = space.count(VarKind::Domain);
        if k > 0 {
            let count = domain_as_symbols(self)?.card()?;
            return Ok(Count {
                num_domain: k,
                ..count
            });
        }
        let p = space.count(VarKind::Symbol);
        let mut work = Work::new();
        let counts = signed_basic_sets(self)?
            .iter()
            .map(|(basic, sign)| {
                let dims = basic.space().count(VarKind::Range) as u32;
                let pieces = count_basic(&lift_locals(basic), dims, &mut work)?;
                Ok(pieces
                    .into_iter()
                    .map(|q| CountPiece {
                        value: q.value.scale(&Rat::from(Int::from(*sign))),
                        ..q
                    })
                    .collect::<Vec<_>>())
            })
            .collect::<Result<Vec<_>, PolyError>>()?;
        // One modulus per symbol for all pieces, so that sums are taken
        // class by class.
        let mut modulus = vec![1i64; p];
        for piece in counts.iter().flatten() {
            for (m, &own) in modulus.iter_mut().zip(&piece.modulus) {
                *m = lcm_i64(*m, own);
            }
        }
        if classes(&modulus).is_none() {
            return Err(PolyError::Budget {
                what: "counting points",
                budget: modulus.iter().map(|&m| m as u64).product(),
            });
        }
        let mut total: Vec<CountPiece> = Vec::new();
        for count in counts {
            let mut widened = Vec::new();
            for piece in count {
                work.spend(SET_WORK)?;
                widened.extend(with_modulus(piece, &modulus)?);
            }
            total = add(total, widened, &mut work)?;
        }
        let merged = merge(total, &mut work)?;
        // Coarser classes only make the answer shorter: past their own
        // budget the pieces are kept as they are.
        let pieces = match coarsen(merged.clone(), &mut Work::with_budget(COARSEN_WORK)) {
            Ok(coarser) => coarser,
            Err(PolyError::Budget { .. }) => merged,
            Err(e) => return Err(e),
        };
        Ok(Count {
            num_symbols: p,
            num_domain: 0,
            pieces: pieces
                .into_iter()
                .map(|q| CountPiece {
                    value: on_equalities(&q.domain, q.value.clone()),
                    ..q
                })
                .collect(),
        })
    }
}

/// The relation as a set of its range dims whose first symbols are its
/// domain dims (columns: range, domain, symbols, locals, constant).
fn domain_as_symbols(rel: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
    let space = rel.space();
    let (k, n, p) = (
        space.count(VarKind::Domain),
        space.count(VarKind::Range),
        space.count(VarKind::Symbol),
    );
    let set_space = Space::set(n, k + p);
    let pieces = rel
        .disjuncts()
        .iter()
        .map(|d| {
            let reorder = |row: &Vec<Int>| -> Vec<Int> {
                let mut r = row[k..k + n].to_vec();
                r.extend_from_slice(&row[..k]);
                r.extend_from_slice(&row[k + n..]);
                r
            };
            let locals = d.space().count(VarKind::Local);
            let mut out = IntegerRelation::new(set_space.with_count(VarKind::Local, locals));
            out.eqs = d.eqs.iter().map(reorder).collect();
            out.ineqs = d.ineqs.iter().map(reorder).collect();
            out
        })
        .collect();
    Ok(PresburgerSet::from_pieces(set_space, pieces))
}

fn lcm_i64(a: i64, b: i64) -> i64 {
    let g = num_integer::gcd(a, b);
    a / g * b
}

/// The piece split into the classes modulo `modulus` (multiples of its
/// own) that make up its class and meet its domain.
fn with_modulus(piece: CountPiece, modulus: &[i64]) -> Result<Vec<CountPiece>, PolyError> {
    let mut out = Vec::new();
    for residue in residues(modulus) {
        let in_class = residue
            .iter()
            .zip(&piece.residue)
            .zip(&piece.modulus)
            .all(|((a, b), m)| (a - b).rem_euclid(*m) == 0);
        if in_class
            && !piece
                .domain
                .intersect(&congruence(modulus, &residue)?)?
                .is_empty()?
        {
            out.push(CountPiece {
                modulus: modulus.to_vec(),
                residue,
                ..piece.clone()
            });
        }
    }
    Ok(out)
}

/// The work that joining classes into coarser ones may do (a fifth of a
/// count's).
const COARSEN_WORK: u64 = enumerate::TOTAL_WORK / 5;

/// The most disjuncts counted by inclusion and exclusion (`2^k − 1`
/// intersections); larger unions are made disjoint.
const MAX_INCLUSION_EXCLUSION: usize = 3;

/// Basic sets with only division locals and signs whose signed counts add
/// up to the count of `set`: by inclusion and exclusion over the
/// intersections of a few disjuncts (`|A ∪ B| = |A| + |B| − |A ∩ B|`,
/// fewer and simpler pieces than the differences), else disjoint pieces.
fn signed_basic_sets(set: &PresburgerSet) -> Result<Vec<(IntegerRelation, i64)>, PolyError> {
    let disjuncts: Vec<&IntegerRelation> = set
        .disjuncts()
        .iter()
        .filter(|d| !d.is_integer_empty())
        .collect();
    if disjuncts.len() > MAX_INCLUSION_EXCLUSION
        || !disjuncts.iter().all(|d| locals_are_divisions(d))
    {
        return Ok(disjoint_with_divisions(set)?
            .into_iter()
            .map(|b| (b, 1))
            .collect());
    }
    let mut out = Vec::new();
    for subset in 1usize..1 << disjuncts.len() {
        let mut members = disjuncts
            .iter()
            .enumerate()
            .filter(|(i, _)| subset >> i & 1 == 1)
            .map(|(_, d)| *d);
        let first = members.next().expect("the subset is not empty").clone();
        let mut meet = members.try_fold(first, |acc, d| acc.intersect(d))?;
        if meet.normalize() && !meet.integer_emptiness()? {
            let sign = if subset.count_ones() % 2 == 1 { 1 } else { -1 };
            out.push((meet, sign));
        }
    }
    Ok(out)
}

/// Disjoint basic sets covering `set`, each with only division locals.
fn disjoint_with_divisions(set: &PresburgerSet) -> Result<Vec<IntegerRelation>, PolyError> {
    let mut out = Vec::new();
    for piece in disjoint(set)? {
        if locals_are_divisions(&piece) {
            out.push(piece);
            continue;
        }
        let split = PresburgerSet::from_pieces(piece.space(), piece.split_locals()?);
        for part in disjoint(&split)? {
            if !locals_are_divisions(&part) {
                return Err(PolyError::NonDivisionLocal);
            }
            out.push(part);
        }
    }
    Ok(out)
}

/// The disjuncts made disjoint: each minus the ones before it.
fn disjoint(set: &PresburgerSet) -> Result<Vec<IntegerRelation>, PolyError> {
    let mut out = Vec::new();
    let mut before = PresburgerSet::empty(set.space());
    for d in set.disjuncts() {
        let own = PresburgerSet::from_relation(d.clone()).subtract(&before)?;
        out.extend(
            own.disjuncts()
                .iter()
                .filter(|r| !r.is_integer_empty())
                .cloned(),
        );
        before.add_disjunct(d.clone())?;
    }
    Ok(out)
}

/// The relation with its locals turned into dims after the set's dims
/// (columns: dims, locals, symbols, constant).
fn lift_locals(rel: &IntegerRelation) -> IntegerRelation {
    let space = rel.space();
    let (nd, p, nl) = (
        space.count(VarKind::Range),
        space.count(VarKind::Symbol),
        space.count(VarKind::Local),
    );
    let reorder = |row: &Vec<Int>| -> Vec<Int> {
        let mut r = row[..nd].to_vec();
        r.extend_from_slice(&row[nd + p..nd + p + nl]);
        r.extend_from_slice(&row[nd..nd + p]);
        r.push(row[nd + p + nl].clone());
        r
    };
    let mut out = IntegerRelation::new_set(nd + nl, p);
    out.eqs = rel.eqs.iter().map(reorder).collect();
    out.ineqs = rel.ineqs.iter().map(reorder).collect();
    out
}

/// The count of one basic set without locals, whose first `dims` dims
/// are the set's own (the others its divisions).
pub(crate) fn count_basic(
    rel: &IntegerRelation,
    dims: u32,
    work: &mut Work,
) -> Result<Vec<CountPiece>, PolyError> {
    let p = rel.space().count(VarKind::Symbol);
    if rel.integer_emptiness()? {
        return Ok(Vec::new());
    }
    check_bounded(rel)?;
    if p == 0 {
        let value = count_fixed(rel, work)?;
        return Ok(vec![CountPiece {
            domain: PresburgerSet::universe(Space::set(0, 0)),
            modulus: Vec::new(),
            residue: Vec::new(),
            value: Polynomial::constant(0, Rat::from(value)),
        }]);
    }
    // Barvinok's algorithm on the relation without its equalities where it
    // applies; the interpolation where it does not.
    match barvinok::without_equalities(rel)? {
        Some(reduced) => restrict(count_by_cones(&reduced.rel, dims, work)?, &reduced),
        None => count_by_fit(rel, dims, work),
    }
}

/// The pieces restricted to the symbol values where the congruences of
/// `reduced` hold, as finer residue classes: `f·s + c ≡ 0 (mod g)` splits
/// each piece into the classes modulo `g` (in the symbols it involves)
/// that satisfy it, so domains keep no locals.
fn restrict(
    pieces: Vec<CountPiece>,
    reduced: &barvinok::Reduced,
) -> Result<Vec<CountPiece>, PolyError> {
    let mut pieces = pieces;
    for (row, g) in &reduced.congruences {
        let g = g
            .to_i64()
            .ok_or_else(|| PolyError::Overflow(format!("a stride of {g}")))?;
        let mut out = Vec::new();
        for piece in pieces {
            let p = piece.modulus.len();
            let reduce = |v: &Int| v.mod_floor(&Int::from(g)).to_i64().expect("below g");
            let f: Vec<i64> = row[..p].iter().map(reduce).collect();
            let c = reduce(&row[p]);
            let modulus: Vec<i64> = piece
                .modulus
                .iter()
                .zip(&f)
                .map(|(&m, &fi)| if fi == 0 { m } else { lcm_i64(m, g) })
                .collect();
            if classes(&modulus).is_none() {
                return Err(PolyError::Budget {
                    what: "counting points",
                    budget: modulus.iter().map(|&m| m as u64).product(),
                });
            }
            for residue in residues(&modulus) {
                let in_piece = residue
                    .iter()
                    .zip(&piece.residue)
                    .zip(&piece.modulus)
                    .all(|((a, b), m)| (a - b).rem_euclid(*m) == 0);
                let holds = f
                    .iter()
                    .zip(&residue)
                    .fold(c, |acc, (fi, r)| (acc + fi * r.rem_euclid(g)) % g)
                    == 0;
                if in_piece && holds {
                    out.push(CountPiece {
                        modulus: modulus.clone(),
                        residue,
                        ..piece.clone()
                    });
                }
            }
        }
        pieces = out;
    }
    Ok(pieces)
}

/// The count of `rel` (no equality on its dims) chamber by chamber:
/// Barvinok's algorithm, or, on a chamber where the polytope is flat, the
/// count of the relation restricted to the chamber, whose implicit
/// equalities then remove a dim.
fn count_by_cones(
    rel: &IntegerRelation,
    dims: u32,
    work: &mut Work,
) -> Result<Vec<CountPiece>, PolyError> {
    let n = rel.space().count(VarKind::Range);
    let mut out = Vec::new();
    for chamber in chambers::chambers(rel, work)? {
        if let Some((modulus, classes)) = barvinok::count_chamber(rel, &chamber, work)? {
            out.extend(pieces_of(&chamber, modulus, classes));
            continue;
        }
        let mut restricted = Vec::new();
        for d in chamber.domain.disjuncts() {
            let reduced = match restrict_to_symbols(rel, d) {
                Some(within) => barvinok::without_equalities(&within)?,
                None => None,
            };
            match reduced {
                Some(r) if r.rel.space().count(VarKind::Range) < n => restricted.push(r),
                _ => {
                    restricted.clear();
                    break;
                }
            }
        }
        if restricted.len() == chamber.domain.disjuncts().len() {
            for r in restricted {
                if !r.rel.integer_emptiness()? {
                    out.extend(restrict(count_by_cones(&r.rel, dims, work)?, &r)?);
                }
            }
        } else {
            let mut eval = Evaluator::new(rel, work);
            let (modulus, classes) =
                fit_chamber(&chamber, &chambers::degrees(rel, dims), &mut eval)?;
            out.extend(pieces_of(&chamber, modulus, classes));
        }
    }
    Ok(out)
}

/// `rel` with the constraints of `domain` (a set over its symbols without
/// locals) added; `None` when `domain` has locals.
fn restrict_to_symbols(rel: &IntegerRelation, domain: &IntegerRelation) -> Option<IntegerRelation> {
    if domain.space().count(VarKind::Local) > 0 {
        return None;
    }
    let n = rel.space().count(VarKind::Range);
    let widen = |row: &Vec<Int>| -> Vec<Int> {
        let mut r = vec![Int::ZERO; n];
        r.extend_from_slice(row);
        r
    };
    let mut out = rel.clone();
    out.eqs.extend(domain.eqs.iter().map(widen));
    out.ineqs.extend(domain.ineqs.iter().map(widen));
    Some(out)
}

/// The count of `rel` by interpolation on every chamber.
fn count_by_fit(
    rel: &IntegerRelation,
    dims: u32,
    work: &mut Work,
) -> Result<Vec<CountPiece>, PolyError> {
    let degrees = chambers::degrees(rel, dims);
    let chambers = chambers::chambers(rel, work)?;
    let mut eval = Evaluator::new(rel, work);
    let mut out = Vec::new();
    for chamber in chambers {
        let (modulus, classes) = fit_chamber(&chamber, &degrees, &mut eval)?;
        out.extend(pieces_of(&chamber, modulus, classes));
    }
    Ok(out)
}

/// The non-zero pieces of a chamber's count.
fn pieces_of(
    chamber: &chambers::Chamber,
    modulus: Vec<i64>,
    classes: Vec<fit::ClassCount>,
) -> Vec<CountPiece> {
    classes
        .into_iter()
        .filter_map(|(residue, value)| {
            let value = on_equalities(&chamber.domain, value);
            (!value.is_zero()).then(|| CountPiece {
                domain: chamber.domain.clone(),
                modulus: modulus.clone(),
                residue,
                value,
            })
        })
        .collect()
}

/// The polynomial with each symbol that an equality of a one-disjunct
/// `domain` fixes (a unit coefficient) replaced by its value there: `s1 +
/// 3` on `s1 == 0` is `3`.
fn on_equalities(domain: &PresburgerSet, value: Polynomial) -> Polynomial {
    let [only] = domain.disjuncts() else {
        return value;
    };
    let p = value.num_vars();
    if only.space().count(VarKind::Local) > 0 {
        return value;
    }
    let mut value = value;
    for eq in only.equalities() {
        let Some(i) = (0..p).find(|&i| eq[i].is_unit()) else {
            continue;
        };
        // s_i = −(Σ_{j≠i} a_j·s_j + c) / a_i, a_i = ±1.
        let sign = Rat::from(-&eq[i]);
        let mut solved = Polynomial::constant(p, &Rat::from(&eq[p]) * &sign);
        for (j, a) in eq[..p].iter().enumerate() {
            if j != i && !a.is_zero() {
                solved = solved.add(&Polynomial::variable(p, j).scale(&(&Rat::from(a) * &sign)));
            }
        }
        let substitute: Vec<Polynomial> = (0..p)
            .map(|j| {
                if j == i {
                    solved.clone()
                } else {
                    Polynomial::variable(p, j)
                }
            })
            .collect();
        value = value.compose(&substitute);
    }
    value
}

/// Fails with [`PolyError::Unbounded`] when the dims of a non-empty `rel`
/// can grow without bound: its recession cone (the rows' dim parts) has a
/// non-zero point.
fn check_bounded(rel: &IntegerRelation) -> Result<(), PolyError> {
    let n = rel.space().count(VarKind::Range);
    let homogeneous = |row: &Vec<Int>| -> Vec<Int> {
        let mut r = row[..n].to_vec();
        r.push(Int::ZERO);
        r
    };
    let mut cone = IntegerRelation::new_set(n, 0);
    cone.eqs = rel.eqs.iter().map(homogeneous).collect();
    cone.ineqs = rel.ineqs.iter().map(homogeneous).collect();
    for col in 0..n {
        for sign in [1i64, -1] {
            let mut ray = cone.clone();
            let mut row = vec![Int::ZERO; n + 1];
            row[col] = Int::from(sign);
            row[n] = Int::from(-1);
            ray.ineqs.push(row);
            if !ray.is_rationally_empty() {
                return Err(PolyError::Unbounded { col });
            }
        }
    }
    Ok(())
}

/// The sum of two counts with disjoint pieces each, all pieces over one
/// modulus: added class by class.
fn add(
    a: Vec<CountPiece>,
    b: Vec<CountPiece>,
    work: &mut Work,
) -> Result<Vec<CountPiece>, PolyError> {
    if a.is_empty() {
        return Ok(b);
    }
    if b.is_empty() {
        return Ok(a);
    }
    let space = a[0].domain.space();
    let union_in = |pieces: &[CountPiece], residue: &[i64]| -> Result<PresburgerSet, PolyError> {
        let mut u = PresburgerSet::empty(space);
        for piece in pieces.iter().filter(|q| q.residue == residue) {
            u = u.union(&piece.domain)?;
        }
        Ok(u)
    };
    let mut out = Vec::new();
    let mut keep =
        |like: &CountPiece, domain: PresburgerSet, value: Polynomial| -> Result<(), PolyError> {
            if !value.is_zero() && !domain.is_empty()? {
                out.push(CountPiece {
                    domain,
                    value,
                    ..like.clone()
                });
            }
            Ok(())
        };
    for x in &a {
        for y in b.iter().filter(|y| y.residue == x.residue) {
            work.spend(2 * SET_WORK)?;
            keep(x, x.domain.intersect(&y.domain)?, x.value.add(&y.value))?;
        }
        work.spend(3 * SET_WORK)?;
        keep(
            x,
            x.domain.subtract(&union_in(&b, &x.residue)?)?,
            x.value.clone(),
        )?;
    }
    for y in &b {
        keep(
            y,
            y.domain.subtract(&union_in(&a, &y.residue)?)?,
            y.value.clone(),
        )?;
    }
    Ok(out)
}

/// Pieces of one class with equal polynomials joined into one domain;
/// pieces whose domain has no point of their class dropped.
fn merge(pieces: Vec<CountPiece>, work: &mut Work) -> Result<Vec<CountPiece>, PolyError> {
    let mut out: Vec<CountPiece> = Vec::new();
    for piece in pieces {
        work.spend(3 * SET_WORK)?;
        let class = congruence(&piece.modulus, &piece.residue)?;
        if piece.domain.intersect(&class)?.is_empty()? {
            continue;
        }
        let value = on_equalities(&piece.domain, piece.value.clone());
        let piece = CountPiece { value, ..piece };
        match out
            .iter_mut()
            .find(|q| q.value == piece.value && q.residue == piece.residue)
        {
            Some(q) => q.domain = q.domain.union(&piece.domain)?,
            None => out.push(piece),
        }
    }
    for piece in &mut out {
        piece.domain = piece.domain.coalesce()?;
    }
    Ok(out)
}

/// Pieces with one polynomial over several classes rewritten over a
/// smaller modulus whose classes they fill, symbol by symbol: the count
/// of the even numbers up to `s0` is one polynomial per parity, not per
/// class modulo 6. Pieces are joined only when each keeps its points: the
/// union of their domains adds no point to any one's class.
fn coarsen(mut pieces: Vec<CountPiece>, work: &mut Work) -> Result<Vec<CountPiece>, PolyError> {
    let Some(first) = pieces.first() else {
        return Ok(pieces);
    };
    let moduli = first.modulus.clone();
    for (sym, &m) in moduli.iter().enumerate() {
        for d in (1..m).filter(|d| m % d == 0) {
            // The pieces still at modulus `m` for the symbol, by polynomial
            // and class modulo `d`: each group is one candidate join.
            let mut groups: HashMap<(Polynomial, Vec<i64>, Vec<i64>), Vec<usize>> = HashMap::new();
            for (i, q) in pieces.iter().enumerate() {
                if q.modulus[sym] == m {
                    let mut r = q.residue.clone();
                    r[sym] %= d;
                    groups
                        .entry((q.value.clone(), r, q.modulus.clone()))
                        .or_default()
                        .push(i);
                }
            }
            let mut groups: Vec<Vec<usize>> = groups.into_values().collect();
            groups.sort();
            let mut joined_away = vec![false; pieces.len()];
            let mut joined = Vec::new();
            for members in groups {
                work.spend((m / d) as u64 * 3 * SET_WORK)?;
                if let Some(piece) = join_classes(&pieces, &members, sym, d)? {
                    for &b in &members {
                        joined_away[b] = true;
                    }
                    joined.push(piece);
                }
            }
            pieces = pieces
                .into_iter()
                .zip(joined_away)
                .filter(|(_, away)| !away)
                .map(|(q, _)| q)
                .chain(joined)
                .collect();
        }
    }
    Ok(pieces)
}

/// The pieces `members` (one polynomial, classes that agree modulo `d`
/// in symbol `sym`) joined into one piece over their class modulo `d`,
/// when the union of their domains adds no point to any of the classes
/// modulo `m` it covers (a class without a piece must get none); `None`
/// when it does.
/// Whether the two sets are written alike (the same disjuncts with the
/// same rows).
fn same_set(a: &PresburgerSet, b: &PresburgerSet) -> bool {
    a.disjuncts() == b.disjuncts()
}

fn join_classes(
    pieces: &[CountPiece],
    members: &[usize],
    sym: usize,
    d: i64,
) -> Result<Option<CountPiece>, PolyError> {
    let first = &pieces[members[0]];
    // Only pieces of one domain are joined: other joins need differences
    // of unions, whose cost grows past the count's.
    if !members
        .iter()
        .all(|&b| same_set(&pieces[b].domain, &first.domain))
    {
        return Ok(None);
    }
    let m = first.modulus[sym];
    let mut union = PresburgerSet::empty(first.domain.space());
    for &b in members {
        union = union.union(&pieces[b].domain)?;
    }
    for k in 0..m / d {
        let mut residue = first.residue.clone();
        residue[sym] = first.residue[sym] % d + k * d;
        let class = congruence(&first.modulus, &residue)?;
        let own = members.iter().find(|&&b| pieces[b].residue == residue);
        let added = match own {
            Some(&b) => union.subtract(&pieces[b].domain)?,
            None => union.clone(),
        };
        if !added.intersect(&class)?.is_empty()? {
            return Ok(None);
        }
    }
    let mut joined = first.clone();
    joined.domain = union.coalesce()?;
    joined.modulus[sym] = d;
    joined.residue[sym] %= d;
    Ok(Some(joined))
}

//! Presburger sets as relations between spaces, and the integer points of
//! bounded sets: exact projection, inverse, domain, range, composition,
//! restriction of a domain or range, lexicographic extrema of unions, and
//! enumeration.
//!
//! A relation is a [`PresburgerSet`] whose space has domain columns (the
//! graph of an affine map, a dependence). Every operation that eliminates
//! columns goes through [`PresburgerSet::project_out`], which keeps the
//! result exact and its locals divisions — so it can be complemented,
//! subtracted and printed as MLIR integer sets.

use crate::bounds::{IntOpt, LexMin};
use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::set::{resolve_locals, PresburgerSet};
use crate::space::{Space, VarKind};

/// Appends the rows of `other` to `rel`: `other`'s non-local column `c`
/// goes to `rel`'s column `place[c]`, and `other`'s locals become new
/// locals of `rel`.
pub(crate) fn append_placed(
    rel: &mut IntegerRelation,
    other: &IntegerRelation,
    place: &[usize],
) -> Result<(), PolyError> {
    let non_locals = other.space.num_non_locals();
    if place.len() != non_locals {
        return Err(PolyError::SpaceMismatch {
            left: rel.space.to_string(),
            right: other.space.to_string(),
        });
    }
    let locals = other.space.count(VarKind::Local);
    let first = rel.append_vars(VarKind::Local, locals);
    let width = rel.num_cols();
    let n = other.num_vars();
    let map_row = |row: &Vec<Int>| {
        let mut out = vec![Int::ZERO; width];
        for (c, &to) in place.iter().enumerate() {
            out[to] += &row[c];
        }
        out[first..first + locals].clone_from_slice(&row[non_locals..non_locals + locals]);
        out[width - 1] = row[n].clone();
        out
    };
    let eqs: Vec<Vec<Int>> = other.eqs.iter().map(map_row).collect();
    let ineqs: Vec<Vec<Int>> = other.ineqs.iter().map(map_row).collect();
    rel.eqs.extend(eqs);
    rel.ineqs.extend(ineqs);
    Ok(())
}

/// `Ok` when `found` is compatible with `expected`, the mismatch otherwise.
fn expect_space(found: Space, expected: Space) -> Result<(), PolyError> {
    if found.is_compatible(&expected) {
        Ok(())
    } else {
        Err(PolyError::SpaceMismatch {
            left: expected.to_string(),
            right: found.to_string(),
        })
    }
}

/// The same rows over a space with the same column positions but other
/// kinds (a relation without range dims read as a set over its domain).
fn relabel(mut rel: IntegerRelation, space: Space) -> IntegerRelation {
    debug_assert_eq!(rel.space.num_vars(), space.num_vars());
    rel.space = space;
    rel
}

/// The pieces of `rel` whose locals are all divisions (or exactly
/// eliminable): `rel` itself when it is already so, otherwise the exact
/// split of [`IntegerRelation::split_locals_if_small`] — or `rel` itself,
/// its existentials kept, when that split would be large. Empty pieces are
/// dropped.
fn division_pieces(rel: IntegerRelation) -> Result<Vec<IntegerRelation>, PolyError> {
    match resolve_locals(&rel) {
        Ok(None) => Ok(Vec::new()),
        Ok(Some(_)) => Ok(vec![rel]),
        Err(PolyError::NonDivisionLocal) => Ok(rel.split_locals_if_small()?.unwrap_or(vec![rel])),
        Err(e) => Err(e),
    }
}

impl PresburgerSet {
    pub(crate) fn from_pieces(space: Space, pieces: Vec<IntegerRelation>) -> PresburgerSet {
        let mut out = PresburgerSet::empty(space);
        out.disjuncts = pieces;
        out
    }

    /// The projection that eliminates the non-local columns `cols`
    /// (absolute indices), exactly over the integers: a disjunct is
    /// projected by Fourier–Motzkin when that is exact, otherwise the
    /// columns become existential locals and the disjunct is split (dark
    /// shadow and splinters, [`IntegerRelation::split_locals_if_small`])
    /// into pieces whose locals are divisions, which print as MLIR integer
    /// sets. When that split would have more than
    /// [`SMALL_SPLIT_PIECES`](crate::set::SMALL_SPLIT_PIECES) pieces the
    /// disjunct keeps its existentials: still exact, queried like any
    /// other (a set difference splits it when it must), and printed in
    /// the `exists` form of [`crate::text`].
    ///
    /// ```
    /// use tessera_affine::IntegerSet;
    /// use tessera_polyhedral::{IntegerRelation, PresburgerSet};
    /// // { (d0, d1) : d0 == 2 * d1, 0 <= d1 <= 3 } projected onto d0:
    /// // the even numbers 0..=6.
    /// let s: IntegerSet = "(d0, d1) : (d0 - d1 * 2 == 0, d1 >= 0, -d1 + 3 >= 0)".parse().unwrap();
    /// let p = PresburgerSet::from_relation(IntegerRelation::from_integer_set(&s)?);
    /// let evens = p.project_out(&[1])?;
    /// assert!(evens.contains(&[4])? && !evens.contains(&[5])? && !evens.contains(&[8])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn project_out(&self, cols: &[usize]) -> Result<PresburgerSet, PolyError> {
        let mut space = self.space;
        let mut sorted = cols.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        for &c in &sorted {
            match self.space.kind_of(c) {
                Some(VarKind::Local) | None => {
                    return Err(PolyError::ColumnOutOfRange {
                        col: c,
                        num_vars: self.space.num_non_locals(),
                    })
                }
                Some(kind) => space = space.with_count(kind, space.count(kind) - 1),
            }
        }
        let mut pieces = Vec::new();
        for d in &self.disjuncts {
            let projected = match d.project_out(&sorted) {
                Ok(p) if p.exact => p.relation,
                _ => {
                    let mut r = d.clone();
                    r.convert_to_locals(&sorted)?;
                    r
                }
            };
            pieces.extend(division_pieces(projected)?);
        }
        Ok(PresburgerSet::from_pieces(space, pieces))
    }

    /// The inverse relation: domain and range exchanged.
    ///
    /// ```
    /// use tessera_affine::AffineMap;
    /// use tessera_polyhedral::{IntegerRelation, PresburgerSet};
    /// let m: AffineMap = "(d0) -> (d0 + 1)".parse().unwrap();
    /// let r = PresburgerSet::from_relation(IntegerRelation::from_affine_map(&m)?);
    /// assert!(r.inverse()?.contains(&[5, 4])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn inverse(&self) -> Result<PresburgerSet, PolyError> {
        let (n, m) = (
            self.space.count(VarKind::Domain),
            self.space.count(VarKind::Range),
        );
        let syms = self.space.count(VarKind::Symbol);
        let space = Space::relation(m, n, syms);
        let place: Vec<usize> = (0..n)
            .map(|i| m + i)
            .chain(0..m)
            .chain((0..syms).map(|k| n + m + k))
            .collect();
        let mut pieces = Vec::new();
        for d in &self.disjuncts {
            let mut r = IntegerRelation::new(space);
            append_placed(&mut r, d, &place)?;
            pieces.push(r);
        }
        Ok(PresburgerSet::from_pieces(space, pieces))
    }

    /// The domain of a relation, as a set over its domain dims.
    ///
    /// ```
    /// use tessera_affine::AffineMap;
    /// use tessera_polyhedral::{IntegerRelation, PresburgerSet};
    /// // The graph of d0 -> d0 floordiv 2 restricted to outputs in [0, 1]
    /// // has domain [0, 3].
    /// let m: AffineMap = "(d0) -> (d0 floordiv 2)".parse().unwrap();
    /// let mut g = IntegerRelation::from_affine_map(&m)?;
    /// g.add_bounds(1, Some(0), Some(1))?;
    /// let dom = PresburgerSet::from_relation(g).domain()?;
    /// assert!(dom.contains(&[3])? && !dom.contains(&[4])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn domain(&self) -> Result<PresburgerSet, PolyError> {
        let (n, m) = (
            self.space.count(VarKind::Domain),
            self.space.count(VarKind::Range),
        );
        let projected = self.project_out(&(n..n + m).collect::<Vec<_>>())?;
        let set_space = Space::set(n, self.space.count(VarKind::Symbol));
        let pieces = projected
            .disjuncts
            .into_iter()
            .map(|d| {
                let locals = d.space.count(VarKind::Local);
                relabel(d, set_space.with_count(VarKind::Local, locals))
            })
            .collect();
        Ok(PresburgerSet::from_pieces(set_space, pieces))
    }

    /// The range of a relation, as a set over its range dims.
    pub fn range(&self) -> Result<PresburgerSet, PolyError> {
        let n = self.space.count(VarKind::Domain);
        self.project_out(&(0..n).collect::<Vec<_>>())
    }

    /// The relation restricted to domain points in `set` (a set over the
    /// domain dims and the same symbols).
    pub fn intersect_domain(&self, set: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
        let n = self.space.count(VarKind::Domain);
        self.restrict(set, 0, n)
    }

    /// The relation restricted to range points in `set` (a set over the
    /// range dims and the same symbols).
    pub fn intersect_range(&self, set: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
        let n = self.space.count(VarKind::Domain);
        let m = self.space.count(VarKind::Range);
        self.restrict(set, n, m)
    }

    /// Intersects with `set` placed on the `count` dims from column `first`.
    fn restrict(
        &self,
        set: &PresburgerSet,
        first: usize,
        count: usize,
    ) -> Result<PresburgerSet, PolyError> {
        let syms = self.space.count(VarKind::Symbol);
        let expected = Space::set(count, syms);
        expect_space(set.space, expected)?;
        let sym_off = self.space.offset(VarKind::Symbol);
        let place: Vec<usize> = (first..first + count)
            .chain(sym_off..sym_off + syms)
            .collect();
        let mut pieces = Vec::new();
        for a in &self.disjuncts {
            for b in &set.disjuncts {
                let mut r = a.clone();
                append_placed(&mut r, b, &place)?;
                if r.normalize() && !r.is_integer_empty() {
                    pieces.push(r);
                }
            }
        }
        Ok(PresburgerSet::from_pieces(self.space, pieces))
    }

    /// The composition "`self`, then `other`": the relation from `self`'s
    /// domain to `other`'s range holding `(x, z)` when some `y` has
    /// `(x, y)` in `self` and `(y, z)` in `other`. `other`'s domain must
    /// have as many dims as `self`'s range.
    ///
    /// ```
    /// use tessera_affine::AffineMap;
    /// use tessera_polyhedral::{IntegerRelation, PresburgerSet};
    /// let graph = |t: &str| -> Result<PresburgerSet, tessera_polyhedral::PolyError> {
    ///     let m: AffineMap = t.parse().unwrap();
    ///     Ok(PresburgerSet::from_relation(IntegerRelation::from_affine_map(&m)?))
    /// };
    /// let twice_plus_one = graph("(d0) -> (d0 * 2)")?.apply_range(&graph("(d0) -> (d0 + 1)")?)?;
    /// assert!(twice_plus_one.contains(&[3, 7])? && !twice_plus_one.contains(&[3, 6])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn apply_range(&self, other: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
        let nx = self.space.count(VarKind::Domain);
        let ny = self.space.count(VarKind::Range);
        let nz = other.space.count(VarKind::Range);
        let syms = self.space.count(VarKind::Symbol);
        let expected = Space::relation(ny, nz, syms);
        expect_space(other.space, expected)?;
        // Columns [x, y, z, symbols]; y is projected out at the end.
        let joint = Space::relation(nx, ny + nz, syms);
        let sym_off = nx + ny + nz;
        let place_a: Vec<usize> = (0..nx + ny).chain(sym_off..sym_off + syms).collect();
        let place_b: Vec<usize> = (nx..nx + ny + nz).chain(sym_off..sym_off + syms).collect();
        let pieces = self.paired(other, joint, &place_a, &place_b)?;
        PresburgerSet::from_pieces(joint, pieces).project_out(&(nx..nx + ny).collect::<Vec<_>>())
    }

    /// The relation as a set over its domain dims followed by its range
    /// dims (isl's `wrap`).
    pub fn wrap(&self) -> PresburgerSet {
        let (n, m) = (
            self.space.count(VarKind::Domain),
            self.space.count(VarKind::Range),
        );
        let set_space = Space::set(n + m, self.space.count(VarKind::Symbol));
        let pieces = self
            .disjuncts
            .iter()
            .map(|d| {
                let locals = d.space.count(VarKind::Local);
                relabel(d.clone(), set_space.with_count(VarKind::Local, locals))
            })
            .collect();
        PresburgerSet::from_pieces(set_space, pieces)
    }

    /// The simple hull (isl's `simple_hull`): the smallest polyhedron
    /// containing every integer point of the union whose constraints are
    /// the directions of the disjuncts' own constraints — each direction
    /// `a` (inequality normals, both signs of equality normals) bounded by
    /// the least integer value of `a·x` over the union, dropped where some
    /// disjunct is unbounded along it. Exact for a single polyhedron's
    /// integer points up to tightening; a superset of the union in general.
    /// Locals are not kept: a disjunct's row with a local gives no
    /// direction.
    ///
    /// ```
    /// use tessera_polyhedral::text::parse_presburger;
    /// let u = parse_presburger("(d0) : (d0 >= 0, -d0 + 2 >= 0) or (d0) : (d0 - 5 >= 0, -d0 + 9 >= 0)")
    ///     .unwrap()
    ///     .value;
    /// let hull = u.simple_hull()?;
    /// assert!(hull.contains(&[3])? && hull.contains(&[9])? && !hull.contains(&[10])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn simple_hull(&self) -> Result<IntegerRelation, PolyError> {
        let plain = self.space.with_count(VarKind::Local, 0);
        let k = plain.num_vars();
        let mut directions: Vec<Vec<Int>> = Vec::new();
        for d in &self.disjuncts {
            let rows = d
                .ineqs
                .iter()
                .cloned()
                .chain(d.eqs.iter().cloned())
                .chain(d.eqs.iter().map(|r| r.iter().map(|v| -v).collect()));
            for row in rows {
                if row[k..d.num_vars()].iter().any(|v| !v.is_zero()) {
                    continue;
                }
                let mut a: Vec<Int> = row[..k].to_vec();
                a.push(Int::ZERO);
                if a[..k].iter().any(|v| !v.is_zero()) && !directions.contains(&a) {
                    directions.push(a);
                }
            }
        }
        let mut hull = IntegerRelation::new(plain);
        'direction: for a in directions {
            let mut least: Option<Int> = None;
            for d in &self.disjuncts {
                let mut objective = a[..k].to_vec();
                objective.resize(d.num_vars(), Int::ZERO);
                objective.push(Int::ZERO);
                match d.integer_minimum(&objective)? {
                    IntOpt::Empty => {}
                    IntOpt::Unbounded => continue 'direction,
                    IntOpt::Optimal { value, .. } => {
                        let lower = match &least {
                            None => true,
                            Some(l) => value < *l,
                        };
                        if lower {
                            least = Some(value);
                        }
                    }
                }
            }
            let Some(least) = least else {
                return Ok(IntegerRelation::empty(plain));
            };
            let mut row = a;
            row[k] = -least;
            hull.add_inequality_int(row)?;
        }
        hull.remove_redundant_inequalities();
        Ok(hull)
    }

    /// Every disjunct of `self` with every disjunct of `other` in one
    /// space `joint`, their columns placed at `place_a` and `place_b`;
    /// the non-empty pairs.
    fn paired(
        &self,
        other: &PresburgerSet,
        joint: Space,
        place_a: &[usize],
        place_b: &[usize],
    ) -> Result<Vec<IntegerRelation>, PolyError> {
        let mut pieces = Vec::new();
        for a in &self.disjuncts {
            for b in &other.disjuncts {
                let mut r = IntegerRelation::new(joint);
                append_placed(&mut r, a, place_a)?;
                append_placed(&mut r, b, place_b)?;
                if r.normalize() && !r.is_integer_empty() {
                    pieces.push(r);
                }
            }
        }
        Ok(pieces)
    }

    /// The range product of two relations with the same domain: `(x) ->
    /// (y, z)` where `(x, y)` is in `self` and `(x, z)` in `other` (isl's
    /// `range_product`).
    ///
    /// ```
    /// use tessera_polyhedral::text::parse_presburger;
    /// let f = parse_presburger("(d0) -> (d0 + 1)").unwrap().value;
    /// let g = parse_presburger("(d0) -> (d0 * 2)").unwrap().value;
    /// let fg = f.range_product(&g)?;
    /// assert!(fg.contains(&[3, 4, 6])? && !fg.contains(&[3, 4, 7])?);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn range_product(&self, other: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
        let nx = self.space.count(VarKind::Domain);
        let ny = self.space.count(VarKind::Range);
        let nz = other.space.count(VarKind::Range);
        let syms = self.space.count(VarKind::Symbol);
        let expected = Space::relation(nx, nz, syms);
        expect_space(other.space, expected)?;
        let joint = Space::relation(nx, ny + nz, syms);
        let sym_off = nx + ny + nz;
        let place_a: Vec<usize> = (0..nx + ny).chain(sym_off..sym_off + syms).collect();
        let place_b: Vec<usize> = (0..nx)
            .chain(nx + ny..nx + ny + nz)
            .chain(sym_off..sym_off + syms)
            .collect();
        let pieces = self.paired(other, joint, &place_a, &place_b)?;
        Ok(PresburgerSet::from_pieces(joint, pieces))
    }

    /// The image of the set `self` under the relation `rel` (whose domain
    /// has as many dims as `self`): `rel` restricted to `self`, then its
    /// range.
    pub fn apply(&self, rel: &PresburgerSet) -> Result<PresburgerSet, PolyError> {
        rel.intersect_domain(self)?.range()
    }

    /// The lexicographic minimum of the integer points over the non-local
    /// columns in column order (domain, range, symbols), over every
    /// disjunct.
    pub fn lexmin(&self) -> Result<LexMin, PolyError> {
        self.extremum(false)
    }

    /// The lexicographic maximum, as [`PresburgerSet::lexmin`].
    ///
    /// ```
    /// use tessera_affine::IntegerSet;
    /// use tessera_polyhedral::{int::ints, IntegerRelation, LexMin, PresburgerSet};
    /// let s: IntegerSet = "(d0, d1) : (d0 >= 0, d1 >= 0, -d0 - d1 + 4 >= 0)".parse().unwrap();
    /// let p = PresburgerSet::from_relation(IntegerRelation::from_integer_set(&s)?);
    /// assert_eq!(p.lexmax()?, LexMin::Point(ints(&[4, 0])));
    /// assert_eq!(p.lexmin()?, LexMin::Point(ints(&[0, 0])));
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn lexmax(&self) -> Result<LexMin, PolyError> {
        self.extremum(true)
    }

    /// The union's extremum: each disjunct's minimum (of the mirrored
    /// disjunct for the maximum), or the prefix after which it is
    /// unbounded, compared with `-inf` after an unbounded prefix — a
    /// disjunct unbounded in a later column loses to one smaller in an
    /// earlier column (`{(0, y) : y <= 0} ∪ {(-1, 0)}` has minimum `(-1, 0)`).
    fn extremum(&self, max: bool) -> Result<LexMin, PolyError> {
        let mut best: Option<(Vec<Int>, bool)> = None;
        for d in &self.disjuncts {
            let candidate = if max {
                d.mirrored().lexmin_prefix()?
            } else {
                d.lexmin_prefix()?
            };
            let Some(candidate) = candidate else {
                continue;
            };
            let improves = match &best {
                None => true,
                Some(b) => extended_less(&candidate, b),
            };
            if improves {
                best = Some(candidate);
            }
        }
        Ok(match best {
            None => LexMin::Empty,
            Some((_, true)) => LexMin::Unbounded,
            Some((p, false)) if max => LexMin::Point(p.iter().map(|v| -v).collect()),
            Some((p, false)) => LexMin::Point(p),
        })
    }

    /// The integer points of a bounded set, in lexicographic order of the
    /// non-local columns (domain, range, symbols). The points are found by
    /// scanning the bounding box of the non-empty disjuncts, so the cost is
    /// proportional to its volume. Fails with [`PolyError::Unbounded`]
    /// when some column is unbounded.
    ///
    /// ```
    /// use tessera_affine::IntegerSet;
    /// use tessera_polyhedral::{IntegerRelation, PresburgerSet};
    /// let s: IntegerSet = "(d0, d1) : (d0 >= 0, d1 - d0 >= 0, -d1 + 2 >= 0)".parse().unwrap();
    /// let p = PresburgerSet::from_relation(IntegerRelation::from_integer_set(&s)?);
    /// let points: Vec<Vec<i64>> = p.points()?.collect();
    /// assert_eq!(points, vec![vec![0, 0], vec![0, 1], vec![0, 2], vec![1, 1], vec![1, 2], vec![2, 2]]);
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn points(&self) -> Result<Points, PolyError> {
        let n = self.space.num_non_locals();
        let mut lo: Vec<Option<i64>> = vec![None; n];
        let mut hi: Vec<Option<i64>> = vec![None; n];
        let mut disjuncts = Vec::new();
        for d in &self.disjuncts {
            if d.is_integer_empty() {
                continue;
            }
            for col in 0..n {
                let bound = |o: IntOpt| match o {
                    IntOpt::Optimal { value, .. } => value
                        .to_i64()
                        .ok_or_else(|| PolyError::Overflow(value.to_string())),
                    IntOpt::Unbounded | IntOpt::Empty => Err(PolyError::Unbounded { col }),
                };
                let l = bound(d.constant_lower_bound(col)?)?;
                let h = bound(d.constant_upper_bound(col)?)?;
                lo[col] = Some(lo[col].map_or(l, |v| v.min(l)));
                hi[col] = Some(hi[col].map_or(h, |v| v.max(h)));
            }
            disjuncts.push(d.clone());
        }
        let next = if disjuncts.is_empty() {
            None
        } else {
            lo.iter().copied().collect::<Option<Vec<i64>>>()
        };
        Ok(Points {
            disjuncts,
            lo: lo.into_iter().map(Option::unwrap_or_default).collect(),
            hi: hi.into_iter().map(Option::unwrap_or_default).collect(),
            next,
        })
    }

    /// The number of integer points of a bounded set (see
    /// [`PresburgerSet::points`]).
    pub fn count_points(&self) -> Result<u64, PolyError> {
        Ok(self.points()?.count() as u64)
    }
}

/// Whether `a` is lexicographically below `b`, each a minimum `(point,
/// false)` or an unbounded prefix `(prefix, true)` read as `prefix, -inf`.
fn extended_less(a: &(Vec<Int>, bool), b: &(Vec<Int>, bool)) -> bool {
    for (x, y) in a.0.iter().zip(&b.0) {
        if x != y {
            return x < y;
        }
    }
    a.1 && a.0.len() < b.0.len()
}

/// The integer points of a bounded [`PresburgerSet`], in lexicographic
/// order ([`PresburgerSet::points`]).
#[derive(Clone, Debug)]
pub struct Points {
    disjuncts: Vec<IntegerRelation>,
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// The next box point to test; `None` when the scan is over.
    next: Option<Vec<i64>>,
}

impl Points {
    /// Moves `next` to the following point of the box, in lexicographic
    /// order.
    fn advance(&mut self) {
        let Some(p) = self.next.as_mut() else {
            return;
        };
        for k in (0..p.len()).rev() {
            if p[k] < self.hi[k] {
                p[k] += 1;
                return;
            }
            p[k] = self.lo[k];
        }
        self.next = None;
    }
}

impl Iterator for Points {
    type Item = Vec<i64>;

    fn next(&mut self) -> Option<Vec<i64>> {
        while let Some(p) = self.next.clone() {
            self.advance();
            // `contains` only fails on a point of the wrong length, which
            // the box never produces.
            if self.disjuncts.iter().any(|d| d.contains(&p) == Ok(true)) {
                return Some(p);
            }
        }
        None
    }
}

//! Merging two disjuncts of a union into one, when their union is one
//! polyhedron's integer points (isl's coalescing, decided exactly).
//!
//! For disjuncts `a` and `b`, the candidate `h` keeps the rows of each
//! that hold on every integer point of the other (an equality that does
//! not is tried as its two inequalities). `h` contains `a` and `b` by
//! construction; it replaces them exactly when `h ∖ (a ∪ b)` has no
//! integer point. Over the integers this also merges what touches without
//! overlapping: `0 ≤ x ≤ 3` and `4 ≤ x ≤ 8` become `0 ≤ x ≤ 8`.

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::relaxation::holds_on;
use crate::set::PresburgerSet;
use crate::space::VarKind;

/// The most disjuncts a union may have for pairs of them to be tried
/// (each try is a handful of exact emptiness tests and one subtraction).
pub(crate) const MAX_MERGED_UNION: usize = 64;

/// The single disjunct with exactly the integer points of `a ∪ b`, when
/// the candidate hull is one; `None` when it is not, or when either has
/// locals (left to the containment test).
pub(crate) fn merged(
    a: &IntegerRelation,
    b: &IntegerRelation,
) -> Result<Option<IntegerRelation>, PolyError> {
    let space = a.space();
    if space.count(VarKind::Local) > 0 || b.space().count(VarKind::Local) > 0 {
        return Ok(None);
    }
    let mut hull = IntegerRelation::new(space);
    for (from, on) in [(a, b), (b, a)] {
        for row in from.equalities() {
            let negated: Vec<Int> = row.iter().map(|v| -v).collect();
            match (holds_on(on, row)?, holds_on(on, &negated)?) {
                (true, true) => hull.add_equality_int(row.clone())?,
                (true, false) => hull.add_inequality_int(row.clone())?,
                (false, true) => hull.add_inequality_int(negated)?,
                (false, false) => {}
            }
        }
        for row in from.inequalities() {
            if holds_on(on, row)? {
                hull.add_inequality_int(row.clone())?;
            }
        }
    }
    let pair = PresburgerSet {
        space,
        disjuncts: vec![a.clone(), b.clone()],
    };
    let outside = PresburgerSet::from_relation(hull.clone()).subtract(&pair)?;
    Ok(outside.is_empty()?.then_some(hull))
}

/// Merges pairs of `disjuncts` until no pair merges (only while there are
/// at most [`MAX_MERGED_UNION`] of them).
pub(crate) fn merge_pairs(disjuncts: &mut Vec<IntegerRelation>) -> Result<(), PolyError> {
    'search: while disjuncts.len() <= MAX_MERGED_UNION {
        for i in 0..disjuncts.len() {
            for j in i + 1..disjuncts.len() {
                if let Some(hull) = merged(&disjuncts[i], &disjuncts[j])? {
                    disjuncts[i] = hull;
                    disjuncts.remove(j);
                    continue 'search;
                }
            }
        }
        break;
    }
    Ok(())
}

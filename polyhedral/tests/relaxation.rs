//! The rational relaxation's queries judged by brute force: the rational
//! lexicographic minimum (scaled to an integer point), boundedness, the
//! lexicographic maximum and the gist of a set in a context.

mod common;

use common::{for_each_point, to_i64, Sys, BOX};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use tessera_polyhedral::bounds::{IntOpt, LexMin};
use tessera_polyhedral::{Int, PresburgerSet, RationalLexMin};

fn qc(tests: u64) -> QuickCheck {
    QuickCheck::new().tests(tests).max_tests(tests * 4)
}

/// `s` with every constant and the box scaled by `d`: the polyhedron
/// `d·P`, whose point `d·x` is integral when `x` has denominators
/// dividing `d`.
fn scaled(s: &Sys, d: i64) -> tessera_polyhedral::IntegerRelation {
    let scale = |row: &Vec<i64>| {
        let mut r = row.clone();
        let last = r.len() - 1;
        r[last] *= d;
        r
    };
    let t = Sys {
        dims: s.dims,
        syms: s.syms,
        eqs: s.eqs.iter().map(scale).collect(),
        ineqs: s.ineqs.iter().map(scale).collect(),
    };
    t.relation_in_box(Some(BOX * d))
}

/// The rational minimum `r` of a boxed system, scaled by the lcm `d` of
/// its denominators, is the integer lexicographic minimum of `d·P` (an
/// integer point of `d·P` no integer point precedes, as none of `d·P`'s
/// rational points does); emptiness agrees with the rational emptiness.
#[test]
fn rational_lexmin_scaled_is_the_integer_lexmin_of_the_scaled_polyhedron() {
    fn prop(s: Sys) -> TestResult {
        let rel = s.relation(true);
        match rel.rational_lexmin().unwrap() {
            RationalLexMin::Empty => TestResult::from_bool(rel.is_rationally_empty()),
            RationalLexMin::Unbounded => TestResult::error("a boxed system is bounded"),
            RationalLexMin::Point(r) => {
                let d = r.iter().fold(Int::ONE, |d, v| {
                    (&d * v.denom()).div_floor(&d.gcd(v.denom()))
                });
                let Some(d) = d.to_i64().filter(|&d| d <= 1000) else {
                    return TestResult::discard();
                };
                let want: Vec<Int> = r
                    .iter()
                    .map(|v| (v.numer() * &Int::from(d)).div_floor(v.denom()))
                    .collect();
                match scaled(&s, d).lexmin().unwrap() {
                    LexMin::Point(p) => TestResult::from_bool(p == want),
                    other => TestResult::error(format!("scaled lexmin {other:?}, want {want:?}")),
                }
            }
        }
    }
    qc(1000).quickcheck(prop as fn(Sys) -> TestResult);
}

/// On the unboxed systems: bounded exactly when every column's integer
/// minimum and maximum exist (or there is no integer point), and a
/// bounded set's points all lie in the box its extreme values span.
#[test]
fn boundedness_agrees_with_column_extremes() {
    fn prop(s: Sys) -> TestResult {
        let rel = s.relation(false);
        let bounded = rel.is_bounded().unwrap();
        let mut extremes = Vec::new();
        for col in 0..s.n() {
            let (lo, hi) = (
                rel.constant_lower_bound(col).unwrap(),
                rel.constant_upper_bound(col).unwrap(),
            );
            match (lo, hi) {
                (IntOpt::Empty, _) | (_, IntOpt::Empty) => return TestResult::from_bool(bounded),
                (IntOpt::Optimal { value: l, .. }, IntOpt::Optimal { value: h, .. }) => {
                    extremes.push((l.to_i64().unwrap(), h.to_i64().unwrap()))
                }
                _ => return TestResult::from_bool(!bounded),
            }
        }
        if !bounded {
            return TestResult::error("every column has both extremes");
        }
        // The boxed points are those of the unboxed set within its extremes.
        let inside = s.points().into_iter().all(|p| {
            p.iter()
                .zip(&extremes)
                .all(|(&v, &(l, h))| l <= v && v <= h)
        });
        TestResult::from_bool(inside)
    }
    qc(1000).quickcheck(prop as fn(Sys) -> TestResult);
}

#[test]
fn lexmax_matches_brute_force() {
    fn prop(s: Sys) -> TestResult {
        let got = s.relation(true).lexmax().unwrap();
        let want = s.points().into_iter().last();
        match (got, want) {
            (LexMin::Empty, None) => TestResult::passed(),
            (LexMin::Point(p), Some(w)) => TestResult::from_bool(to_i64(&p) == w),
            (g, w) => TestResult::error(format!("got {g:?}, want {w:?}")),
        }
    }
    qc(1000).quickcheck(prop as fn(Sys) -> TestResult);
}

/// A set and a context over the same columns.
#[derive(Clone, Debug)]
struct InContext(Sys, Sys);

impl Arbitrary for InContext {
    fn arbitrary(g: &mut Gen) -> Self {
        let a = Sys::random(g, 3);
        let mut b = Sys::random(g, 3);
        b.dims = a.dims;
        b.syms = a.syms;
        let n = a.n();
        let fit = |row: &mut Vec<i64>| {
            let constant = row.pop().unwrap_or(0);
            row.resize(n, 0);
            row.push(constant);
        };
        b.eqs.iter_mut().for_each(fit);
        b.ineqs.iter_mut().for_each(fit);
        InContext(a, b)
    }
}

/// The gist keeps a subset of the set's rows and, within the context,
/// the same points: checked on every point of the box.
#[test]
fn gist_keeps_the_points_within_the_context() {
    fn prop(InContext(a, b): InContext) -> TestResult {
        let context = PresburgerSet::from_relation(b.relation(true));
        let g = a.relation(true).gist(&context).unwrap();
        let rows = a.relation(true);
        let subset = g
            .inequalities()
            .iter()
            .all(|r| rows.inequalities().contains(r))
            && g.equalities().iter().all(|r| rows.equalities().contains(r));
        let mut same = true;
        for_each_point(a.n(), BOX + 1, |p| {
            if b.holds(p) && p.iter().all(|v| v.abs() <= BOX) {
                let in_gist = g.contains(p).unwrap();
                let in_a = a.holds(p);
                same &= in_gist == in_a;
            }
        });
        TestResult::from_bool(subset && same)
    }
    qc(500).quickcheck(prop as fn(InContext) -> TestResult);
}

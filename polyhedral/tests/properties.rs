//! Property tests of the exact engine against brute-force enumeration of
//! small boxed systems, and soundness checks on unbounded ones.

mod common;

use common::{box_points, small, to_i64, to_ints, Sys, BOX};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use tessera_polyhedral::bounds::{IntOpt, LexMin};
use tessera_polyhedral::Int;

fn qc(tests: u64) -> QuickCheck {
    QuickCheck::new().tests(tests).max_tests(tests * 4)
}

#[test]
fn emptiness_and_samples_match_brute_force() {
    fn prop(s: Sys) -> TestResult {
        let rel = s.relation(true);
        let points = s.points();
        match rel.find_integer_sample().unwrap() {
            Some(w) => {
                let w = to_i64(&w);
                if !s.holds(&w) || w.iter().any(|v| v.abs() > BOX) {
                    return TestResult::error(format!("bad witness {w:?}"));
                }
                TestResult::from_bool(!points.is_empty())
            }
            None => TestResult::from_bool(points.is_empty()),
        }
    }
    qc(3000).quickcheck(prop as fn(Sys) -> TestResult);
}

#[test]
fn unbounded_systems_are_sound_and_consistent_with_boxed() {
    fn prop(s: Sys) -> TestResult {
        let open = s.relation(false).find_integer_sample().unwrap();
        if let Some(w) = &open {
            if !s.relation(false).satisfied_by(w).unwrap() {
                return TestResult::error(format!("bad witness {w:?}"));
            }
        }
        let boxed_nonempty = !s.points().is_empty();
        // A boxed point is a point of the unbounded system.
        TestResult::from_bool(!boxed_nonempty || open.is_some())
    }
    qc(3000).quickcheck(prop as fn(Sys) -> TestResult);
}

#[test]
fn lexmin_matches_brute_force() {
    fn prop(s: Sys) -> TestResult {
        let got = s.relation(true).lexmin().unwrap();
        let want = s.points().into_iter().next();
        match (got, want) {
            (LexMin::Empty, None) => TestResult::passed(),
            (LexMin::Point(p), Some(w)) => TestResult::from_bool(to_i64(&p) == w),
            (g, w) => TestResult::error(format!("got {g:?}, want {w:?}")),
        }
    }
    qc(1500).quickcheck(prop as fn(Sys) -> TestResult);
}

#[test]
fn unbounded_lexmin_is_sound() {
    fn prop(s: Sys) -> TestResult {
        let rel = s.relation(false);
        match rel.lexmin().unwrap() {
            LexMin::Point(p) => {
                let p = to_i64(&p);
                // Every boxed point is lexicographically no smaller.
                let first = s.points().into_iter().next();
                TestResult::from_bool(s.holds(&p) && first.map_or(true, |f| p <= f))
            }
            LexMin::Empty => TestResult::from_bool(s.points().is_empty()),
            LexMin::Unbounded => TestResult::passed(),
        }
    }
    qc(1000).quickcheck(prop as fn(Sys) -> TestResult);
}

#[derive(Clone, Debug)]
struct WithObjective(Sys, Vec<i64>);

impl Arbitrary for WithObjective {
    fn arbitrary(g: &mut Gen) -> Self {
        let s = Sys::arbitrary(g);
        let obj = (0..=s.n()).map(|_| small(g, 4)).collect();
        WithObjective(s, obj)
    }
}

#[test]
fn min_and_max_match_brute_force() {
    fn prop(WithObjective(s, obj): WithObjective) -> TestResult {
        let rel = s.relation(true);
        let n = s.n();
        let f = |p: &Vec<i64>| p.iter().zip(&obj).map(|(x, a)| x * a).sum::<i64>() + obj[n];
        let values: Vec<i64> = s.points().iter().map(f).collect();
        let o = to_ints(&obj);
        let check = |got: IntOpt, want: Option<i64>| match (got, want) {
            (IntOpt::Empty, None) => true,
            (IntOpt::Optimal { value, point }, Some(w)) => {
                let p = to_i64(&point);
                value == Int::from(w) && s.holds(&p) && f(&p) == w
            }
            _ => false,
        };
        TestResult::from_bool(
            check(
                rel.integer_minimum(&o).unwrap(),
                values.iter().copied().min(),
            ) && check(
                rel.integer_maximum(&o).unwrap(),
                values.iter().copied().max(),
            ),
        )
    }
    qc(1500).quickcheck(prop as fn(WithObjective) -> TestResult);
}

#[test]
fn unbounded_objectives_are_detected_soundly() {
    fn prop(WithObjective(s, obj): WithObjective) -> TestResult {
        let rel = s.relation(false);
        let o = to_ints(&obj);
        let n = s.n();
        let f = |p: &Vec<i64>| p.iter().zip(&obj).map(|(x, a)| x * a).sum::<i64>() + obj[n];
        let boxed_min = s.points().iter().map(f).min();
        match rel.integer_minimum(&o).unwrap() {
            IntOpt::Empty => TestResult::from_bool(boxed_min.is_none()),
            IntOpt::Unbounded => {
                // A point below every boxed value must exist.
                let mut probe = rel.clone();
                let mut row: Vec<Int> = o.iter().map(|a| -a).collect();
                let below = boxed_min.unwrap_or(0) - 1;
                row[n] = &row[n] + &Int::from(below);
                probe.add_inequality_int(row).unwrap();
                TestResult::from_bool(!probe.is_integer_empty())
            }
            IntOpt::Optimal { value, point } => {
                let p = to_i64(&point);
                TestResult::from_bool(
                    s.holds(&p)
                        && Int::from(f(&p)) == value
                        && boxed_min.map_or(true, |m| value <= Int::from(m)),
                )
            }
        }
    }
    qc(1000).quickcheck(prop as fn(WithObjective) -> TestResult);
}

#[derive(Clone, Debug)]
struct WithColumns(Sys, Vec<usize>);

impl Arbitrary for WithColumns {
    fn arbitrary(g: &mut Gen) -> Self {
        let s = Sys::arbitrary(g);
        let cols = (0..s.n()).filter(|_| bool::arbitrary(g)).collect();
        WithColumns(s, cols)
    }
}

#[test]
fn projection_is_exact_or_a_superset() {
    fn prop(WithColumns(s, cols): WithColumns) -> TestResult {
        let rel = s.relation(true);
        let proj = rel.project_out(&cols).unwrap();
        let keep: Vec<usize> = (0..s.n()).filter(|c| !cols.contains(c)).collect();
        let mut want: Vec<Vec<i64>> = s
            .points()
            .iter()
            .map(|p| keep.iter().map(|&c| p[c]).collect())
            .collect();
        want.sort();
        want.dedup();
        let got: Vec<Vec<i64>> = box_points(keep.len())
            .into_iter()
            .filter(|p| proj.relation.satisfied_by(&to_ints(p)).unwrap())
            .collect();
        let superset = want.iter().all(|p| got.binary_search(p).is_ok());
        if !superset {
            return TestResult::error(format!("lost points: {:?}", proj.relation));
        }
        TestResult::from_bool(!proj.exact || got == want)
    }
    qc(1500).quickcheck(prop as fn(WithColumns) -> TestResult);
}

#[test]
fn locals_are_existential() {
    fn prop(WithColumns(s, cols): WithColumns) -> TestResult {
        if cols.len() == s.n() {
            return TestResult::discard();
        }
        let mut rel = s.relation(true);
        rel.convert_to_locals(&cols).unwrap();
        let keep: Vec<usize> = (0..s.n()).filter(|c| !cols.contains(c)).collect();
        let projected: std::collections::HashSet<Vec<i64>> = s
            .points()
            .iter()
            .map(|p| keep.iter().map(|&c| p[c]).collect())
            .collect();
        for q in box_points(keep.len()) {
            let want = projected.contains(&q);
            if rel.contains(&q).unwrap() != want {
                return TestResult::error(format!("{q:?}: want {want}"));
            }
        }
        TestResult::passed()
    }
    qc(300).quickcheck(prop as fn(WithColumns) -> TestResult);
}

#[test]
fn column_bounds_describe_the_innermost_dim() {
    fn prop(s: Sys) -> TestResult {
        let n = s.n();
        if n > 3 {
            return TestResult::discard();
        }
        let mut s = s;
        s.dims = n;
        s.syms = 0;
        let rel = s.relation(true);
        let bounds = rel.column_bounds(n - 1).unwrap();
        let points = s.points();
        // Rows without the innermost dim guard the outer dims; the bounds
        // describe the innermost dim where the guards hold.
        let guard = Sys {
            dims: n,
            syms: 0,
            eqs: s.eqs.iter().filter(|r| r[n - 1] == 0).cloned().collect(),
            ineqs: s.ineqs.iter().filter(|r| r[n - 1] == 0).cloned().collect(),
        };
        for outer in box_points(n - 1) {
            let mut probe = outer.clone();
            probe.push(0);
            if !guard.holds(&probe) {
                continue;
            }
            let eval = |e: &tessera_affine::AffineExpr| {
                let mut dims = outer.clone();
                dims.push(0);
                e.evaluate(&dims, &[]).unwrap()
            };
            let lo = bounds.lower.iter().map(eval).max().unwrap_or(i64::MIN);
            let hi = bounds.upper.iter().map(eval).min().unwrap_or(i64::MAX);
            for v in -BOX..=BOX {
                let mut p = outer.clone();
                p.push(v);
                let want = points.binary_search(&p).is_ok();
                if (lo <= v && v <= hi) != want {
                    return TestResult::error(format!("{p:?}: bounds {bounds:?}"));
                }
            }
        }
        TestResult::passed()
    }
    qc(1000).quickcheck(prop as fn(Sys) -> TestResult);
}

#[test]
fn simplex_samples_and_optima_are_consistent() {
    fn prop(WithObjective(s, obj): WithObjective) -> TestResult {
        use tessera_polyhedral::{LpResult, Rat};
        let rel = s.relation(false);
        let n = s.n();
        let value = |row: &[Int], p: &[Rat]| {
            p.iter()
                .zip(row)
                .fold(Rat::from(row[n].clone()), |acc, (x, a)| {
                    &acc + &(x * &Rat::from(a))
                })
        };
        let integer = rel.find_integer_sample().unwrap();
        match rel.rational_sample() {
            None => TestResult::from_bool(integer.is_none()),
            Some(p) => {
                let ok = rel.equalities().iter().all(|r| value(r, &p).is_zero())
                    && rel
                        .inequalities()
                        .iter()
                        .all(|r| value(r, &p).signum() >= 0);
                if !ok {
                    return TestResult::error(format!("bad rational sample {p:?}"));
                }
                let o = to_ints(&obj);
                match (
                    rel.rational_minimum(&o).unwrap(),
                    rel.integer_minimum(&o).unwrap(),
                ) {
                    (LpResult::Optimal { value: lp, .. }, IntOpt::Optimal { value: ip, .. }) => {
                        TestResult::from_bool(lp <= Rat::from(ip))
                    }
                    (LpResult::Unbounded, IntOpt::Unbounded | IntOpt::Empty) => {
                        TestResult::passed()
                    }
                    (LpResult::Optimal { .. }, IntOpt::Empty) => TestResult::passed(),
                    (lp, ip) => TestResult::error(format!("lp {lp:?} vs ip {ip:?}")),
                }
            }
        }
    }
    qc(1500).quickcheck(prop as fn(WithObjective) -> TestResult);
}

#[test]
fn simplifications_keep_the_point_set() {
    fn prop(s: Sys) -> TestResult {
        let rel = s.relation(true);
        let mut normalized = rel.clone();
        normalized.normalize();
        let mut eliminated = rel.clone();
        eliminated.gaussian_eliminate();
        let mut irredundant = rel.clone();
        irredundant.remove_redundant_inequalities();
        let as_sys = |r: &tessera_polyhedral::IntegerRelation| Sys {
            dims: s.n(),
            syms: 0,
            eqs: r.equalities().iter().map(|row| to_i64(row)).collect(),
            ineqs: r.inequalities().iter().map(|row| to_i64(row)).collect(),
        };
        let simplified = [
            ("normalize", as_sys(&normalized)),
            ("gaussian_eliminate", as_sys(&eliminated)),
            ("remove_redundant_inequalities", as_sys(&irredundant)),
        ];
        let mut failure = None;
        common::for_each_point(s.n(), BOX, |p| {
            let want = s.holds(p);
            for (name, r) in &simplified {
                if failure.is_none() && r.holds(p) != want {
                    failure = Some(format!("{name} changed {p:?}: {r:?}"));
                }
            }
        });
        match failure {
            Some(f) => TestResult::error(f),
            None => TestResult::passed(),
        }
    }
    qc(1000).quickcheck(prop as fn(Sys) -> TestResult);
}

//! Named hard cases: integer-empty systems with rational points, thin
//! unbounded strips, coefficients near the `i64` limit, and redundant
//! systems that make naive Fourier–Motzkin explode.

mod common;

use common::{points_in_box, small, Sys};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use tessera_polyhedral::bounds::IntOpt;
use tessera_polyhedral::{Int, IntegerRelation};

fn set(n: usize, eqs: &[&[i64]], ineqs: &[&[i64]]) -> IntegerRelation {
    let mut r = IntegerRelation::new_set(n, 0);
    for e in eqs {
        r.add_equality(e).unwrap();
    }
    for i in ineqs {
        r.add_inequality(i).unwrap();
    }
    r
}

/// Integer emptiness of `r` must agree with enumeration over `[-b, b]^n`
/// when the system is bounded by `b`, and witnesses must be valid.
fn check_against_box(r: &IntegerRelation, b: i64) {
    let mut boxed = r.clone();
    for c in 0..r.num_vars() {
        boxed.add_bounds(c, Some(-b), Some(b)).unwrap();
    }
    let any = points_in_box(r.num_vars(), b)
        .iter()
        .any(|p| boxed.contains(p).unwrap());
    match boxed.find_integer_sample().unwrap() {
        Some(w) => assert!(any && boxed.satisfied_by(&w).unwrap(), "{boxed:?}"),
        None => assert!(!any, "{boxed:?}"),
    }
    if let Some(w) = r.find_integer_sample().unwrap() {
        assert!(r.satisfied_by(&w).unwrap(), "{r:?} {w:?}");
    } else {
        assert!(!any, "{r:?} claimed empty");
    }
}

#[test]
fn odd_difference_of_evens_is_empty() {
    // 2*d0 - 2*d1 - 1 == 0, unbounded.
    let r = set(2, &[&[2, -2, -1]], &[]);
    assert!(!r.is_rationally_empty());
    assert!(r.is_integer_empty());
}

#[test]
fn rationally_nonempty_integer_empty() {
    // 3 <= 2*d0 <= 3.
    let r = set(1, &[], &[&[2, -3], &[-2, 3]]);
    assert!(!r.is_rationally_empty());
    assert!(r.is_integer_empty());
    // Pugh's example: 27 <= 11x + 13y <= 45, -10 <= 7x - 9y <= 4.
    let pugh = set(
        2,
        &[],
        &[&[11, 13, -27], &[-11, -13, 45], &[7, -9, 10], &[-7, 9, 4]],
    );
    assert!(!pugh.is_rationally_empty());
    assert!(pugh.is_integer_empty());
    check_against_box(&pugh, 10);
}

#[test]
fn thin_unbounded_strips() {
    // 0 <= 3x - 7y <= 1: non-empty, unbounded in both directions.
    let strip = set(2, &[], &[&[3, -7, 0], &[-3, 7, 1]]);
    let w = strip.find_integer_sample().unwrap().unwrap();
    assert!(strip.satisfied_by(&w).unwrap());
    assert_eq!(
        strip.constant_upper_bound(0).unwrap(),
        IntOpt::Unbounded,
        "x is unbounded along the strip"
    );
    // 1 <= 3x - 6y <= 2: empty (3 divides 3x - 6y), still unbounded.
    let empty = set(2, &[], &[&[3, -6, -1], &[-3, 6, 2]]);
    assert!(!empty.is_rationally_empty());
    assert!(empty.is_integer_empty());
    // Two strips whose intersection needs splinters: 1 <= 3x - 7y <= 2 and
    // 5 <= 2x + 5y... with a third column tying them.
    let tied = set(
        3,
        &[],
        &[
            &[3, -7, 0, -1],
            &[-3, 7, 0, 2],
            &[2, 0, -5, 0],
            &[-2, 0, 5, 1],
            &[0, 4, -3, 0],
            &[0, -4, 3, 2],
        ],
    );
    check_against_box(&tied, 30);
    // A parametric thin strip: s0 <= 5x - 3y <= s0 with s0 free, and 4y = 2 + 6z.
    let mut param = IntegerRelation::new_set(3, 1);
    param.add_inequality(&[5, -3, 0, -1, 0]).unwrap();
    param.add_inequality(&[-5, 3, 0, 1, 0]).unwrap();
    param.add_equality(&[0, 4, -6, 0, -2]).unwrap();
    let w = param.find_integer_sample().unwrap().unwrap();
    assert!(param.satisfied_by(&w).unwrap());
}

#[test]
fn coefficients_near_the_i64_limit() {
    let m = i64::MAX;
    // M*x - (M-1)*y == 1 with x, y >= 0: x = y = 1.
    let r = set(2, &[&[m, -(m - 1), -1]], &[&[1, 0, 0], &[0, 1, 0]]);
    let w = r.find_integer_sample().unwrap().unwrap();
    assert!(r.satisfied_by(&w).unwrap());
    // M*x == M - 1 has no integer solution (gcd test).
    let r = set(1, &[&[m, -(m - 1)]], &[]);
    assert!(r.is_integer_empty());
    // Products of such coefficients exceed i64 in Fourier–Motzkin: x is
    // bounded by M*x >= (M-1)*y + 1 and (M-2)*x <= (M-3)*y + M with y in [0, 5].
    let r = set(
        2,
        &[],
        &[
            &[m, -(m - 1), -1],
            &[-(m - 2), m - 3, m],
            &[0, 1, 0],
            &[0, -1, 5],
        ],
    );
    let p = r.project_out(&[0]).unwrap();
    for y in 0..=5 {
        // x = 1 works for y in {0, 1}: M >= (M-1)*y + 1 and M-2 <= (M-3)*y + M.
        let has_point = (-10..=10).any(|x: i128| {
            let (x, y, m) = (x, y as i128, m as i128);
            m * x - (m - 1) * y > 0 && -(m - 2) * x + (m - 3) * y + m >= 0
        });
        let fixed_point = {
            let mut f = r.clone();
            f.add_bounds(1, Some(y), Some(y)).unwrap();
            !f.is_integer_empty()
        };
        assert_eq!(has_point, fixed_point, "y = {y}");
        if fixed_point {
            assert!(p.relation.contains(&[y]).unwrap());
        }
    }
    let min = r.integer_minimum(&[Int::from(0), Int::from(1), Int::from(0)]);
    assert!(matches!(min, Ok(IntOpt::Optimal { .. })));
}

/// A small boxed system plus one row with coefficients near `i64::MAX`.
#[derive(Clone, Debug)]
struct BigRow(Sys, Vec<i64>);

impl Arbitrary for BigRow {
    fn arbitrary(g: &mut Gen) -> BigRow {
        let mut s = Sys::random(g, 3);
        s.dims += s.syms;
        s.syms = 0;
        let n = s.n();
        let mut row: Vec<i64> = (0..n)
            .map(|_| {
                let near = i64::MAX - small(g, 50).abs();
                if bool::arbitrary(g) {
                    near
                } else {
                    -near
                }
            })
            .collect();
        row.push(small(g, 10) * (i64::MAX / 16));
        BigRow(s, row)
    }
}

#[test]
fn big_coefficients_match_brute_force() {
    fn prop(BigRow(s, row): BigRow) -> TestResult {
        let mut r = s.relation(true);
        r.add_inequality(&row).unwrap();
        let n = s.n();
        let big_holds = |p: &Vec<i64>| {
            p.iter()
                .zip(&row)
                .map(|(x, a)| *x as i128 * *a as i128)
                .sum::<i128>()
                + row[n] as i128
                >= 0
        };
        let points: Vec<Vec<i64>> = s.points().into_iter().filter(big_holds).collect();
        let sample = r.find_integer_sample().unwrap();
        if let Some(w) = &sample {
            if !r.satisfied_by(w).unwrap() {
                return TestResult::error("bad witness");
            }
        }
        if sample.is_some() == points.is_empty() {
            return TestResult::error(format!("emptiness wrong for {r:?}"));
        }
        let mut obj = vec![Int::from(1); n];
        obj.push(Int::from(0));
        let want = points.iter().map(|p| p.iter().sum::<i64>()).min();
        match (r.integer_minimum(&obj).unwrap(), want) {
            (IntOpt::Empty, None) => TestResult::passed(),
            (IntOpt::Optimal { value, .. }, Some(w)) => {
                TestResult::from_bool(value == Int::from(w))
            }
            (g, w) => TestResult::error(format!("min {g:?} want {w:?}")),
        }
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(BigRow) -> TestResult);
}

#[test]
fn redundant_rows_do_not_explode_projection() {
    // The box [-4, 4]^4 plus every row ±x_i ± x_j ± x_k <= 12 (all redundant):
    // naive Fourier–Motzkin of three columns squares the row count thrice.
    let mut r = redundant_box(4);
    r.add_inequality(&[1, 1, 1, 1, -3]).unwrap();
    let start = std::time::Instant::now();
    let p = r.project_out_with_budget(&[0, 1, 2], 2000).unwrap();
    assert!(start.elapsed().as_secs() < 10);
    assert!(p.exact);
    assert!(p.relation.num_constraints() <= 4, "{:?}", p.relation);
    for x in -8..=8 {
        assert_eq!(p.relation.contains(&[x]).unwrap(), (-4..=4).contains(&x));
    }
}

/// The box `[-4, 4]^n` plus every (redundant) row `±x_i ± x_j ± x_k <= 12`.
fn redundant_box(n: usize) -> IntegerRelation {
    let mut r = IntegerRelation::new_set(n, 0);
    for c in 0..n {
        r.add_bounds(c, Some(-4), Some(4)).unwrap();
    }
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                for signs in 0..8 {
                    let mut row = vec![0i64; n + 1];
                    row[i] = if signs & 1 == 0 { 1 } else { -1 };
                    row[j] = if signs & 2 == 0 { 1 } else { -1 };
                    row[k] = if signs & 4 == 0 { 1 } else { -1 };
                    row[n] = 12;
                    r.add_inequality(&row).unwrap();
                }
            }
        }
    }
    r
}

#[test]
fn redundant_rows_do_not_explode_emptiness() {
    // Six dims, 172 rows; the sum of all dims is at most 24.
    let n = 6;
    let start = std::time::Instant::now();
    for (bound, empty) in [(24, false), (25, true)] {
        let mut r = redundant_box(n);
        let mut row = vec![1i64; n + 1];
        row[n] = -bound;
        r.add_inequality(&row).unwrap();
        // An odd coefficient keeps the elimination from being all-unit.
        let mut odd = vec![0i64; n + 1];
        odd[0] = 3;
        odd[1] = -2;
        odd[n] = 20;
        r.add_inequality(&odd).unwrap();
        match r.find_integer_sample().unwrap() {
            Some(w) => assert!(!empty && r.satisfied_by(&w).unwrap()),
            None => assert!(empty),
        }
    }
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}

/// A row over `n` columns and the constant from `(column, coefficient)`
/// pairs.
fn sparse_row(n: usize, terms: &[(usize, i64)], constant: i64) -> Vec<i64> {
    let mut row = vec![0; n + 1];
    for &(c, a) in terms {
        row[c] = a;
    }
    row[n] = constant;
    row
}

/// A dependence system of a mutated kernel (subscripts `b * (2^63 - 1)`
/// against `s floordiv 2^32`): the Omega test's splinters explode on it,
/// which once hung `--test-memref-dependence-check`. Empty: the second
/// subscripts force `s >= 2^64 - 2^32`, the first `7 s <= 7 (2^63 - 1) + 1`.
/// Columns: d0..d5, s0, q0..q4.
#[test]
fn huge_coefficients_on_both_sides_are_decided() {
    let (d0, d1, d2, d3, d4, d5, s0) = (0, 1, 2, 3, 4, 5, 6);
    let (q0, q1, q2, q3, q4) = (7, 8, 9, 10, 11);
    let n = 12;
    let big = 1i64 << 32;
    let r = |t: &[(usize, i64)], c: i64| sparse_row(n, t, c);
    let eqs = [
        r(&[(d1, i64::MAX), (s0, -7), (q3, -1)], 0),
        r(&[(d2, big), (q4, -1)], -1),
    ];
    let ineqs = [
        r(&[(d0, 1)], 0),
        r(&[(d0, -1)], 11),
        r(&[(d0, -1), (d1, 1)], 0),
        r(&[(d1, 1)], 8),
        r(&[(d1, -1)], 7),
        r(&[(d2, 1)], 0),
        r(&[(s0, 1), (q0, -big)], big),
        r(&[(s0, -1), (q0, big)], -1),
        r(&[(d2, -1), (q0, 1)], -1),
        r(&[(d3, 1)], 0),
        r(&[(d3, -1)], 11),
        r(&[(d3, -1), (d4, 1)], 0),
        r(&[(d4, 1)], 8),
        r(&[(d4, -1)], 7),
        r(&[(d5, 1)], 0),
        r(&[(s0, 1), (q1, -big)], big),
        r(&[(s0, -1), (q1, big)], -1),
        r(&[(d5, -1), (q1, 1)], -1),
        r(&[(d3, 1), (q2, -7)], 0),
        r(&[(d3, -1), (q2, 7)], 6),
        r(&[(q2, 1), (q3, -big)], big - 1),
        r(&[(q2, -1), (q3, big)], 0),
        r(&[(s0, 1), (q4, -big)], 0),
        r(&[(s0, -1), (q4, big)], big - 1),
        r(&[(d0, -1), (d3, 1)], -1),
    ];
    let eq_refs: Vec<&[i64]> = eqs.iter().map(Vec::as_slice).collect();
    let ineq_refs: Vec<&[i64]> = ineqs.iter().map(Vec::as_slice).collect();
    let sys = set(n, &eq_refs, &ineq_refs);
    assert_eq!(sys.find_integer_sample().unwrap(), None);
    // Without the bound d1 <= 7 the first subscript reaches s: a witness.
    let open: Vec<&[i64]> = ineq_refs
        .iter()
        .copied()
        .filter(|row| row[d1] != -1 || row[d0] != 0)
        .collect();
    let sys = set(n, &eq_refs, &open);
    match sys.find_integer_sample() {
        Ok(Some(w)) => assert!(sys.satisfied_by(&w).unwrap()),
        Ok(None) => panic!("claimed empty: {sys:?}"),
        Err(e) => assert!(e.to_string().contains("budget"), "{e}"),
    }
}

/// Branching on hyperplanes against enumeration: random bounded systems of
/// two and three dims with large coefficients (thin slanted polytopes,
/// where branching on variables needs many nodes), every answer compared
/// with the box's points and every witness checked.
#[test]
fn hyperplane_branching_matches_brute_force() {
    let mut seed = 0x6b70_1a2e_u64;
    let mut next = |m: i64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as i64).rem_euclid(m)
    };
    let b = 5;
    let (mut empty, mut found) = (0, 0);
    for _ in 0..400 {
        let n = 2 + next(2) as usize;
        let mut r = IntegerRelation::new_set(n, 0);
        for c in 0..n {
            r.add_bounds(c, Some(-b), Some(b)).unwrap();
        }
        // A slab a·x in [c, c + w] with a large, nearly parallel normal.
        for _ in 0..1 + next(2) {
            let scale = 1 + next(400);
            let mut row: Vec<i64> = (0..n)
                .map(|_| (next(5) - 2) * scale + next(3) - 1)
                .collect();
            let c = next(2 * scale + 1) - scale;
            row.push(-c);
            r.add_inequality(&row).unwrap();
            let w = next(scale);
            let mut upper: Vec<i64> = row.iter().map(|v| -v).collect();
            upper[n] += w;
            r.add_inequality(&upper).unwrap();
        }
        let any = points_in_box(n, b).iter().any(|p| r.contains(p).unwrap());
        match r.integer_sample_by_hyperplanes(100_000).unwrap() {
            Some(w) => {
                found += 1;
                assert!(any && r.satisfied_by(&w).unwrap(), "{r:?} {w:?}");
            }
            None => {
                empty += 1;
                assert!(!any, "{r:?} claimed empty");
            }
        }
    }
    assert!(empty > 40 && found > 40, "{empty} empty, {found} non-empty");
}

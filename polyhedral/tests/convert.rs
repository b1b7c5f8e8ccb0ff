//! Property tests of the conversions from and to the affine crate: random
//! integer sets and maps with `floordiv`/`ceildiv`/`mod`, compared point by
//! point with the affine crate's own evaluation.

mod common;

use common::small;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use tessera_affine::{AffineExpr, AffineMap, Constraint, IntegerSet};
use tessera_polyhedral::IntegerRelation;

const B: i64 = 5;

fn random_expr(g: &mut Gen, nd: u32, ns: u32, depth: u32) -> AffineExpr {
    let leaf = |g: &mut Gen| {
        let pick = u32::arbitrary(g) % (nd + ns + 1);
        if pick < nd {
            AffineExpr::dim(pick)
        } else if pick < nd + ns {
            AffineExpr::symbol(pick - nd)
        } else {
            AffineExpr::constant(small(g, 5))
        }
    };
    if depth == 0 {
        return leaf(g);
    }
    let a = random_expr(g, nd, ns, depth - 1);
    match u32::arbitrary(g) % 6 {
        0 => a + random_expr(g, nd, ns, depth - 1),
        1 => a * small(g, 3),
        2 => a.floor_div(2 + i64::arbitrary(g).rem_euclid(3)),
        3 => a.ceil_div(2 + i64::arbitrary(g).rem_euclid(3)),
        4 => a.modulo(2 + i64::arbitrary(g).rem_euclid(3)),
        _ => a + small(g, 4),
    }
}

#[derive(Clone, Debug)]
struct RandomSet(IntegerSet);

impl Arbitrary for RandomSet {
    fn arbitrary(g: &mut Gen) -> RandomSet {
        let nd = 1 + u32::arbitrary(g) % 2;
        let ns = u32::arbitrary(g) % 2;
        let count = 1 + usize::arbitrary(g) % 3;
        let constraints = (0..count)
            .map(|_| {
                let e = random_expr(g, nd, ns, 2);
                if u32::arbitrary(g) % 3 == 0 {
                    Constraint::eq(e)
                } else {
                    Constraint::ge(e)
                }
            })
            .collect();
        RandomSet(IntegerSet::new(nd, ns, constraints).expect("in range"))
    }
}

fn box_points(n: usize) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|p: Vec<i64>| {
                (-B..=B).map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    out
}

#[test]
fn integer_sets_round_trip() {
    fn prop(RandomSet(s): RandomSet) -> TestResult {
        let (nd, ns) = (s.num_dims() as usize, s.num_symbols() as usize);
        let rel = match IntegerRelation::from_integer_set(&s) {
            Ok(r) => r,
            Err(e) => return TestResult::error(format!("{s}: {e}")),
        };
        let back = match rel.to_integer_set() {
            Ok(b) => b,
            Err(e) => return TestResult::error(format!("{s} back: {e}")),
        };
        for p in box_points(nd + ns) {
            let (d, sy) = p.split_at(nd);
            let want = s.contains(d, sy).unwrap();
            if rel.contains(&p).unwrap() != want {
                return TestResult::error(format!("{s} at {p:?}: relation says {}", !want));
            }
            if back.contains(d, sy).unwrap() != want {
                return TestResult::error(format!("{s} -> {back} at {p:?}"));
            }
        }
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(RandomSet) -> TestResult);
}

#[derive(Clone, Debug)]
struct RandomMap(AffineMap);

impl Arbitrary for RandomMap {
    fn arbitrary(g: &mut Gen) -> RandomMap {
        let nd = 1 + u32::arbitrary(g) % 2;
        let ns = u32::arbitrary(g) % 2;
        let count = 1 + usize::arbitrary(g) % 2;
        let results = (0..count).map(|_| random_expr(g, nd, ns, 2)).collect();
        RandomMap(AffineMap::new(nd, ns, results).expect("in range"))
    }
}

#[test]
fn map_graphs_match_evaluation() {
    fn prop(RandomMap(m): RandomMap) -> TestResult {
        let (nd, ns) = (m.num_dims() as usize, m.num_symbols() as usize);
        let g = match IntegerRelation::from_affine_map(&m) {
            Ok(g) => g,
            Err(e) => return TestResult::error(format!("{m}: {e}")),
        };
        for p in box_points(nd + ns) {
            let (d, sy) = p.split_at(nd);
            let image = m.evaluate(d, sy).unwrap();
            let mut point = d.to_vec();
            point.extend(&image);
            point.extend(sy);
            if !g.contains(&point).unwrap() {
                return TestResult::error(format!("{m}: image {point:?} missing"));
            }
            point[nd] += 1;
            if g.contains(&point).unwrap() {
                return TestResult::error(format!("{m}: wrong image {point:?} accepted"));
            }
        }
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(prop as fn(RandomMap) -> TestResult);
}

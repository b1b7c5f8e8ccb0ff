//! The convex hull of unions against brute force: random unions of two
//! or three integral polygons (boxes cut by one diagonal, whose vertices
//! are integer points), where the hull's integer points must be exactly
//! the integer points of the convex hull of the union's points — every
//! point of the union inside, and every integer point of the hull a convex
//! combination of the union's points (decided by a rational feasibility
//! problem).

use tessera_polyhedral::simplex::LpResult;
use tessera_polyhedral::text::parse_presburger;
use tessera_polyhedral::{Int, IntegerRelation, PresburgerSet};

mod common;

use common::Lcg;

/// A box in [-6, 6]² cut by at most one diagonal: an integral polygon.
fn random_polygon(g: &mut Lcg) -> String {
    let (x0, y0) = (g.below(9) - 6, g.below(9) - 6);
    let (x1, y1) = (x0 + g.below(5), y0 + g.below(5));
    let mut cs = vec![
        format!("d0 - ({x0}) >= 0"),
        format!("{x1} - d0 >= 0"),
        format!("d1 - ({y0}) >= 0"),
        format!("{y1} - d1 >= 0"),
    ];
    match g.below(3) {
        0 => cs.push(format!("{} - d0 - d1 >= 0", x0 + y0 + g.below(7))),
        1 => cs.push(format!("d0 - d1 - ({}) >= 0", x0 - y1 + g.below(7) - 3)),
        _ => {}
    }
    format!("(d0, d1) : ({})", cs.join(", "))
}

/// Whether `y` is a convex combination of `points`.
fn in_hull_of(points: &[Vec<i64>], y: &[i64]) -> bool {
    let n = points.len();
    let mut lp = IntegerRelation::new_set(n, 0);
    for j in 0..n {
        let mut row = vec![0; n + 1];
        row[j] = 1;
        lp.add_inequality(&row).unwrap();
    }
    let mut sum = vec![1; n + 1];
    sum[n] = -1;
    lp.add_equality(&sum).unwrap();
    for (c, &v) in y.iter().enumerate() {
        let mut row: Vec<i64> = points.iter().map(|p| p[c]).collect();
        row.push(-v);
        lp.add_equality(&row).unwrap();
    }
    let zero = vec![Int::ZERO; n + 1];
    !matches!(lp.rational_minimum(&zero).unwrap(), LpResult::Infeasible)
}

#[test]
fn random_unions_of_integral_polygons() {
    let mut g = Lcg(0x4017_5eed);
    for _ in 0..60 {
        let pieces: Vec<String> = (0..2 + g.below(2))
            .map(|_| random_polygon(&mut g))
            .collect();
        let text = pieces.join(" or ");
        let union = parse_presburger(&text).unwrap().value;
        let hull = PresburgerSet::from_relation(union.convex_hull().unwrap());
        let points: Vec<Vec<i64>> = union.points().unwrap().collect();
        if points.is_empty() {
            assert!(hull.is_empty().unwrap(), "{text}");
            continue;
        }
        for p in &points {
            assert!(
                hull.contains(p).unwrap(),
                "{text}: {p:?} is outside the hull"
            );
        }
        for p in hull.points().unwrap() {
            assert!(
                in_hull_of(&points, &p),
                "{text}: hull point {p:?} is not a convex combination"
            );
        }
    }
}

#[test]
fn named_hulls() {
    let hull = |text: &str| {
        let set = parse_presburger(text).unwrap().value;
        PresburgerSet::from_relation(set.convex_hull().unwrap())
    };
    // Two intervals: the interval between them.
    let h = hull("(d0) : (d0 >= 0, -d0 + 2 >= 0) or (d0) : (d0 - 5 >= 0, -d0 + 9 >= 0)");
    let points: Vec<Vec<i64>> = h.points().unwrap().collect();
    assert_eq!(points, (0..=9).map(|v| vec![v]).collect::<Vec<_>>());
    // Two rays pointing apart: everything.
    let h = hull("(d0) : (d0 >= 0) or (d0) : (-d0 - 5 >= 0)");
    assert!(
        h.contains(&[-3]).unwrap() && h.contains(&[1000]).unwrap() && h.contains(&[-1000]).unwrap()
    );
    // A triangle and a point: the hull has the point as a vertex.
    let h = hull(
        "(d0, d1) : (d0 >= 0, d1 >= 0, -d0 - d1 + 2 >= 0) or (d0, d1) : (d0 - 4 == 0, d1 - 4 == 0)",
    );
    assert!(h.contains(&[4, 4]).unwrap() && h.contains(&[2, 2]).unwrap());
    assert!(!h.contains(&[0, 3]).unwrap() && !h.contains(&[5, 5]).unwrap());
    // With a symbol: the hull is taken over dims and symbols together.
    let h = hull("(d0)[s0] : (d0 == 0, s0 == 0) or (d0)[s0] : (d0 - 4 == 0, s0 - 2 == 0)");
    assert!(h.contains(&[2, 1]).unwrap() && !h.contains(&[1, 1]).unwrap());
    // Only empty pieces: empty.
    assert!(hull("(d0) : (d0 * 2 - 1 == 0)").is_empty().unwrap());
}

//! The relation operations of `maps.rs` (inverse, domain, range,
//! composition, restriction, projection, lexicographic extrema, points)
//! against brute-force enumeration of random boxed relations, some with
//! an existential local that is not a division.

use tessera_polyhedral::{Int, IntegerRelation, LexMin, PresburgerSet, Space, VarKind};

/// Every relation is boxed into `[-B, B]` in each dim.
const B: i64 = 3;

/// A small deterministic generator (the tests must not depend on a seed
/// source).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    fn coef(&mut self) -> i64 {
        self.below(5) as i64 - 2
    }
}

/// A random relation of one domain and one range dim (a union of two
/// disjuncts), boxed, sometimes with `x + y == 2q` for a local `q`.
fn random_relation(g: &mut Lcg) -> PresburgerSet {
    let space = Space::relation(1, 1, 0);
    let mut set = PresburgerSet::empty(space);
    for _ in 0..2 {
        let mut r = IntegerRelation::new(space);
        r.add_bounds(0, Some(-B), Some(B)).unwrap();
        r.add_bounds(1, Some(-B), Some(B)).unwrap();
        for _ in 0..g.below(3) {
            let row = [g.coef(), g.coef(), g.coef() + 1];
            r.add_inequality(&row).unwrap();
        }
        if g.below(3) == 0 {
            r.append_vars(VarKind::Local, 1);
            r.add_equality(&[1, 1, -2, 0]).unwrap();
        }
        set.add_disjunct(r).unwrap();
    }
    set
}

fn has(s: &PresburgerSet, p: &[i64]) -> bool {
    s.contains(p).unwrap()
}

fn range() -> std::ops::RangeInclusive<i64> {
    -B - 1..=B + 1
}

#[test]
fn inverse_domain_range_compose_agree_with_enumeration() {
    let mut g = Lcg(7);
    for _ in 0..60 {
        let a = random_relation(&mut g);
        let b = random_relation(&mut g);
        let inv = a.inverse().unwrap();
        let dom = a.domain().unwrap();
        let ran = a.range().unwrap();
        let comp = a.apply_range(&b).unwrap();
        for x in range() {
            let in_dom = range().any(|y| has(&a, &[x, y]));
            assert_eq!(has(&dom, &[x]), in_dom, "domain at {x}: {a:?}");
            let in_ran = range().any(|y| has(&a, &[y, x]));
            assert_eq!(has(&ran, &[x]), in_ran, "range at {x}: {a:?}");
            for z in range() {
                assert_eq!(has(&inv, &[z, x]), has(&a, &[x, z]));
                let via = range().any(|y| has(&a, &[x, y]) && has(&b, &[y, z]));
                assert_eq!(has(&comp, &[x, z]), via, "compose at ({x}, {z})");
            }
        }
        // The results have division locals only: they complement.
        for s in [&dom, &ran, &comp] {
            s.complement().unwrap();
        }
    }
}

#[test]
fn restriction_and_image_agree_with_enumeration() {
    let mut g = Lcg(11);
    for _ in 0..40 {
        let a = random_relation(&mut g);
        // A set over one dim: the domain of another random relation.
        let s = random_relation(&mut g).domain().unwrap();
        let by_domain = a.intersect_domain(&s).unwrap();
        let by_range = a.intersect_range(&s).unwrap();
        let image = s.apply(&a).unwrap();
        for x in range() {
            let reached = range().any(|y| has(&s, &[y]) && has(&a, &[y, x]));
            assert_eq!(has(&image, &[x]), reached);
            for y in range() {
                assert_eq!(has(&by_domain, &[x, y]), has(&a, &[x, y]) && has(&s, &[x]));
                assert_eq!(has(&by_range, &[x, y]), has(&a, &[x, y]) && has(&s, &[y]));
            }
        }
    }
}

#[test]
fn points_and_lexicographic_extrema_agree_with_enumeration() {
    let mut g = Lcg(3);
    for _ in 0..60 {
        let a = random_relation(&mut g);
        let brute: Vec<Vec<i64>> = range()
            .flat_map(|x| range().map(move |y| vec![x, y]))
            .filter(|p| has(&a, p))
            .collect();
        let listed: Vec<Vec<i64>> = a.points().unwrap().collect();
        assert_eq!(listed, brute);
        assert_eq!(a.count_points().unwrap(), brute.len() as u64);
        let as_ints = |p: &Vec<i64>| p.iter().map(|&v| Int::from(v)).collect::<Vec<_>>();
        let expect = |p: Option<&Vec<i64>>| p.map_or(LexMin::Empty, |p| LexMin::Point(as_ints(p)));
        assert_eq!(a.lexmin().unwrap(), expect(brute.first()));
        assert_eq!(a.lexmax().unwrap(), expect(brute.last()));
    }
}

#[test]
fn unbounded_sets_have_no_point_list() {
    let mut r = IntegerRelation::new_set(2, 0);
    r.add_bounds(0, Some(0), Some(3)).unwrap();
    let s = PresburgerSet::from_relation(r);
    assert!(matches!(
        s.points(),
        Err(tessera_polyhedral::PolyError::Unbounded { col: 1 })
    ));
    assert_eq!(s.lexmin().unwrap(), LexMin::Unbounded);
}

#[test]
fn projection_of_a_stride_is_exact() {
    // { (d0, d1) : d0 == 3 * d1, 0 <= d1 <= 4 } onto d0: multiples of 3.
    let mut r = IntegerRelation::new_set(2, 0);
    r.add_equality(&[1, -3, 0]).unwrap();
    r.add_bounds(1, Some(0), Some(4)).unwrap();
    let p = PresburgerSet::from_relation(r).project_out(&[1]).unwrap();
    let points: Vec<Vec<i64>> = p.points().unwrap().collect();
    assert_eq!(points, vec![vec![0], vec![3], vec![6], vec![9], vec![12]]);
    assert!(p.project_out(&[1]).is_err(), "no column 1 is left");
}

/// A union's lexicographic extremum when a disjunct is unbounded only in
/// a later column: `{(a, y) : y <= c}` is unbounded below, but a box
/// whose first column goes below `a` has the union's minimum (and the
/// maximum, mirrored). Checked against the box's own extremum for every
/// placement of the box.
#[test]
fn union_extremum_with_a_disjunct_unbounded_in_a_later_column() {
    let rel = |eqs: &[&[i64]], ineqs: &[&[i64]]| {
        let mut r = IntegerRelation::new_set(2, 0);
        for e in eqs {
            r.add_equality(e).unwrap();
        }
        for i in ineqs {
            r.add_inequality(i).unwrap();
        }
        r
    };
    for a in -3..=3 {
        for lo in -4..=4 {
            for max in [false, true] {
                // The ray: d0 == a, d1 <= 0 (d1 >= 0 for the maximum).
                let ray = if max {
                    rel(&[&[1, 0, -a]], &[&[0, 1, 0]])
                } else {
                    rel(&[&[1, 0, -a]], &[&[0, -1, 0]])
                };
                // The box: lo <= d0 <= lo + 1, 0 <= d1 <= 2.
                let boxed = rel(
                    &[],
                    &[&[1, 0, -lo], &[-1, 0, lo + 1], &[0, 1, 0], &[0, -1, 2]],
                );
                let mut union = PresburgerSet::from_relation(ray.clone());
                union.add_disjunct(boxed.clone()).unwrap();
                let (got, boxed_opt) = if max {
                    (union.lexmax().unwrap(), boxed.lexmax().unwrap())
                } else {
                    (union.lexmin().unwrap(), boxed.lexmin().unwrap())
                };
                let box_wins = if max { lo + 1 > a } else { lo < a };
                let want = if box_wins {
                    boxed_opt
                } else {
                    LexMin::Unbounded
                };
                assert_eq!(got, want, "a = {a}, box from {lo}, max: {max}");
            }
        }
    }
}

/// The simple hull of random unions of two boxed polygons: it contains
/// every point of the union, and each of its inequalities is attained by
/// some point of the union (checked by enumeration).
#[test]
fn simple_hull_contains_the_union_tightly() {
    let mut g = Lcg(0x5171_9e11);
    let b = 4;
    let mut checked = 0;
    for _ in 0..200 {
        let mut union = PresburgerSet::empty(Space::set(2, 0));
        for _ in 0..2 {
            let mut r = IntegerRelation::new_set(2, 0);
            r.add_bounds(0, Some(-b), Some(b)).unwrap();
            r.add_bounds(1, Some(-b), Some(b)).unwrap();
            let row = [g.coef(), g.coef(), g.below(7) as i64 - 3];
            r.add_inequality(&row).unwrap();
            union.add_disjunct(r).unwrap();
        }
        let hull = union.simple_hull().unwrap();
        let points: Vec<Vec<i64>> = (-b..=b)
            .flat_map(|x| (-b..=b).map(move |y| vec![x, y]))
            .filter(|p| union.contains(p).unwrap())
            .collect();
        for p in &points {
            assert!(hull.contains(p).unwrap(), "{p:?} outside {hull:?}");
        }
        if points.is_empty() {
            continue;
        }
        checked += 1;
        for row in hull.inequalities() {
            let value = |p: &Vec<i64>| {
                row[0].to_i64().unwrap() * p[0]
                    + row[1].to_i64().unwrap() * p[1]
                    + row[2].to_i64().unwrap()
            };
            assert!(
                points.iter().any(|p| value(p) == 0),
                "{row:?} not tight on {points:?}"
            );
        }
    }
    assert!(checked > 100, "{checked}");
}

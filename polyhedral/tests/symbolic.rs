//! Symbolic lexicographic extrema against the lexicographic extrema of
//! the same sets with their symbols fixed: random sets of two dims and
//! one symbol (strides, unions, some unbounded below or above), each
//! answer evaluated at every symbol value in [-6, 6].

use tessera_polyhedral::symbolic::{OptimumPiece, SymbolicOptimum};
use tessera_polyhedral::text::parse_presburger;
use tessera_polyhedral::{Int, IntegerRelation, LexMin, PresburgerSet, Space, VarKind};

mod common;

use common::Lcg;

/// A random piece over (d0, d1)[s0]: d0 boxed by the symbol on one side
/// at least, d1 tied to d0, maybe a stride.
fn random_piece(g: &mut Lcg) -> String {
    let mut cs = Vec::new();
    let bound = |g: &mut Lcg| format!("{} * s0 + {}", g.below(3) - 1, g.below(7) - 3);
    if g.below(5) > 0 {
        cs.push(format!("d0 - ({}) >= 0", bound(g)));
    }
    if g.below(5) > 0 {
        cs.push(format!("-d0 + {} >= 0", bound(g)));
    }
    cs.push("d0 + 8 >= 0, -d0 + 8 >= 0".to_string());
    let (a, b) = (g.below(5) - 2, g.below(7) - 3);
    cs.push(format!("d1 - d0 * {a} - ({b}) >= 0"));
    if g.below(3) > 0 {
        cs.push(format!("-d1 + d0 * {a} + {} >= 0", b + g.below(4)));
    }
    if g.below(3) == 0 {
        cs.push(format!("(d0 + s0) mod {} == 0", 2 + g.below(2)));
    }
    if g.below(8) == 0 {
        cs.push("(d1 - d0) mod 2 == 0".to_string());
    }
    format!("(d0, d1)[s0] : ({})", cs.join(", "))
}

/// The set with the symbol fixed to `v`.
fn at(set: &PresburgerSet, v: i64) -> PresburgerSet {
    let mut fix = IntegerRelation::new_set(2, 1);
    fix.add_equality(&[0, 0, 1, -v]).unwrap();
    set.intersect(&PresburgerSet::from_relation(fix)).unwrap()
}

/// The answer's optimum at symbol value `v`.
fn evaluate(opt: &SymbolicOptimum, set: &PresburgerSet, v: i64) -> LexMin {
    let mut found = Vec::new();
    for OptimumPiece { domain, value } in &opt.pieces {
        if domain.contains(&[], &[v]).unwrap() {
            let mut p = value.evaluate(&[], &[v]).unwrap();
            p.push(v);
            assert!(set.contains(&p).unwrap(), "{p:?} outside the set");
            found.push(p);
        }
    }
    let unbounded = opt.unbounded.contains(&[v]).unwrap();
    match (&found[..], unbounded) {
        ([], false) => LexMin::Empty,
        ([], true) => LexMin::Unbounded,
        ([p], false) => LexMin::Point(p.iter().map(|&x| Int::from(x)).collect()),
        _ => panic!("overlapping pieces at {v}: {found:?}, unbounded {unbounded}"),
    }
}

#[test]
fn random_sets_match_the_fixed_symbol_extrema() {
    let mut g = Lcg(0x057b_011c);
    for case in 0..100 {
        let text = if g.below(3) == 0 {
            format!("{} or {}", random_piece(&mut g), random_piece(&mut g))
        } else {
            random_piece(&mut g)
        };
        let set = parse_presburger(&text).unwrap().value;
        for max in [false, true] {
            let opt = if max {
                set.symbolic_lexmax()
            } else {
                set.symbolic_lexmin()
            }
            .unwrap_or_else(|e| panic!("case {case}: {text}: {e}"));
            for v in -6..=6 {
                let fixed = at(&set, v);
                let want = if max { fixed.lexmax() } else { fixed.lexmin() }.unwrap();
                let got = evaluate(&opt, &set, v);
                assert_eq!(
                    got, want,
                    "case {case} (max: {max}) at s0 = {v}: {text}\n{opt:?}"
                );
            }
        }
    }
}

#[test]
fn named_cases() {
    // The triangle 0 <= d1 <= d0 <= s0: minimum (0, 0) for s0 >= 0,
    // maximum (s0, s0).
    let t = parse_presburger("(d0, d1)[s0] : (d1 >= 0, d0 - d1 >= 0, s0 - d0 >= 0)")
        .unwrap()
        .value;
    let min = t.symbolic_lexmin().unwrap();
    let max = t.symbolic_lexmax().unwrap();
    let show = |o: &SymbolicOptimum| {
        o.pieces
            .iter()
            .map(|OptimumPiece { domain, value }| format!("{value} on {domain}"))
            .collect::<Vec<_>>()
    };
    assert_eq!(show(&min), ["()[s0] -> (0, 0) on ()[s0] : (s0 >= 0)"]);
    assert_eq!(show(&max), ["()[s0] -> (s0, s0) on ()[s0] : (s0 >= 0)"]);
    // Unbounded below for every symbol value.
    let h = parse_presburger("(d0)[s0] : (-d0 + s0 >= 0)")
        .unwrap()
        .value;
    let min = h.symbolic_lexmin().unwrap();
    assert!(min.pieces.is_empty());
    assert!(min.unbounded.contains(&[7]).unwrap());
    assert_eq!(
        show(&h.symbolic_lexmax().unwrap()),
        ["()[s0] -> (s0) on ()[s0] : (0 == 0)"]
    );
    // d1 pinned by 3·d1 ≥ s0 alone: the least d1 is ⌈s0 / 3⌉, a division.
    let pinned = parse_presburger("(d0, d1)[s0] : (d0 * 2 + d1 * 3 - s0 >= 0, d0 >= 0, d1 >= 0)")
        .unwrap()
        .value;
    assert_eq!(
        show(&pinned.symbolic_lexmin().unwrap()),
        [
            "()[s0] -> (0, (s0 + 2) floordiv 3) on ()[s0] : (s0 >= 0)",
            "()[s0] -> (0, 0) on ()[s0] : (-s0 - 1 >= 0)"
        ]
    );
    // A stride whose local the search leaves as an existential.
    let strided = parse_presburger(
        "(d0, d1)[s0] : (d0 - s0 >= 0, d1 - d0 >= 0, (d0 + d1) mod 2 == 0, s0 + 10 - d1 >= 0)",
    )
    .unwrap()
    .value;
    assert_eq!(
        show(&strided.symbolic_lexmin().unwrap()),
        ["()[s0] -> (s0, s0) on ()[s0] : (0 == 0)"]
    );
}

/// A random polyhedron over (d0, d1, d2)[s0, s1] with `locals`
/// existentials (not necessarily divisions): a box on the dims, often
/// open on one side, and random rows with small coefficients.
fn random_polyhedron(g: &mut Lcg, locals: usize) -> IntegerRelation {
    let width = 5 + locals + 1;
    let mut r = IntegerRelation::new(Space::set(3, 2).with_count(VarKind::Local, locals));
    for d in 0..3 {
        for sign in [1, -1] {
            if g.below(6) > 0 {
                let mut row = vec![0; width];
                row[d] = sign;
                row[3 + g.below(2) as usize] = g.below(3) - 1;
                row[width - 1] = 4 + g.below(3);
                r.add_inequality(&row).unwrap();
            }
        }
    }
    for l in 0..locals {
        // The local tied to the dims on both sides, by a random stride.
        let stride = 2 + g.below(2);
        let mut low = vec![0; width];
        low[5 + l] = -stride;
        low[g.below(3) as usize] = 1;
        low[3 + g.below(2) as usize] = g.below(3) - 1;
        let mut high: Vec<i64> = low.iter().map(|v| -v).collect();
        high[width - 1] = g.below(stride as u64);
        r.add_inequality(&low).unwrap();
        r.add_inequality(&high).unwrap();
    }
    for _ in 0..1 + g.below(3) {
        let mut row: Vec<i64> = (0..width).map(|_| g.below(5) - 2).collect();
        row[width - 1] = g.below(9) - 2;
        if g.below(5) == 0 {
            r.add_equality(&row).unwrap();
        } else {
            r.add_inequality(&row).unwrap();
        }
    }
    r
}

#[test]
fn random_polyhedra_with_two_symbols_and_existentials() {
    let mut g = Lcg(0x0b1b_2026);
    let mut pieces = 0;
    for case in 0..120 {
        let mut set =
            PresburgerSet::from_relation(random_polyhedron(&mut g, (case % 3) as usize / 2));
        if case % 4 == 3 {
            set = set
                .union(&PresburgerSet::from_relation(random_polyhedron(&mut g, 0)))
                .unwrap();
        }
        for max in [false, true] {
            let opt = if max {
                set.symbolic_lexmax()
            } else {
                set.symbolic_lexmin()
            }
            .unwrap_or_else(|e| panic!("case {case}: {set:?}: {e}"));
            pieces += opt.pieces.len();
            for s0 in -3..=3 {
                for s1 in -3..=3 {
                    let mut fix = IntegerRelation::new_set(3, 2);
                    fix.add_equality(&[0, 0, 0, 1, 0, -s0]).unwrap();
                    fix.add_equality(&[0, 0, 0, 0, 1, -s1]).unwrap();
                    let fixed = set.intersect(&PresburgerSet::from_relation(fix)).unwrap();
                    let want = if max { fixed.lexmax() } else { fixed.lexmin() }.unwrap();
                    let mut found = Vec::new();
                    for OptimumPiece { domain, value } in &opt.pieces {
                        if domain.contains(&[], &[s0, s1]).unwrap() {
                            let mut p = value.evaluate(&[], &[s0, s1]).unwrap();
                            p.extend([s0, s1]);
                            found.push(p);
                        }
                    }
                    let unbounded = opt.unbounded.contains(&[s0, s1]).unwrap();
                    let got = match (&found[..], unbounded) {
                        ([], false) => LexMin::Empty,
                        ([], true) => LexMin::Unbounded,
                        ([p], false) => LexMin::Point(p.iter().map(|&x| Int::from(x)).collect()),
                        _ => panic!("case {case}: overlapping pieces at ({s0}, {s1})"),
                    };
                    assert_eq!(
                        got, want,
                        "case {case} (max: {max}) at ({s0}, {s1}): {set:?}\n{opt:?}"
                    );
                }
            }
        }
    }
    println!("{pieces} pieces");
}

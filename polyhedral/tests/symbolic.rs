//! Symbolic lexicographic extrema against the lexicographic extrema of
//! the same sets with their symbols fixed: random sets of two dims and
//! one symbol (strides, unions, some unbounded below or above), each
//! answer evaluated at every symbol value in [-6, 6].

use tessera_polyhedral::symbolic::{OptimumPiece, SymbolicOptimum};
use tessera_polyhedral::text::parse_presburger;
use tessera_polyhedral::{Int, IntegerRelation, LexMin, PresburgerSet};

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
fn evaluate(opt: &SymbolicOptimum, set: &PresburgerSet, v: i64, max: bool) -> LexMin {
    let mut found = Vec::new();
    for piece in &opt.pieces {
        match piece {
            OptimumPiece::Function { domain, value } => {
                if domain.contains(&[], &[v]).unwrap() {
                    let mut p = value.evaluate(&[], &[v]).unwrap();
                    p.push(v);
                    found.push(p);
                }
            }
            OptimumPiece::Points(points) => {
                let rel = PresburgerSet::from_relation(
                    IntegerRelation::from_integer_set(points).unwrap(),
                );
                // One point per symbol value: any extremum is it.
                if let LexMin::Point(p) = at(&rel, v).lexmin().unwrap() {
                    let p: Vec<i64> = p.iter().map(|x| x.to_i64().unwrap()).collect();
                    assert!(set.contains(&p).unwrap());
                    assert_eq!(
                        at(&rel, v).lexmax().unwrap(),
                        LexMin::Point(p.iter().map(|&x| Int::from(x)).collect()),
                        "not a single point at {v}"
                    );
                    found.push(p);
                }
            }
        }
    }
    let unbounded = opt.unbounded.contains(&[v]).unwrap();
    let _ = max;
    found.dedup();
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
    let mut functions = 0;
    let mut points = 0;
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
            for piece in &opt.pieces {
                match piece {
                    OptimumPiece::Function { .. } => functions += 1,
                    OptimumPiece::Points(_) => points += 1,
                }
            }
            for v in -6..=6 {
                let fixed = at(&set, v);
                let want = if max { fixed.lexmax() } else { fixed.lexmin() }.unwrap();
                let got = evaluate(&opt, &set, v, max);
                assert_eq!(
                    got, want,
                    "case {case} (max: {max}) at s0 = {v}: {text}\n{opt:?}"
                );
            }
        }
    }
    println!("{functions} function pieces, {points} point pieces");
    // A dim pinned by a bound (`⌈s0 / 3⌉`) and existentials left by the
    // search are resolved into divisions; a piece stays a set of points
    // only where the optimum needs a further split.
    assert!(
        functions > 50 * points.max(1),
        "{functions} functions, {points} point pieces"
    );
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
            .map(|p| match p {
                OptimumPiece::Function { domain, value } => format!("{value} on {domain}"),
                OptimumPiece::Points(s) => s.to_string(),
            })
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
            "()[s0] -> (0, (s0 + 2) floordiv 3) on ()[s0] : ((s0 + 2) floordiv 3 >= 0)",
            "()[s0] -> (0, 0) on ()[s0] : (-s0 - 3 >= 0)"
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

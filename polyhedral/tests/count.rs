//! Point counting ([`PresburgerSet::card`]) against enumeration: random
//! sets of two dims and one or two symbols (symbolic bounds, strides,
//! unions of overlapping pieces), the count evaluated at every symbol
//! value of a range and compared with the points of the set with its
//! symbols fixed; and named cases with known formulas.

use tessera_polyhedral::text::parse_presburger;
use tessera_polyhedral::{Int, IntegerRelation, PolyError, PresburgerSet};

mod common;

use common::Lcg;

/// A random bounded piece over `(d0, d1)` and `symbols` symbols.
fn random_piece(g: &mut Lcg, symbols: usize) -> String {
    let mut cs = Vec::new();
    let sym = |g: &mut Lcg| format!("s{}", g.below(symbols as u64));
    cs.push(format!("d0 + {} >= 0", g.below(4)));
    cs.push(format!(
        "{} * {} + {} - d0 >= 0",
        g.below(2) + g.below(2),
        sym(g),
        g.below(6) - 2
    ));
    let (a, b) = (g.below(3) - 1, g.below(5) - 2);
    cs.push(format!("d1 - {a} * d0 - ({b}) >= 0"));
    let (a2, b2) = (g.below(3) - 1, g.below(5));
    let tail = if g.below(2) == 0 {
        format!(" + {}", sym(g))
    } else {
        String::new()
    };
    cs.push(format!("{a2} * d0 + {b2}{tail} - d1 >= 0"));
    if g.below(3) == 0 {
        cs.push(format!("{} + 4 - d0 - d1 >= 0", sym(g)));
    }
    if g.below(3) == 0 {
        cs.push(format!("(d0 + {}) mod {} == 0", sym(g), 2 + g.below(2)));
    }
    if g.below(5) == 0 {
        cs.push("(d1 - d0) mod 2 == 0".to_string());
    }
    if g.below(6) == 0 {
        cs.push(format!("(d0 + d1) floordiv 2 - {} <= 0", sym(g)));
    }
    let names: Vec<String> = (0..symbols).map(|i| format!("s{i}")).collect();
    format!("(d0, d1)[{}] : ({})", names.join(", "), cs.join(", "))
}

/// The number of points of `set` with its symbols fixed to `values`.
fn brute_count(set: &PresburgerSet, values: &[i64]) -> Int {
    let n = set.space().num_non_locals();
    let mut fix = IntegerRelation::new(
        set.space()
            .with_count(tessera_polyhedral::VarKind::Local, 0),
    );
    for (i, v) in values.iter().enumerate() {
        let mut row = vec![0i64; n + 1];
        row[n - values.len() + i] = 1;
        row[n] = -v;
        fix.add_equality(&row).unwrap();
    }
    let fixed = set.intersect(&PresburgerSet::from_relation(fix)).unwrap();
    Int::from(fixed.count_points().unwrap() as i64)
}

/// Checks the count of `text` at every symbol value of `range`; false
/// when counting ran out of its work budget (unions of sets strided on
/// different symbols have many chambers and classes), which the caller
/// tolerates on few sets.
fn check(text: &str, range: std::ops::RangeInclusive<i64>) -> bool {
    let set = parse_presburger(text).unwrap().value;
    let count = match set.card() {
        Ok(count) => count,
        Err(PolyError::Budget { .. }) => return false,
        Err(e) => panic!("{text}: {e}"),
    };
    let p = count.num_symbols;
    let mut values = vec![*range.start(); p];
    loop {
        let expected = brute_count(&set, &values);
        let got = count.evaluate(&values).unwrap();
        assert_eq!(got, expected, "{text} at {values:?}: card gave {count}");
        let mut i = p;
        loop {
            if i == 0 {
                return true;
            }
            i -= 1;
            if values[i] < *range.end() {
                values[i] += 1;
                break;
            }
            values[i] = *range.start();
        }
    }
}

/// How many random sets to try: `TESSERA_COUNT_CASES` or `default`.
fn cases(default: usize) -> usize {
    std::env::var("TESSERA_COUNT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The seed of the random sets: `TESSERA_COUNT_SEED` or `default`.
fn seed(default: u64) -> u64 {
    std::env::var("TESSERA_COUNT_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Counts `n` random unions over `symbols` symbols (seed `seed`) and
/// checks each answer at every symbol value of `range`; the number of
/// sets answered (the others ran out of budget).
fn check_random_sets(
    symbols: usize,
    seed: u64,
    n: usize,
    range: std::ops::RangeInclusive<i64>,
) -> usize {
    let mut g = Lcg(seed);
    let mut answered = 0;
    for _ in 0..n {
        let pieces: Vec<String> = (0..1 + g.below(2))
            .map(|_| random_piece(&mut g, symbols))
            .collect();
        answered += usize::from(check(&pieces.join(" or "), range.clone()));
    }
    answered
}

#[test]
fn random_sets_with_one_symbol_match_enumeration() {
    let n = cases(40);
    let answered = check_random_sets(1, seed(0x0c0_5eed), n, -4..=9);
    assert_eq!(
        answered, n,
        "counting ran out of budget on a one-symbol set"
    );
}

#[test]
fn random_sets_with_two_symbols_match_enumeration() {
    let n = cases(15);
    let answered = check_random_sets(2, seed(0x2c0_5eed), n, -3..=6);
    // Every answer given was checked; at most one set in twenty may run
    // out of budget.
    assert!(answered * 20 >= n * 19, "only {answered} of {n} counted");
}

/// Evaluates the count of `text` at `values`.
fn card_at(text: &str, values: &[i64]) -> Int {
    let set = parse_presburger(text).unwrap().value;
    set.card().unwrap().evaluate(values).unwrap()
}

#[test]
fn known_formulas() {
    // Tetrahedron 0 <= k <= j <= i <= n: (n+1)(n+2)(n+3)/6 points.
    let tetra = "(d0, d1, d2)[s0] : (d2 >= 0, d1 - d2 >= 0, d0 - d1 >= 0, s0 - d0 >= 0)";
    let count = parse_presburger(tetra).unwrap().value.card().unwrap();
    assert_eq!(
        count.to_string(),
        "1/6 * s0^3 + s0^2 + 11/6 * s0 + 1 where ()[s0] : (s0 >= 0)"
    );
    for n in [0i64, 1, 7, 100, 12345] {
        assert_eq!(
            count.evaluate(&[n]).unwrap(),
            Int::from((n + 1) * (n + 2) * (n + 3) / 6)
        );
    }
    // A parametric box: n * m points when both are positive.
    let boxed = "(d0, d1)[s0, s1] : (d0 >= 0, s0 - d0 - 1 >= 0, d1 >= 0, s1 - d1 - 1 >= 0)";
    for (n, m) in [(1, 1), (3, 9), (250, 4), (0, 5), (5, -2)] {
        assert_eq!(
            card_at(boxed, &[n, m]),
            Int::from(n.max(0) * m.max(0) * i64::from(n > 0 && m > 0))
        );
    }
    // The multiples of 3 in [s0, s1]: ⌊s1/3⌋ − ⌈s0/3⌉ + 1.
    let multiples = "(d0)[s0, s1] : (d0 - s0 >= 0, s1 - d0 >= 0, d0 mod 3 == 0)";
    for (a, b) in [(0i64, 0i64), (-7, 11), (2, 2), (5, 3), (-100, 100)] {
        let expected = b.div_euclid(3) + (-a).div_euclid(3) + 1;
        assert_eq!(card_at(multiples, &[a, b]), Int::from(expected.max(0)));
    }
    // Without symbols: a box of 10^6 points and a triangle.
    assert_eq!(
        card_at(
            "(d0, d1, d2) : (d0 >= 0, 99 - d0 >= 0, d1 >= 0, 99 - d1 >= 0, d2 >= 0, 99 - d2 >= 0)",
            &[]
        ),
        Int::from(1_000_000)
    );
    assert_eq!(
        card_at("(d0, d1) : (d1 >= 0, d0 - d1 >= 0, 9 - d0 >= 0)", &[]),
        Int::from(55)
    );
    // Overlapping union: [0, s0] ∪ [5, s0 + 5].
    let union = "(d0)[s0] : (d0 >= 0, s0 - d0 >= 0) or (d0)[s0] : (d0 - 5 >= 0, s0 + 5 - d0 >= 0)";
    for n in -1..12 {
        let expected = if n < 0 {
            0
        } else if n < 5 {
            2 * (n + 1)
        } else {
            n + 6
        };
        assert_eq!(card_at(union, &[n]), Int::from(expected));
    }
}

#[test]
fn unbounded_and_relations_are_refused() {
    let unbounded = parse_presburger("(d0)[s0] : (d0 - s0 >= 0)").unwrap().value;
    assert!(matches!(unbounded.card(), Err(PolyError::Unbounded { .. })));
    // Empty everywhere: zero, even though unbounded rationally nowhere.
    let empty = parse_presburger("(d0)[s0] : (d0 - s0 >= 0, s0 - d0 - 1 >= 0)")
        .unwrap()
        .value;
    assert_eq!(empty.card().unwrap().to_string(), "0");
}

/// A count whose condition needs a coefficient beyond 64 bits has no
/// text; showing it is a note, not a panic (found by the soak, seed
/// 0x26112715: `to_string` panicked on the `fmt::Error`).
#[test]
fn counts_with_huge_conditions_print_without_panicking() {
    let rel = parse_presburger(
        "(d0) -> (d1) : (d1 >= 9223372036854775807, d0 - d1 >= 4611686018427387904)",
    )
    .unwrap()
    .value;
    let count = rel.card().unwrap();
    assert_eq!(count.to_text(), None);
    assert!(count.to_string().contains("beyond 64 bits"), "{count}");
}

/// The number of images of each domain point of a relation, against
/// enumeration with the domain point and the symbols fixed.
#[test]
fn relations_count_images_per_domain_point() {
    // Each relation with the same points written as a set whose first
    // dims are the domain's.
    let cases = [
        // min(d0, s0) + 1 images for d0, s0 ≥ 0.
        (
            "(d0)[s0] -> (d1) : (d1 >= 0, d0 - d1 >= 0, s0 - d1 >= 0)",
            "(d0, d1)[s0] : (d1 >= 0, d0 - d1 >= 0, s0 - d1 >= 0)",
        ),
        // The even d1 in [d0, 3·d0].
        (
            "(d0) -> (d1) : (d1 - d0 >= 0, d0 * 3 - d1 >= 0, d1 mod 2 == 0)",
            "(d0, d1) : (d1 - d0 >= 0, d0 * 3 - d1 >= 0, d1 mod 2 == 0)",
        ),
        // A triangle of images over two domain dims.
        (
            "(d0, d1) -> (d2, d3) : (d2 >= 0, d3 >= 0, d0 + d1 - d2 - d3 >= 0, d1 - d2 >= 0)",
            "(d0, d1, d2, d3) : (d2 >= 0, d3 >= 0, d0 + d1 - d2 - d3 >= 0, d1 - d2 >= 0)",
        ),
    ];
    for (text, set_text) in cases {
        let rel = parse_presburger(text).unwrap().value;
        let count = rel.card().unwrap();
        let k = rel.space().count(tessera_polyhedral::VarKind::Domain);
        let p = rel.space().count(tessera_polyhedral::VarKind::Symbol);
        let as_set = parse_presburger(set_text).unwrap().value;
        let mut values = vec![-2i64; k + p];
        loop {
            let mut fixed = as_set.clone();
            for (i, v) in values.iter().enumerate() {
                let col = if i < k {
                    i
                } else {
                    as_set.space().count(tessera_polyhedral::VarKind::Range) + i - k
                };
                fixed = fix_column(&fixed, col, *v);
            }
            let expected = Int::from(fixed.count_points().unwrap() as i64);
            assert_eq!(
                count.evaluate(&values).unwrap(),
                expected,
                "{text} at {values:?}: {count}"
            );
            let Some(i) = (0..values.len()).rev().find(|&i| values[i] < 7) else {
                break;
            };
            values[i] += 1;
            for v in &mut values[i + 1..] {
                *v = -2;
            }
        }
    }
}

/// The set with the variable of column `col` fixed to `value`.
fn fix_column(set: &PresburgerSet, col: usize, value: i64) -> PresburgerSet {
    let n = set.space().num_non_locals();
    let mut fix = IntegerRelation::new(
        set.space()
            .with_count(tessera_polyhedral::VarKind::Local, 0),
    );
    let mut row = vec![0i64; n + 1];
    row[col] = 1;
    row[n] = -value;
    fix.add_equality(&row).unwrap();
    set.intersect(&PresburgerSet::from_relation(fix)).unwrap()
}

/// A flat set (`d1 = 2 − d0`) whose count depends on `s1 mod 6` on a
/// wedge-shaped chamber (`s0 > s1`): near a grid center every point of a
/// class lay on one line, which once left a coefficient of the fit free,
/// and the count came out constant (found by the random test, seed 10).
#[test]
fn strided_flat_set_on_a_wedge_matches_enumeration() {
    let text = "(d0, d1)[s0, s1] : (d0 + 1 >= 0, s1 - d0 >= 0, d1 + d0 + 1 >= 0, \
                -d0 + 2 - d1 >= 0, (d0 + s1) mod 2 == 0, d0 + 3 >= 0, s0 - d0 >= 0, \
                d1 + d0 - 2 >= 0, -d0 + 3 + s1 - d1 >= 0, (d0 + s1) mod 3 == 0)";
    assert!(check(text, -3..=14), "counting ran out of budget");
}

/// A random polytope over `(d0, d1, d2)` and one symbol with coefficients
/// up to 3 (`a·d ≤ s0` and a random cut): its vertex cones are not
/// unimodular, so Barvinok's decomposition has signed cones to add.
fn random_wide_piece(g: &mut Lcg) -> String {
    let mut c = || g.below(3) + 1;
    let (a0, a1, a2, b0, b1, k) = (c(), c(), c(), c(), c(), c());
    format!(
        "(d0, d1, d2)[s0] : (d0 >= 0, d1 >= 0, d2 >= 0, \
         s0 - {a0} * d0 - {a1} * d1 - {a2} * d2 >= 0, \
         {k} * s0 + {b0} - {b1} * d0 + d1 - 2 * d2 >= 0)"
    )
}

#[test]
fn polytopes_with_wide_cones_match_enumeration() {
    let n = cases(12);
    let mut g = Lcg(seed(0x3c0_5eed));
    for _ in 0..n {
        let text = random_wide_piece(&mut g);
        assert!(check(&text, -2..=14), "{text}: counting ran out of budget");
    }
    // A triangle whose vertex cones have indices 3, 5 and 15: the count is
    // a quasi-polynomial of period 15.
    assert!(check(
        "(d0, d1)[s0] : (d0 >= 0, d1 >= 0, s0 - 3 * d0 - 5 * d1 >= 0)",
        -2..=61
    ));
}

/// Strided boxes without symbols large enough to be summed slice by slice
/// (the first dim made a symbol): the stride's congruence on that symbol
/// must become residue classes, not a domain with a local (found by
/// `benches/compare_isl.sh`'s `card` class).
#[test]
fn strided_boxes_summed_by_slices_match_enumeration() {
    for text in [
        "(d0, d1, d2) : (d0 >= 0, -d0 + 16 >= 0, d1 >= 0, -d1 + 12 >= 0, d2 >= 0, -d2 + 25 >= 0, \
         -d0 + d1 * 2 + d2 + 45 >= 0, -d0 + d2 * 3 + 43 >= 0, d0 mod 3 == 0)",
        "(d0, d1, d2) : (d0 >= 0, -d0 + 24 >= 0, d1 >= 0, -d1 + 34 >= 0, d2 >= 0, -d2 + 29 >= 0, \
         d0 * 3 + d1 - d2 + 5 >= 0, d0 mod 4 == 0)",
        "(d0, d1, d2) : (d0 >= 0, -d0 + 30 >= 0, d1 >= 0, -d1 + 23 >= 0, d2 >= 0, -d2 + 25 >= 0, \
         d1 * 3 - d2 * 2 + 41 >= 0, d0 * 3 - d1 * 3 - d2 + 19 >= 0, d0 mod 2 == 0)",
    ] {
        assert!(check(text, 0..=0), "{text}: counting ran out of budget");
    }
}

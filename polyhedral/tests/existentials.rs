//! Sets whose locals are existentials that are not divisions, against
//! brute force: `PresburgerSet::project_out` keeps them when splitting
//! into integer sets would give a large union (issue 16), so every
//! operation must answer exactly on them — membership, complement,
//! difference, equality — and the text form with `exists (...)` must read
//! back as the same set.

use tessera_polyhedral::text::{parse_presburger, to_text};
use tessera_polyhedral::{IntegerRelation, PresburgerSet, VarKind};

struct Rng(u64);

impl Rng {
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + (self.0 % (hi - lo + 1) as u64) as i64
    }
}

/// The box every column of the random systems lies in.
const BOX: i64 = 6;

/// A random system over `kept + hidden` columns, the hidden ones in the
/// box and the kept ones within `±kept_bound`, with rows of coefficients
/// up to `coefficient` in size.
fn random_system(
    rng: &mut Rng,
    (kept, hidden): (usize, usize),
    kept_bound: i64,
    coefficient: i64,
) -> IntegerRelation {
    let n = kept + hidden;
    let mut rel = IntegerRelation::new_set(n, 0);
    for col in 0..n {
        let bound = if col < kept { kept_bound } else { BOX };
        rel.add_bounds(col, Some(-bound), Some(bound))
            .expect("column exists");
    }
    for _ in 0..rng.range(2, 4) {
        let mut row: Vec<i64> = (0..n)
            .map(|_| rng.range(-coefficient, coefficient))
            .collect();
        row.push(rng.range(-8, 8));
        if rng.range(0, 5) == 0 {
            rel.add_equality(&row).expect("row length");
        } else {
            rel.add_inequality(&row).expect("row length");
        }
    }
    rel
}

/// Every point of the box over the first `kept` columns, with whether
/// some values of the hidden columns complete it to a point of `rel`.
fn truths(rel: &IntegerRelation, kept: usize, hidden: usize) -> Vec<(Vec<i64>, bool)> {
    let side = 2 * BOX + 1;
    let box_points = |dims: usize| {
        (0..side.pow(dims as u32)).map(move |i| {
            (0..dims)
                .map(|k| (i / side.pow(k as u32)) % side - BOX)
                .collect::<Vec<i64>>()
        })
    };
    box_points(kept)
        .map(|p| {
            let inside = box_points(hidden).any(|tail| {
                let full: Vec<i64> = p.iter().chain(&tail).copied().collect();
                rel.contains(&full).expect("point")
            });
            (p, inside)
        })
        .collect()
}

fn has_existentials(set: &PresburgerSet) -> bool {
    set.disjuncts()
        .iter()
        .any(|d| d.space().count(VarKind::Local) > 0 && d.to_integer_set().is_err())
}

/// Membership and the text round trip against `truth`; returns the set
/// read back.
fn check_read_back(set: &PresburgerSet, truth: &[(Vec<i64>, bool)], what: &str) -> PresburgerSet {
    let text = to_text(set, false).expect("prints");
    let read = parse_presburger(&text)
        .unwrap_or_else(|e| panic!("{what}: {text} does not read back: {e}"))
        .value;
    for (p, t) in truth {
        assert_eq!(set.contains(p).unwrap(), *t, "{what}: contains {p:?}");
        assert_eq!(read.contains(p).unwrap(), *t, "{what}: {text} at {p:?}");
    }
    read
}

/// [`check_read_back`], then the complement, the difference from the box
/// and equality with the set read back, all against `truth`.
fn check_exactly(set: &PresburgerSet, truth: &[(Vec<i64>, bool)], what: &str) {
    let read = check_read_back(set, truth, what);
    let complement = set.complement().expect("complement");
    let kept = set.space().num_non_locals();
    // The box of the kept columns, minus the set: its complement there.
    let mut boxed = IntegerRelation::new_set(kept, 0);
    for col in 0..kept {
        boxed.add_bounds(col, Some(-BOX), Some(BOX)).unwrap();
    }
    let rest = PresburgerSet::from_relation(boxed)
        .subtract(set)
        .expect("difference");
    for (p, t) in truth {
        assert_eq!(
            complement.contains(p).unwrap(),
            !*t,
            "{what}: complement at {p:?}"
        );
        assert_eq!(
            rest.contains(p).unwrap(),
            !*t,
            "{what}: box minus set at {p:?}"
        );
    }
    assert!(read.is_equal(set).expect("equality"), "{what}");
}

/// Existentials made by hand (no split at all): every operation that
/// needs divisions splits them itself.
#[test]
fn operations_on_sets_with_existentials_match_enumeration() {
    let mut rng = Rng(0xe815_7a11);
    let mut with_existentials = 0;
    for case in 0..120 {
        let (kept, hidden) = (rng.range(1, 2) as usize, rng.range(1, 2) as usize);
        let rel = random_system(&mut rng, (kept, hidden), BOX, 4);
        let truth = truths(&rel, kept, hidden);
        let mut hidden_rel = rel.clone();
        hidden_rel
            .convert_to_locals(&(kept..kept + hidden).collect::<Vec<_>>())
            .unwrap();
        let set = PresburgerSet::from_relation(hidden_rel);
        if has_existentials(&set) {
            with_existentials += 1;
        }
        check_exactly(&set, &truth, &format!("case {case}"));
    }
    eprintln!("{with_existentials} of 120 sets had existentials that are not divisions");
    assert!(
        with_existentials >= 30,
        "only {with_existentials} cases had existentials"
    );
}

/// Projections whose split would be large keep their existentials, and
/// are exact: larger coefficients make the Omega test's splinters
/// explode, and kept dims in a large box leave enumerating them out. The
/// points of the sets and of their text read back are checked in the
/// small box. (Their complements are exact too but slow: the split into
/// up to 256 pieces, then the difference of each, is what a parametric
/// simplex would replace.)
#[test]
fn projections_that_keep_existentials_are_exact() {
    let mut rng = Rng(0x9e01_ec75);
    let (mut kept_existentials, mut split) = (0, 0);
    for case in 0..150 {
        let (kept, hidden) = (2, 2);
        let rel = random_system(&mut rng, (kept, hidden), 1000, 9);
        let truth = truths(&rel, kept, hidden);
        let projected = PresburgerSet::from_relation(rel)
            .project_out(&[2, 3])
            .expect("an exact projection");
        if has_existentials(&projected) {
            kept_existentials += 1;
        } else {
            split += 1;
        }
        check_read_back(&projected, &truth, &format!("case {case}"));
    }
    eprintln!("{kept_existentials} projections kept existentials, {split} were split");
    assert!(kept_existentials > 0, "no projection kept existentials");
}

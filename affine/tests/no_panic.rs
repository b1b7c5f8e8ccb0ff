//! Fuzz-style robustness: random byte strings, random token soups and
//! mutations of valid inputs never panic the parser, and whatever parses
//! can be printed, simplified and evaluated without panicking.

use quickcheck::{Gen, QuickCheck};
use tessera_affine::parse::{parse_map_or_set, parse_map_or_set_prefix, MapOrSet};

const VALID: &[&str] = &[
    "(d0, d1)[s0] -> (d0 + s0, d1 * 2, (d0 floordiv 4) * 4 + d0 mod 4)",
    "affine_map<(i, j)[N] -> (i + j * N, -(i + 2) ceildiv 3)>",
    "(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d0 mod 2 == 0)",
    "affine_set<(d0, d1) : (d0 >= d1, d1 <= 4 * d0, d0 == 3)>",
    "(d0) -> (9223372036854775807 + 1, 0x7fffffffffffffff * 2)",
    "() -> ()",
];

const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ",",
    ":",
    "->",
    "-",
    "+",
    "*",
    "==",
    ">=",
    "<=",
    "d0",
    "d1",
    "s0",
    "i",
    "floordiv",
    "ceildiv",
    "mod",
    "0",
    "1",
    "-1",
    "7",
    "9223372036854775807",
    "9223372036854775808",
    "0x",
    "0xff",
    "affine_map",
    "affine_set",
    " ",
    "\n",
    "//c\n",
    "é",
    "\u{0}",
    "$",
];

fn exercise(input: &str) {
    if let Ok(parsed) = parse_map_or_set(input) {
        let _ = parsed.to_string();
        match parsed {
            MapOrSet::Map(m) => {
                let s = m.simplify();
                let _ = s.to_string();
                let point = vec![-3; m.num_dims() as usize];
                let syms = vec![5; m.num_symbols() as usize];
                let _ = m.evaluate(&point, &syms);
                let _ = s.evaluate(&point, &syms);
                let _ = m.compose(&m);
                let _ = m.inverse_permutation();
            }
            MapOrSet::Set(set) => {
                let s = set.simplify();
                let _ = s.to_string();
                let point = vec![2; set.num_dims() as usize];
                let syms = vec![-1; set.num_symbols() as usize];
                let _ = set.contains(&point, &syms);
            }
        }
    }
    if let Err(e) = parse_map_or_set_prefix(input) {
        // The location is inside the input (or just past its end).
        assert!(e.offset <= input.len(), "{input:?}: {e}");
        let _ = e.render("fuzz", input);
    }
}

#[test]
fn random_bytes_never_panic() {
    fn prop(bytes: Vec<u8>) -> bool {
        exercise(&String::from_utf8_lossy(&bytes));
        true
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(Vec<u8>) -> bool);
}

#[test]
fn token_soups_never_panic() {
    fn prop(picks: Vec<u8>) -> bool {
        let text: String = picks
            .iter()
            .map(|&p| TOKENS[p as usize % TOKENS.len()])
            .collect();
        exercise(&text);
        exercise(&format!("(d0, d1)[s0] -> ({text})"));
        exercise(&format!("(d0)[s0] : ({text})"));
        true
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(Vec<u8>) -> bool);
}

#[test]
fn mutated_valid_inputs_never_panic() {
    let mut g = Gen::new(64);
    for round in 0..4000 {
        let base = VALID[round % VALID.len()];
        let mut bytes = base.as_bytes().to_vec();
        let edits = 1 + u8::arbitrary_in(&mut g) % 4;
        for _ in 0..edits {
            let at = usize::arbitrary_in(&mut g) % (bytes.len() + 1);
            match u8::arbitrary_in(&mut g) % 4 {
                0 if at < bytes.len() => {
                    bytes.remove(at);
                }
                1 => bytes.insert(at, u8::arbitrary_in(&mut g)),
                2 if at < bytes.len() => bytes[at] = u8::arbitrary_in(&mut g),
                _ => bytes.truncate(at),
            }
        }
        exercise(&String::from_utf8_lossy(&bytes));
    }
}

/// Inputs far too large to be real must get an error, not overflow the
/// stack of the recursive parser, printer or simplifier.
#[test]
fn huge_inputs_are_rejected_not_crashed_on() {
    let n = 200_000;
    for input in [
        format!("(d0) -> ({}d0{})", "(".repeat(n), ")".repeat(n)),
        format!("(d0) -> ({}d0)", "-".repeat(n)),
        format!("(d0, d1) -> (d0{})", " + d1 * 2 + d0".repeat(n)),
        format!("(d0) -> (d0{})", " floordiv 2".repeat(n)),
    ] {
        let err = parse_map_or_set(&input).expect_err("rejected");
        assert!(err.message.contains("too"), "{}", err.message);
    }
    // Within the limits, everything works.
    let ok = format!(
        "(d0, d1) -> (d0{})",
        " + d1 * 3 + d0 floordiv 5".repeat(1000)
    );
    exercise(&ok);
    assert!(parse_map_or_set(&ok).is_ok());
}

/// `Arbitrary::arbitrary` under a shorter name for the mutation loop.
trait ArbitraryIn: Sized {
    fn arbitrary_in(g: &mut Gen) -> Self;
}

impl<T: quickcheck::Arbitrary> ArbitraryIn for T {
    fn arbitrary_in(g: &mut Gen) -> Self {
        T::arbitrary(g)
    }
}

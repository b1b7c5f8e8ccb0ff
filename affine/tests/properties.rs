//! quickcheck properties of the affine algebra against a reference
//! evaluator of unsimplified syntax trees.

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use tessera_affine::int_math::{ceil_div, floor_div, modulo};
use tessera_affine::parse::{parse_affine_map, parse_integer_set};
use tessera_affine::{AffineExpr, AffineMap, BinaryOp, Constraint, IntegerSet};

const DIMS: u32 = 3;
const SYMS: u32 = 2;

/// An unsimplified expression tree, evaluated directly as the reference.
#[derive(Clone, Debug)]
enum Term {
    Dim(u32),
    Sym(u32),
    Const(i64),
    Add(Box<Term>, Box<Term>),
    /// Product with a constant factor (pure affine).
    Scale(Box<Term>, i64),
    /// Product with a symbol (semi-affine).
    MulSym(Box<Term>, u32),
    Div(BinaryOp, Box<Term>, i64),
    DivSym(BinaryOp, Box<Term>, u32),
}

fn small(g: &mut Gen, lo: i64, hi: i64) -> i64 {
    let span = (hi - lo + 1) as u64;
    lo + (u64::arbitrary(g) % span) as i64
}

fn gen_term(g: &mut Gen, depth: u32, semi: bool) -> Term {
    let leaf = depth == 0 || small(g, 0, 9) < 3;
    if leaf {
        return match small(g, 0, 2) {
            0 => Term::Dim(small(g, 0, DIMS as i64 - 1) as u32),
            1 => Term::Sym(small(g, 0, SYMS as i64 - 1) as u32),
            _ => Term::Const(small(g, -9, 9)),
        };
    }
    let sub = |g: &mut Gen| Box::new(gen_term(g, depth - 1, semi));
    let ops = [BinaryOp::FloorDiv, BinaryOp::CeilDiv, BinaryOp::Mod];
    match small(g, 0, if semi { 6 } else { 4 }) {
        0 | 1 => Term::Add(sub(g), sub(g)),
        2 => Term::Scale(sub(g), small(g, -4, 4)),
        3 | 4 => Term::Div(ops[small(g, 0, 2) as usize], sub(g), small(g, 1, 6)),
        5 => Term::MulSym(sub(g), small(g, 0, SYMS as i64 - 1) as u32),
        _ => Term::DivSym(
            ops[small(g, 0, 2) as usize],
            sub(g),
            small(g, 0, SYMS as i64 - 1) as u32,
        ),
    }
}

impl Term {
    /// Reference semantics; `None` where undefined (a divisor that is not
    /// positive, overflow).
    fn eval(&self, d: &[i64], s: &[i64]) -> Option<i64> {
        let div = |op: BinaryOp, a: i64, b: i64| match op {
            _ if b <= 0 => None,
            BinaryOp::FloorDiv => floor_div(a, b),
            BinaryOp::CeilDiv => ceil_div(a, b),
            _ => modulo(a, b),
        };
        match self {
            Term::Dim(i) => Some(d[*i as usize]),
            Term::Sym(i) => Some(s[*i as usize]),
            Term::Const(c) => Some(*c),
            Term::Add(a, b) => a.eval(d, s)?.checked_add(b.eval(d, s)?),
            Term::Scale(a, c) => a.eval(d, s)?.checked_mul(*c),
            Term::MulSym(a, i) => a.eval(d, s)?.checked_mul(s[*i as usize]),
            Term::Div(op, a, c) => div(*op, a.eval(d, s)?, *c),
            Term::DivSym(op, a, i) => div(*op, a.eval(d, s)?, s[*i as usize]),
        }
    }

    /// The same tree built with the simplifying constructors.
    fn build(&self) -> AffineExpr {
        match self {
            Term::Dim(i) => AffineExpr::dim(*i),
            Term::Sym(i) => AffineExpr::symbol(*i),
            Term::Const(c) => AffineExpr::constant(*c),
            Term::Add(a, b) => a.build() + b.build(),
            Term::Scale(a, c) => a.build() * *c,
            Term::MulSym(a, i) => a
                .build()
                .try_mul(&AffineExpr::symbol(*i))
                .expect("symbol factor"),
            Term::Div(op, a, c) => {
                AffineExpr::try_binary(*op, &a.build(), &AffineExpr::constant(*c))
                    .expect("constant divisor")
            }
            Term::DivSym(op, a, i) => {
                AffineExpr::try_binary(*op, &a.build(), &AffineExpr::symbol(*i))
                    .expect("symbol divisor")
            }
        }
    }
}

#[derive(Clone, Debug)]
struct PureTerm(Term);
#[derive(Clone, Debug)]
struct SemiTerm(Term);

impl Arbitrary for PureTerm {
    fn arbitrary(g: &mut Gen) -> Self {
        PureTerm(gen_term(g, 4, false))
    }
}

impl Arbitrary for SemiTerm {
    fn arbitrary(g: &mut Gen) -> Self {
        SemiTerm(gen_term(g, 4, true))
    }
}

/// A point with dims and symbols in [-12, 12] (symbols sometimes 0).
#[derive(Clone, Debug)]
struct Point(Vec<i64>, Vec<i64>);

impl Arbitrary for Point {
    fn arbitrary(g: &mut Gen) -> Self {
        Point(
            (0..DIMS).map(|_| small(g, -12, 12)).collect(),
            (0..SYMS).map(|_| small(g, -6, 12)).collect(),
        )
    }
}

fn qc() -> QuickCheck {
    QuickCheck::new().tests(2000).max_tests(20000)
}

/// Agreement where the reference is defined; the built expression may
/// only be *more* defined (e.g. `(d0 * s0) floordiv s0` → `d0`).
fn agrees(reference: Option<i64>, built: &AffineExpr, p: &Point) -> bool {
    match reference {
        Some(v) => built.evaluate(&p.0, &p.1) == Ok(v),
        None => true,
    }
}

#[test]
fn construction_preserves_values() {
    fn prop(t: SemiTerm, p: Point) -> bool {
        agrees(t.0.eval(&p.0, &p.1), &t.0.build(), &p)
    }
    qc().quickcheck(prop as fn(SemiTerm, Point) -> bool);
}

#[test]
fn simplification_preserves_values() {
    fn prop(t: SemiTerm, p: Point) -> bool {
        let e = t.0.build();
        let simplified = e.simplify(DIMS, SYMS);
        let ok = agrees(t.0.eval(&p.0, &p.1), &simplified, &p);
        if !ok {
            eprintln!("expr: {e}\nsimplified: {simplified}\npoint: {p:?}");
        }
        ok
    }
    qc().quickcheck(prop as fn(SemiTerm, Point) -> bool);
}

#[test]
fn simplification_is_idempotent() {
    fn prop(t: SemiTerm) -> bool {
        let once = t.0.build().simplify(DIMS, SYMS);
        let ok = once.simplify(DIMS, SYMS) == once;
        if !ok {
            eprintln!("once: {once}\ntwice: {}", once.simplify(DIMS, SYMS));
        }
        ok
    }
    qc().quickcheck(prop as fn(SemiTerm) -> bool);
    fn pure_prop(t: PureTerm) -> bool {
        let once = t.0.build().simplify(DIMS, SYMS);
        let ok = once.simplify(DIMS, SYMS) == once;
        if !ok {
            eprintln!("once: {once}\ntwice: {}", once.simplify(DIMS, SYMS));
        }
        ok
    }
    qc().quickcheck(pure_prop as fn(PureTerm) -> bool);
}

fn map_of(results: Vec<AffineExpr>) -> AffineMap {
    AffineMap::new(DIMS, SYMS, results).expect("terms use declared dims and symbols")
}

#[test]
fn print_then_parse_is_the_identity_on_canonical_forms() {
    fn prop(a: PureTerm, b: PureTerm) -> bool {
        let m = map_of(vec![a.0.build(), b.0.build()]).simplify();
        let text = m.to_string();
        let back = parse_affine_map(&text).expect("printed maps parse");
        // Like MLIR's, a canonical sum may nest to the right (`d1 floordiv 4
        // + (s0 + s1)`) and print without parentheses: the text is a
        // fixpoint, and the parsed tree has the same canonical form.
        // `e + (-s0 + s1)` even prints as `e + -s0 + s1`, which reparses as
        // `e - s0 + s1`; mlir-opt prints the same.
        let ok = back.simplify() == m;
        if !ok {
            eprintln!("canonical: {text}\nreparsed:  {back}");
        }
        ok
    }
    qc().quickcheck(prop as fn(PureTerm, PureTerm) -> bool);
}

/// Semi-affine canonical forms are not unique: reparsing re-applies the
/// construction rules to a tree of another shape (a divisible term may
/// leave a `floordiv`), as in MLIR. The value survives, and simplifying the
/// reparsed form reaches a fixpoint.
#[test]
fn semi_affine_canonical_forms_round_trip_by_value() {
    fn prop(a: SemiTerm, p: Point) -> bool {
        let m = map_of(vec![a.0.build()]).simplify();
        let back = parse_affine_map(&m.to_string()).expect("printed maps parse");
        let again = back.simplify();
        let values_agree = match m.evaluate(&p.0, &p.1) {
            Ok(v) => back.evaluate(&p.0, &p.1) == Ok(v),
            Err(_) => true,
        };
        values_agree && again.simplify() == again
    }
    qc().quickcheck(prop as fn(SemiTerm, Point) -> bool);
}

/// Not every constructed tree prints back to itself: like MLIR's printer,
/// ours writes `a + (b - 3)` as `a + b - 3`, which parses as `(a + b) - 3`.
/// The value must survive the round trip.
#[test]
fn printing_then_parsing_preserves_values() {
    fn prop(a: SemiTerm, p: Point) -> bool {
        let m = map_of(vec![a.0.build()]);
        let back = parse_affine_map(&m.to_string()).expect("printed maps parse");
        match m.evaluate(&p.0, &p.1) {
            Ok(v) => back.evaluate(&p.0, &p.1) == Ok(v),
            Err(_) => true,
        }
    }
    qc().quickcheck(prop as fn(SemiTerm, Point) -> bool);
}

#[test]
fn compose_evaluates_as_function_composition() {
    fn prop(f: PureTerm, g1: SemiTerm, g2: PureTerm, g3: PureTerm, p: Point) -> TestResult {
        // f over 3 dims and 2 symbols; g: 3 results over 3 dims, 2 symbols.
        let f_map = map_of(vec![f.0.build()]);
        let g_map = map_of(vec![g1.0.build(), g2.0.build(), g3.0.build()]);
        let composed = f_map.compose(&g_map).expect("shapes agree");
        let Ok(inner) = g_map.evaluate(&p.0, &p.1) else {
            return TestResult::discard();
        };
        // The composed map's symbols are f's then g's.
        let syms: Vec<i64> = p.1.iter().chain(&p.1).copied().collect();
        let Some(expected) = f.0.eval(&inner, &p.1) else {
            return TestResult::discard();
        };
        TestResult::from_bool(composed.evaluate(&p.0, &syms) == Ok(vec![expected]))
    }
    qc().quickcheck(prop as fn(PureTerm, SemiTerm, PureTerm, PureTerm, Point) -> TestResult);
}

#[test]
fn division_agrees_with_its_definition_on_all_of_i64() {
    fn prop(a: i64, b: i64) -> TestResult {
        if b == 0 {
            return TestResult::from_bool(floor_div(a, b).is_none() && ceil_div(a, b).is_none());
        }
        let (a128, b128) = (a as i128, b as i128);
        let Some(q) = floor_div(a, b) else {
            return TestResult::from_bool(a == i64::MIN && b == -1);
        };
        let c = ceil_div(a, b).expect("no overflow when floor did not overflow");
        let r = a128 - b128 * q as i128;
        let floor_ok = if b > 0 {
            (0..b128).contains(&r)
        } else {
            (b128 + 1..=0).contains(&r)
        };
        let ceil_ok = c as i128 == q as i128 + i128::from(r != 0);
        let mod_ok = b < 0 || modulo(a, b) == Some(r as i64);
        TestResult::from_bool(floor_ok && ceil_ok && mod_ok)
    }
    qc().quickcheck(prop as fn(i64, i64) -> TestResult);
}

#[derive(Clone, Debug)]
struct RandomSet(IntegerSet, Vec<Term>, Vec<bool>);

impl Arbitrary for RandomSet {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = small(g, 1, 4) as usize;
        let terms: Vec<Term> = (0..n).map(|_| gen_term(g, 3, false)).collect();
        let eqs: Vec<bool> = (0..n).map(|_| small(g, 0, 3) == 0).collect();
        let constraints = terms
            .iter()
            .zip(&eqs)
            .map(|(t, &eq)| {
                if eq {
                    Constraint::eq(t.build())
                } else {
                    Constraint::ge(t.build())
                }
            })
            .collect();
        RandomSet(
            IntegerSet::new(DIMS, SYMS, constraints).expect("declared ids"),
            terms,
            eqs,
        )
    }
}

#[test]
fn set_simplification_preserves_membership() {
    fn prop(s: RandomSet, p: Point) -> bool {
        let reference =
            s.1.iter()
                .zip(&s.2)
                .all(|(t, &eq)| match t.eval(&p.0, &p.1) {
                    Some(v) => {
                        if eq {
                            v == 0
                        } else {
                            v >= 0
                        }
                    }
                    None => false,
                });
        s.0.simplify().contains(&p.0, &p.1) == Ok(reference)
    }
    qc().quickcheck(prop as fn(RandomSet, Point) -> bool);
}

#[test]
fn print_then_parse_is_the_identity_on_canonical_sets() {
    fn prop(s: RandomSet) -> bool {
        let canonical = s.0.simplify();
        let text = canonical.to_string();
        match parse_integer_set(&text) {
            Ok(back) if back.simplify() == canonical => true,
            other => {
                eprintln!("canonical: {text}\nreparsed:  {other:?}");
                false
            }
        }
    }
    qc().quickcheck(prop as fn(RandomSet) -> bool);
}

#[test]
fn flattened_rows_evaluate_like_the_expression() {
    use tessera_affine::flatten::Flattener;
    fn prop(t: PureTerm, p: Point) -> TestResult {
        let e = t.0.build();
        let Ok(expected) = e.evaluate(&p.0, &p.1) else {
            return TestResult::discard();
        };
        let mut f = Flattener::new(DIMS, SYMS);
        let Ok(row) = f.flatten(&e) else {
            return TestResult::discard();
        };
        // Evaluate each local from its definition, in order.
        let mut values: Vec<i64> = p.0.iter().chain(&p.1).copied().collect();
        for local in f.locals() {
            let (dividend, divisor) = local
                .division
                .as_ref()
                .expect("pure affine locals are divisions");
            let n = dividend.len() - 1;
            let num: i64 = dividend[..n]
                .iter()
                .zip(&values)
                .map(|(a, v)| a * v)
                .sum::<i64>()
                + dividend[n];
            values.push(floor_div(num, *divisor).expect("positive divisor"));
        }
        let n = row.len() - 1;
        let got: i64 = row[..n]
            .iter()
            .zip(&values)
            .map(|(a, v)| a * v)
            .sum::<i64>()
            + row[n];
        TestResult::from_bool(got == expected)
    }
    qc().quickcheck(prop as fn(PureTerm, Point) -> TestResult);
}

//! `--affine-simplify-structures` judged by brute force, by mlir-opt 19
//! and by execution.
//!
//! - Random integer sets (divisions, equalities, symbols) keep exactly
//!   their integer points in a box when simplified, and a set with no
//!   point in a box large enough for its coefficients becomes `1 == 0`
//!   only when the core proves it empty.
//! - Every chunk of the corpora without an integer set prints as
//!   mlir-opt prints it (maps simplified as MLIR's `simplifyAffineMap`
//!   does, loops and applies folded); chunks with sets differ only where
//!   tessera is exact (it drops the constraints mlir-opt adds or leaves,
//!   and removes what an integer-empty set guards).
//! - Every corpus `@main` and suite kernel prints the same after the pass
//!   in the interpreter, the C back end and mlir-cpu-runner.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random generators shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use gen::rng::Rng;
use pass_checks::{corpus_chunks, judges, programs, runs_the_same, same_but_float_spelling};
use tessera::affine::{AffineExpr, Constraint, IntegerSet};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::{run_pass, simplify_set};
use tessera::transforms::pipeline::PassInvocation;

fn simplify(m: &mut Module) {
    let pass = PassInvocation::with_options("affine-simplify-structures", "").expect("pass");
    if let Err(e) = run_pass(m, &pass) {
        panic!("{}: {}", m.file, e.message);
    }
}

/// A random affine expression over two dims and a symbol, with a
/// `floordiv` or `mod` now and then.
fn random_expr(rng: &mut Rng) -> AffineExpr {
    let mut e = AffineExpr::constant(rng.range(-6, 6));
    for (k, term) in [
        AffineExpr::dim(0),
        AffineExpr::dim(1),
        AffineExpr::symbol(0),
    ]
    .into_iter()
    .enumerate()
    {
        let c = rng.range(-3, 3);
        if c != 0 && (k < 2 || rng.chance(50)) {
            e = e + term * c;
        }
    }
    match rng.range(0, 5) {
        0 => e.floor_div(rng.range(2, 4)),
        1 => e.modulo(rng.range(2, 4)),
        _ => e,
    }
}

fn random_set(rng: &mut Rng) -> IntegerSet {
    let constraints = (0..rng.range(1, 5))
        .map(|_| {
            let e = random_expr(rng);
            if rng.chance(20) {
                Constraint::eq(e)
            } else {
                Constraint::ge(e)
            }
        })
        .collect();
    IntegerSet::new(2, 1, constraints).expect("set")
}

#[test]
fn simplified_sets_keep_their_integer_points() {
    let mut rng = Rng(0x5e75_1e57);
    let (mut emptied, mut dropped) = (0, 0);
    for case in 0..400 {
        let set = random_set(&mut rng);
        let simple = simplify_set(&set);
        let mut points = 0;
        for s in -6..=6 {
            for x in -8..=8 {
                for y in -8..=8 {
                    let before = set.contains(&[x, y], &[s]).expect("evaluates");
                    let after = simple.contains(&[x, y], &[s]).expect("evaluates");
                    assert_eq!(
                        before, after,
                        "case {case}: {set} vs {simple} at ({x}, {y})[{s}]"
                    );
                    points += usize::from(before);
                }
            }
        }
        if simple == IntegerSet::empty(2, 1) {
            assert_eq!(points, 0, "case {case}: {set} called empty");
            emptied += 1;
        }
        if simple.constraints().len() < set.simplify().constraints().len() {
            dropped += 1;
        }
    }
    println!("{emptied} sets emptied, {dropped} with constraints dropped");
    assert!(
        emptied >= 10 && dropped >= 20,
        "{emptied} emptied, {dropped} dropped"
    );
}

#[test]
fn chunks_without_sets_print_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("affine-simplify-structures against mlir-opt");
        return;
    };
    let mut compared = 0;
    // Files documenting where mlir-opt is wrong say so.
    for (name, text) in corpus_chunks()
        .into_iter()
        .filter(|(_, text)| !text.contains("MLIR-OPT-WRONG"))
    {
        if text.contains("affine_set") || text.contains("affine.if") {
            continue;
        }
        let Ok(mut m) = parse_and_verify(&name, &text) else {
            continue;
        };
        let (ok, expected, _) = common::run_tool(&opt, &["--affine-simplify-structures"], &text);
        if !ok {
            continue;
        }
        simplify(&mut m);
        let got = print_module(&m, &PrintOptions::default());
        if let Err(d) = same_but_float_spelling(&expected, &got) {
            panic!("{name}: differs from mlir-opt:\n{d}");
        }
        compared += 1;
    }
    println!("{compared} chunks as mlir-opt prints them");
    assert!(compared >= 100, "only {compared} compared");
}

#[test]
fn simplified_programs_print_the_same_everywhere() {
    let judges = judges("programs with simplified structures");
    let programs = programs(corpus_chunks());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = pass_checks::interpret(&original);
        let mut m = original.clone();
        simplify(&mut m);
        runs_the_same(&m, &expected, &judges, name);
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
}

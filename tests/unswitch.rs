//! `--test-affine-loop-unswitch` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every kernel of `examples/kernels/` and every `.mlir`
//!   file (or `-split-input-file` chunk) of the test corpora, and random
//!   runnable kernels (`random_kernel_ext`: `affine.if` with `else`
//!   blocks, symbolic bounds), print as mlir-opt's
//!   `--test-affine-loop-unswitch` prints them, but for float constants'
//!   spelling.
//! - By execution: every suite kernel (MINI), corpus `@main` and random
//!   kernel the pass changes prints the same before and after in the
//!   interpreter, the C back end and `mlir-cpu-runner`.

#[path = "../ir/tests/common/mod.rs"]
mod common;
/// The random kernel generator shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use gen::kernelgen::random_kernel_ext;
use gen::rng::Rng;
use pass_checks::{
    corpus_chunks, interpret, judges, programs, runs_the_same, same_but_float_spelling,
};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

const PASS: &str = "test-affine-loop-unswitch";

fn unswitch(m: &mut Module) {
    let pass = PassInvocation::with_options(PASS, "").expect("pass");
    if let Err(e) = run_pass(m, &pass) {
        panic!("{}: {}", m.file, e.message);
    }
}

#[test]
fn unswitch_is_mlir_opts_byte_for_byte_on_the_corpora() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("test-affine-loop-unswitch against mlir-opt");
        return;
    };
    let flags = [
        "--test-affine-loop-unswitch",
        "--allow-unregistered-dialect",
    ];
    let (mut compared, mut changed) = (0, 0);
    for (name, text) in corpus_chunks() {
        let Ok(mut m) = parse_and_verify(&name, &text) else {
            continue; // an input tessera rejects (invalid on purpose)
        };
        let (ok, expected, _) = common::run_tool(&opt, &flags, &text);
        if !ok {
            continue;
        }
        unswitch(&mut m);
        let got = print_module(&m, &PrintOptions::default());
        if let Err(d) = same_but_float_spelling(&expected, &got) {
            panic!("{name}: differs from mlir-opt:\n{d}\n--- tessera:\n{got}");
        }
        let (_, unchanged, _) = common::run_tool(&opt, &["--allow-unregistered-dialect"], &text);
        changed += usize::from(unchanged != expected);
        compared += 1;
    }
    println!("{compared} inputs as mlir-opt prints them ({changed} changed by the pass)");
    assert!(compared >= 140, "only {compared} compared");
    assert!(changed >= 2, "only {changed} changed");
}

/// The random kernels of the campaign: (name, source).
fn random_kernels() -> Vec<(String, String)> {
    let cases: u64 = std::env::var("TESSERA_UNSWITCH_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    (0..cases)
        .map(|k| {
            let mut rng = Rng(0x0000_0534_17c4_u64.wrapping_mul(k + 1).wrapping_add(k));
            (format!("random kernel {k}"), random_kernel_ext(&mut rng))
        })
        .collect()
}

#[test]
fn random_kernels_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("test-affine-loop-unswitch on random kernels against mlir-opt");
        return;
    };
    let (mut same, mut changed) = (0, 0);
    let kernels = random_kernels();
    for (name, text) in &kernels {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{e}"));
        let mut m = original.clone();
        unswitch(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        let (ok, theirs, err) = common::run_tool(&opt, &["--test-affine-loop-unswitch"], text);
        assert!(ok, "{name}: {err}");
        if let Err(d) = same_but_float_spelling(&theirs, &ours) {
            panic!("{name}: differs from mlir-opt:\n{d}\n{text}\n--- mlir-opt:\n{theirs}\n--- tessera:\n{ours}");
        }
        same += 1;
        changed += usize::from(ours != print_module(&original, &PrintOptions::default()));
    }
    println!(
        "{} random kernels: {same} as mlir-opt prints them ({changed} changed)",
        kernels.len()
    );
    assert!(changed >= kernels.len() / 10, "only {changed} changed");
}

/// The runnable programs of [`programs`] and the random kernels.
fn programs_and_random_kernels() -> Vec<(String, String)> {
    let mut out = programs(corpus_chunks());
    out.extend(random_kernels());
    out
}

#[test]
fn programs_print_the_same_after_unswitching_everywhere() {
    let judges = judges("unswitched programs");
    let programs = programs_and_random_kernels();
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let changed = std::sync::atomic::AtomicUsize::new(0);
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut m = original.clone();
        unswitch(&mut m);
        let printed = print_module(&m, &PrintOptions::default());
        if printed == print_module(&original, &PrintOptions::default()) {
            return;
        }
        changed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        runs_the_same(&m, &interpret(&original), &judges, name);
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
    let changed = changed.into_inner();
    println!("{changed} programs changed by the unswitching, all run the same");
    assert!(changed >= 10, "only {changed} changed");
}

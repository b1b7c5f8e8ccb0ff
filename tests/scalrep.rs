//! `--affine-scalrep` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every kernel of `examples/kernels/` and every `.mlir`
//!   file (or `-split-input-file` chunk) of the test corpora prints as
//!   mlir-opt's `--affine-scalrep` prints it (but for float constants'
//!   spelling, which tessera's printer writes differently with or without
//!   a pass), and so do random runnable kernels (`random_kernel_ext`:
//!   `else` blocks, local buffers, reductions, symbolic bounds) — except
//!   where mlir-opt is wrong (its output prints something else than the
//!   kernel) or tessera forwards more (fewer loads left, same output).
//! - `tests/lit/affine-scalrep-exact.mlir`: mlir-opt's output of the
//!   first case, run by `mlir-cpu-runner`, prints 10 where the program
//!   prints 20 (it forwards past a store in an `else` block); in the
//!   second tessera removes a load mlir-opt keeps.
//! - By execution: every suite kernel (MINI) and corpus `@main` prints
//!   the same before and after in the interpreter, the C back end and
//!   `mlir-cpu-runner`.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random kernel generator shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::path::Path;

use gen::kernelgen::random_kernel_ext;
use gen::rng::Rng;
use pass_checks::{
    chunks, corpus_chunks, interpret, judges, programs, runs_the_same, same_but_float_spelling,
};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

const EXACT: &str = "tests/lit/affine-scalrep-exact.mlir";

fn scalrep(m: &mut Module) {
    let pass = PassInvocation::with_options("affine-scalrep", "").expect("pass");
    if let Err(e) = run_pass(m, &pass) {
        panic!("{}: {}", m.file, e.message);
    }
}

fn loads(text: &str) -> usize {
    text.matches("affine.load").count() + text.matches("affine.vector_load").count()
}

#[test]
fn scalrep_is_mlir_opts_byte_for_byte_on_the_corpora() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("affine-scalrep against mlir-opt");
        return;
    };
    let flags = ["--affine-scalrep", "--allow-unregistered-dialect"];
    let (mut compared, mut changed) = (0, 0);
    for (name, text) in corpus_chunks() {
        if name.starts_with(EXACT) {
            continue; // below
        }
        let Ok(mut m) = parse_and_verify(&name, &text) else {
            continue; // an input tessera rejects (invalid on purpose)
        };
        let (ok, expected, _) = common::run_tool(&opt, &flags, &text);
        if !ok {
            continue;
        }
        scalrep(&mut m);
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
    assert!(changed >= 10, "only {changed} changed");
}

#[test]
fn where_tessera_differs_mlir_opt_is_wrong_or_forwards_less() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("the exact scalrep cases against mlir-opt");
        return;
    };
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(EXACT)).expect("read");
    let cases = chunks(&text);
    assert_eq!(cases.len(), 2);
    let mut outputs = Vec::new();
    for (k, chunk) in cases.iter().enumerate() {
        let original = parse_and_verify(EXACT, chunk).expect("parses");
        let expected = interpret(&original);
        let mut m = original.clone();
        scalrep(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        assert_eq!(interpret(&m), expected, "chunk {k}: tessera's result");
        let (ok, theirs, err) = common::run_tool(&opt, &["--affine-scalrep"], chunk);
        assert!(ok, "{err}");
        assert_ne!(ours, theirs, "chunk {k}: no difference left to show");
        let theirs_runs = interpret(&parse_and_verify(EXACT, &theirs).expect("mlir-opt's output"));
        outputs.push((expected, theirs_runs, loads(&ours), loads(&theirs)));
        if let Some(run) = common::mlir_run_main(&theirs) {
            assert_eq!(run, common::mask_addresses(&outputs[k].1), "chunk {k}");
        }
    }
    // mlir-opt forwards past the else block's store: a wrong result.
    assert_eq!(outputs[0].0.trim(), "20");
    assert_eq!(outputs[0].1.trim(), "10");
    // tessera forwards where mlir-opt keeps the load.
    assert_eq!(outputs[1].0, outputs[1].1);
    assert!(outputs[1].2 < outputs[1].3, "{:?}", outputs[1]);
}

#[test]
fn random_kernels_as_mlir_opt_or_better() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("affine-scalrep on random kernels against mlir-opt");
        return;
    };
    let cases: u64 = std::env::var("TESSERA_SCALREP_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let (mut same, mut changed, mut mlir_wrong, mut more) = (0, 0, 0, 0);
    for k in 0..cases {
        let mut rng = Rng(0x5ca1_4e90_u64.wrapping_mul(k + 1).wrapping_add(k));
        let text = random_kernel_ext(&mut rng);
        let name = format!("random kernel {k}");
        let original = parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        scalrep(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        assert_eq!(interpret(&m), expected, "{name}: tessera's result\n{text}");
        let (ok, theirs, err) = common::run_tool(&opt, &["--affine-scalrep"], &text);
        assert!(ok, "{name}: {err}");
        if same_but_float_spelling(&theirs, &ours).is_ok() {
            same += 1;
            changed += usize::from(ours != print_module(&original, &PrintOptions::default()));
            continue;
        }
        let theirs_output = interpret(&parse_and_verify(&name, &theirs).expect("mlir-opt's"));
        if theirs_output != expected {
            mlir_wrong += 1;
        } else if loads(&ours) < loads(&theirs) {
            more += 1;
        } else {
            panic!("{name}: differs from mlir-opt, which is right:\n{text}\n--- mlir-opt:\n{theirs}\n--- tessera:\n{ours}");
        }
    }
    println!(
        "{cases} random kernels: {same} as mlir-opt prints them ({changed} changed), \
         {mlir_wrong} where mlir-opt's result prints something else, {more} where tessera removes more loads"
    );
    assert!(changed >= cases as usize / 10, "only {changed} changed");
}

#[test]
fn programs_print_the_same_after_scalrep_everywhere() {
    let judges = judges("scalrep'd kernels");
    let programs = programs(corpus_chunks());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        scalrep(&mut m);
        runs_the_same(&m, &expected, &judges, name);
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
}

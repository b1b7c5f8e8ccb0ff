//! `--affine-loop-coalescing` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every kernel of `examples/kernels/` and every `.mlir`
//!   file (or `-split-input-file` chunk) of the test corpora prints as
//!   mlir-opt prints it after `--affine-loop-coalescing`, alone and on
//!   mlir-opt's `--affine-loop-normalize` output (which makes most corpus
//!   loops coalescable), but for float constants' spelling. The inputs mlir-opt fails on (its
//!   output does not verify, or it crashes: the bands tessera leaves
//!   alone, see `passes/coalesce.rs`) are counted, and tessera's output of
//!   them verifies.
//! - By execution: every suite kernel (MINI) and corpus `@main` the passes
//!   change prints the same before and after in the interpreter, the C
//!   back end and `mlir-cpu-runner`.

#[path = "../ir/tests/common/mod.rs"]
mod common;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use pass_checks::{
    corpus_chunks, interpret, judges, programs, runs_the_same, same_but_float_spelling,
};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

/// The pipelines compared, as pass names.
const PIPELINES: &[&[&str]] = &[
    &["affine-loop-coalescing"],
    &["affine-loop-normalize", "affine-loop-coalescing"],
];

fn run(m: &mut Module, passes: &[&str]) {
    for name in passes {
        let pass = PassInvocation::with_options(name, "").expect("pass");
        if let Err(e) = run_pass(m, &pass) {
            panic!("{}: {name}: {}", m.file, e.message);
        }
    }
}

#[test]
fn coalescing_is_mlir_opts_byte_for_byte_on_the_corpora() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("affine-loop-coalescing against mlir-opt");
        return;
    };
    // Files documenting where mlir-opt is wrong say so.
    let corpus: Vec<_> = corpus_chunks()
        .into_iter()
        .filter(|(_, text)| !text.contains("MLIR-OPT-WRONG"))
        .collect();
    let unregistered = "--allow-unregistered-dialect";
    for passes in PIPELINES {
        // The passes before the coalescing run in mlir-opt, so that both
        // tools coalesce the same input.
        let (before, last) = passes.split_at(passes.len() - 1);
        let mut prefix: Vec<String> = before.iter().map(|p| format!("--{p}")).collect();
        prefix.push(unregistered.into());
        let prefix: Vec<&str> = prefix.iter().map(String::as_str).collect();
        let flags = [format!("--{}", last[0]), unregistered.to_string()];
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let (mut compared, mut changed, mut mlir_fails) = (0, 0, 0);
        for (name, text) in &corpus {
            if parse_and_verify(name, text).is_err() {
                continue; // an input tessera rejects (invalid on purpose)
            }
            let (ok, input, _) = common::run_tool(&opt, &prefix, text);
            if !ok {
                continue; // an input mlir-opt rejects
            }
            let mut m = parse_and_verify(name, &input).unwrap_or_else(|e| panic!("{name}: {e}"));
            run(&mut m, last);
            let got = print_module(&m, &PrintOptions::default());
            let (ok, expected, _) = common::run_tool(&opt, &flags, &input);
            if !ok {
                mlir_fails += 1;
                println!("{passes:?}: mlir-opt fails on {name}; tessera's output verifies");
                continue;
            }
            if let Err(d) = same_but_float_spelling(&expected, &got) {
                panic!("{passes:?}: {name}: differs from mlir-opt:\n{d}\n--- tessera:\n{got}");
            }
            changed += usize::from(input != expected);
            compared += 1;
        }
        println!(
            "{passes:?}: {compared} inputs as mlir-opt prints them ({changed} changed by the pass), \
             {mlir_fails} where mlir-opt fails"
        );
        assert!(compared >= 140, "only {compared} compared");
        assert!(changed >= 10, "only {changed} changed");
    }
}

#[test]
fn programs_print_the_same_after_coalescing_everywhere() {
    let judges = judges("coalesced kernels");
    let programs = programs(corpus_chunks());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let changed = std::sync::atomic::AtomicUsize::new(0);
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let before = print_module(&original, &PrintOptions::default());
        let expected = interpret(&original);
        for passes in PIPELINES {
            let mut normalized = original.clone();
            run(&mut normalized, &passes[..passes.len() - 1]);
            let mut m = normalized.clone();
            run(&mut m, &passes[passes.len() - 1..]);
            let printed = print_module(&m, &PrintOptions::default());
            if printed == print_module(&normalized, &PrintOptions::default()) || printed == before {
                continue; // the coalescing left it alone
            }
            changed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            runs_the_same(&m, &expected, &judges, &format!("{name} {passes:?}"));
        }
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
    let changed = changed.into_inner();
    println!("{changed} (program, pipeline) pairs changed by the coalescing, all run the same");
    assert!(changed >= 20, "only {changed} changed");
}

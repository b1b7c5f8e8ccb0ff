//! `--cse` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every kernel of `examples/kernels/` and every `.mlir`
//!   file of the test corpora, through tessera's `--cse` and mlir-opt's,
//!   prints identically — except a float constant's spelling, which
//!   tessera's printer writes differently on a few literals with or
//!   without a pass (same value); and the same after `--lower-affine`,
//!   which leaves many equal constants for CSE to merge.
//! - By execution: every suite kernel (MINI) and corpus `@main` prints the
//!   same in the interpreter after `--cse` and after `--lower-affine` then
//!   `--cse`, and the latter under `mlir-cpu-runner` too.

#[path = "../ir/tests/common/mod.rs"]
mod common;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use pass_checks::{corpus, interpret, programs, same_but_float_spelling};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

fn run(m: &mut Module, pass: &str) -> Result<(), String> {
    let pass = PassInvocation::with_options(pass, "").expect("pass");
    run_pass(m, &pass).map(|_| ()).map_err(|e| e.message)
}

#[test]
fn cse_is_mlir_opts_byte_for_byte() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("cse against mlir-opt");
        return;
    };
    let mut compared = 0;
    for (name, text) in corpus() {
        let Ok(original) = parse_and_verify(&name, &text) else {
            continue;
        };
        for pipeline in [&["cse"][..], &["lower-affine", "cse"][..]] {
            let mut m = original.clone();
            if pipeline.iter().any(|p| run(&mut m, p).is_err()) {
                continue; // lower-affine refuses vector ops
            }
            let flags: Vec<String> = pipeline.iter().map(|p| format!("--{p}")).collect();
            let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
            let (ok, expected, _) = common::run_tool(&opt, &flags, &text);
            if !ok {
                continue;
            }
            let got = print_module(&m, &PrintOptions::default());
            if let Err(d) = same_but_float_spelling(&expected, &got) {
                panic!("{name} {pipeline:?}: differs from mlir-opt:\n{d}");
            }
            compared += 1;
        }
    }
    println!("{compared} (file, pipeline) pairs as mlir-opt prints them");
    assert!(compared >= 180, "only {compared} compared");
}

#[test]
fn cse_keeps_every_program_s_output() {
    let mlir = common::mlir_opt().is_some()
        && common::mlir_cpu_runner().is_some()
        && common::runner_libs().is_some();
    if !mlir {
        common::skipped("cse'd lowerings under mlir-cpu-runner");
    }
    let programs = programs(corpus());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        run(&mut m, "cse").unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(interpret(&m), expected, "{name}: after cse");
        let mut l = original.clone();
        run(&mut l, "lower-affine").unwrap_or_else(|e| panic!("{name}: {e}"));
        run(&mut l, "cse").unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(interpret(&l), expected, "{name}: after lower-affine, cse");
        if mlir {
            let printed = print_module(&l, &PrintOptions::default());
            let got = common::mlir_run_main(&printed).expect("tools");
            assert_eq!(
                got,
                common::mask_addresses(&expected),
                "{name}: mlir-cpu-runner"
            );
        }
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
}

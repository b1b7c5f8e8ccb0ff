//! `--lower-affine` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every kernel of `examples/kernels/` and every `.mlir`
//!   file of the test corpora is lowered by tessera and by `mlir-opt
//!   --lower-affine`; the outputs must be identical. Differences allowed,
//!   and why:
//!   * a float constant's spelling (`0.7 : f64` printed `7.000000e-01`
//!     by tessera, `0.69999999999999996` by mlir-opt): tessera's printer
//!     differs on a few literals whether or not a pass runs (same value);
//!   * inputs tessera's verifier rejects (step 0, 500-deep nests, ...).
//! - By execution: every suite kernel at MINI size runs in the
//!   interpreter before and after lowering, through the C back end after
//!   lowering, and under `mlir-cpu-runner` after lowering; all print the
//!   same. So do the corpus programs with an `@main`.

#[path = "../ir/tests/common/mod.rs"]
mod common;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use pass_checks::{corpus, interpret, judges, programs, runs_the_same, same_but_float_spelling};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

fn lower(m: &mut Module) -> Result<(), String> {
    let pass = PassInvocation::with_options("lower-affine", "").expect("pass");
    run_pass(m, &pass).map(|_| ()).map_err(|e| e.message)
}

#[test]
fn lowering_is_mlir_opts_byte_for_byte() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("lower-affine against mlir-opt");
        return;
    };
    let mut compared = 0;
    for (name, text) in corpus() {
        let Ok(mut m) = parse_and_verify(&name, &text) else {
            continue; // an input tessera rejects (invalid, or split files)
        };
        let (ok, expected, _) = common::run_tool(&opt, &["--lower-affine"], &text);
        if !ok {
            continue;
        }
        lower(&mut m).unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = print_module(&m, &PrintOptions::default());
        if let Err(d) = same_but_float_spelling(&expected, &got) {
            panic!("{name}: lowered differently from mlir-opt:\n{d}");
        }
        compared += 1;
    }
    println!("{compared} files lowered as mlir-opt lowers them");
    assert!(compared >= 90, "only {compared} files compared");
}

#[test]
fn lowered_programs_run_as_before_in_the_interpreter_the_c_back_end_and_mlir() {
    let judges = judges("lowered kernels");
    let programs = programs(corpus());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = interpret(&original);
        let mut lowered = original.clone();
        lower(&mut lowered).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            !lowered
                .walk()
                .iter()
                .any(|&o| lowered.ops[o].name.starts_with("affine.")),
            "{name}: affine ops left"
        );
        runs_the_same(&lowered, &expected, &judges, &format!("{name}, lowered"));
        let printed = print_module(&lowered, &PrintOptions::default());
        let reparsed = parse_and_verify(name, &printed).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(interpret(&reparsed), expected, "{name}: reparsed lowering");
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
}

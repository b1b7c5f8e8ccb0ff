//! `--canonicalize` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every chunk of the test corpora and every suite
//!   kernel, canonicalized alone and after the passes users run before it
//!   (`--lower-affine`, `--affine-loop-unroll`, `--affine-loop-tile`),
//!   and with its options, prints as mlir-opt prints it — but for a float constant's spelling
//!   (same value). A pipeline whose first pass already prints differently
//!   from mlir-opt's (tessera's unrolling and tiling are exact where
//!   MLIR's are not, on some nests) is not compared there.
//! - The same on random kernels (affine bounds with `max`/`min`, guards,
//!   reductions, local buffers), unrolled first.
//! - By execution: every corpus `@main` and suite kernel prints the same
//!   after canonicalization in the interpreter, the C back end and
//!   mlir-cpu-runner.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random kernel generator shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use gen::kernelgen::random_kernel_ext;
use gen::rng::Rng;
use pass_checks::{corpus_chunks, judges, programs, runs_the_same, same_but_float_spelling};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

/// The pipelines compared: `(pass, options)` steps, the last being
/// `canonicalize`.
const PIPELINES: [&[(&str, &str)]; 5] = [
    &[("canonicalize", "")],
    &[("lower-affine", ""), ("canonicalize", "")],
    &[
        ("affine-loop-unroll", "unroll-factor=3"),
        ("canonicalize", ""),
    ],
    &[("affine-loop-tile", "tile-size=4"), ("canonicalize", "")],
    &[("canonicalize", "top-down=false region-simplify=disabled")],
];

fn run(m: &mut Module, steps: &[(&str, &str)]) -> Result<(), String> {
    for (name, options) in steps {
        let pass = PassInvocation::with_options(name, options).map_err(|e| e.message)?;
        run_pass(m, &pass).map_err(|e| e.message)?;
    }
    Ok(())
}

fn flags(steps: &[(&str, &str)]) -> Vec<String> {
    steps
        .iter()
        .map(|(name, options)| {
            if options.is_empty() {
                format!("--{name}")
            } else {
                format!("--{name}={options}")
            }
        })
        .collect()
}

/// Compares tessera with mlir-opt on `text` through `steps`: `None` when
/// the comparison does not apply (mlir-opt refuses the input, or the
/// steps before canonicalization already print differently).
fn compare(opt: &std::path::Path, name: &str, text: &str, steps: &[(&str, &str)]) -> Option<()> {
    let original = parse_and_verify(name, text).ok()?;
    let all = flags(steps);
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let (before, last) = steps.split_at(steps.len() - 1);
    let mut m = original.clone();
    if !before.is_empty() {
        run(&mut m, before).ok()?;
        let (ok, theirs, _) = common::run_tool(opt, &all[..all.len() - 1], text);
        let ours = print_module(&m, &PrintOptions::default());
        if !ok || same_but_float_spelling(&theirs, &ours).is_err() {
            return None;
        }
    }
    let (ok, expected, _) = common::run_tool(opt, &all, text);
    if !ok {
        return None;
    }
    run(&mut m, last).unwrap_or_else(|e| panic!("{name} {all:?}: {e}"));
    let got = print_module(&m, &PrintOptions::default());
    if let Err(d) = same_but_float_spelling(&expected, &got) {
        panic!("{name} {all:?}: differs from mlir-opt:\n{d}\n--- input\n{text}");
    }
    Some(())
}

#[test]
fn canonicalize_is_mlir_opts_byte_for_byte_on_the_corpora() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("canonicalize against mlir-opt");
        return;
    };
    let chunks = corpus_chunks();
    let mut compared = [0usize; PIPELINES.len()];
    for (name, text) in &chunks {
        for (k, steps) in PIPELINES.iter().enumerate() {
            if compare(&opt, name, text, steps).is_some() {
                compared[k] += 1;
            }
        }
    }
    println!("(chunk, pipeline) pairs as mlir-opt prints them: {compared:?}");
    for (k, &n) in compared.iter().enumerate() {
        assert!(
            n * 10 >= chunks.len() * 7,
            "only {n} of {} chunks compared through {:?}",
            chunks.len(),
            PIPELINES[k]
        );
    }
}

/// The random kernels of the comparison (`TESSERA_CANONICALIZE_CASES`,
/// default 120).
fn random_kernels() -> Vec<(String, String)> {
    let cases: u64 = std::env::var("TESSERA_CANONICALIZE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120);
    (0..cases)
        .map(|k| {
            let mut rng = Rng(0x00ca_0011_ca11_u64.wrapping_mul(k + 1).wrapping_add(k));
            (format!("random kernel {k}"), random_kernel_ext(&mut rng))
        })
        .collect()
}

#[test]
fn random_kernels_canonicalize_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("canonicalize on random kernels against mlir-opt");
        return;
    };
    let kernels = random_kernels();
    let mut compared = 0;
    for (name, text) in &kernels {
        for steps in &PIPELINES[..3] {
            if compare(&opt, name, text, steps).is_some() {
                compared += 1;
            }
        }
    }
    println!("{compared} (kernel, pipeline) pairs as mlir-opt prints them");
    assert!(
        compared * 10 >= kernels.len() * 3 * 7,
        "only {compared} compared"
    );
}

#[test]
fn canonicalized_programs_print_the_same_everywhere() {
    let judges = judges("canonicalized programs");
    let mut all = programs(corpus_chunks());
    all.extend(random_kernels().into_iter().take(40));
    assert!(all.len() >= 80, "only {} programs", all.len());
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = pass_checks::interpret(&original);
        for steps in &PIPELINES[..3] {
            let mut m = original.clone();
            if let Err(e) = run(&mut m, steps) {
                assert!(e.contains("vector dialect"), "{name} {steps:?}: {e}");
                continue;
            }
            runs_the_same(&m, &expected, &judges, &format!("{name} {steps:?}"));
        }
    };
    let (a, b) = all.split_at(all.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
}

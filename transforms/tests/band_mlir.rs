//! The band passes on the corpus, side by side with mlir-opt 19: every
//! output of tessera is accepted by mlir-opt, runs (where the file has a
//! `@main`) to the original output in the interpreter, and has at least
//! as many loops transformed as mlir-opt's — compared by loop structure,
//! not text. Where the structures differ, `band_differences.txt` says why;
//! where mlir-opt's own output runs differently from the input, the test
//! reports it as an mlir-opt miscompile (and requires it listed too).

mod common;

use std::collections::BTreeMap;

use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera_transforms::passes::run_pass;
use tessera_transforms::pipeline::parse_pass_pipeline;

/// (tessera pipeline element, the same pass as an mlir-opt flag).
const CONFIGS: &[(&str, &str)] = &[
    (
        "affine-loop-tile{tile-size=4}",
        "--affine-loop-tile=tile-size=4",
    ),
    (
        "affine-loop-tile{tile-sizes=8,4}",
        "--affine-loop-tile=tile-sizes=8,4",
    ),
    ("affine-loop-unroll", "--affine-loop-unroll"),
    (
        "affine-loop-unroll{unroll-factor=3}",
        "--affine-loop-unroll=unroll-factor=3",
    ),
    (
        "affine-loop-unroll{unroll-full}",
        "--affine-loop-unroll=unroll-full",
    ),
    (
        "affine-loop-unroll{unroll-full unroll-full-threshold=4}",
        "--affine-loop-unroll=unroll-full unroll-full-threshold=4",
    ),
    (
        "affine-loop-unroll{unroll-factor=4 cleanup-unroll}",
        "--affine-loop-unroll=unroll-factor=4 cleanup-unroll",
    ),
    (
        "affine-loop-unroll-jam{unroll-jam-factor=2}",
        "--affine-loop-unroll-jam=unroll-jam-factor=2",
    ),
    ("affine-loop-normalize", "--affine-loop-normalize"),
    (
        "affine-loop-invariant-code-motion",
        "--affine-loop-invariant-code-motion",
    ),
];

fn run_main(module: &Module) -> Option<Result<String, String>> {
    module.function("main")?;
    let mut it = Interpreter::new(module);
    Some(
        it.call("main", &[])
            .map(|_| it.output().to_string())
            .map_err(|d| d.to_string()),
    )
}

/// The loop structure of a printed module: per function, the `affine.for`
/// headers' steps in order with their nesting depth (enough to tell a
/// tiled, unrolled or jammed nest from an untouched one).
fn skeleton(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        let depth = (line.len() - trimmed.len()) / 2;
        if trimmed.starts_with("func.func") {
            out.push(trimmed.split('(').next().unwrap_or("").to_string());
        } else if let Some(pos) = trimmed.find("affine.for ") {
            let step = trimmed
                .split(" step ")
                .nth(1)
                .and_then(|s| s.split_whitespace().next())
                .unwrap_or("1");
            let _ = pos;
            out.push(format!("{depth}:for step {step}"));
        }
    }
    out
}

fn differences() -> BTreeMap<(String, String), String> {
    let text = include_str!("band_differences.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.splitn(3, " | ");
            Some((
                (parts.next()?.to_string(), parts.next()?.to_string()),
                parts.next()?.to_string(),
            ))
        })
        .collect()
}

#[test]
fn band_passes_on_the_corpus_against_mlir_opt() {
    let Some(mlir_opt) = common::mlir::find_mlir_opt() else {
        eprintln!("SKIPPED: mlir-opt 19 not found (install mlir-19-tools or set MLIR_OPT)");
        return;
    };
    let listed = differences();
    let mut seen = Vec::new();
    let mut problems = Vec::new();
    let (mut same, mut ran) = (0, 0);
    for (name, text) in common::corpus() {
        let Ok(module) = parse_and_verify(&name, &text) else {
            continue;
        };
        let before = run_main(&module);
        for (ours, theirs) in CONFIGS {
            let passes = parse_pass_pipeline(&format!("builtin.module(func.func({ours}))"))
                .expect("valid pipeline");
            let mut m = module.clone();
            for p in &passes {
                run_pass(&mut m, p).expect("pass runs");
            }
            let printed = print_module(&m, &PrintOptions::default());
            let (_, err, ok) = common::mlir::run(&mlir_opt, &name, &printed, &["--verify-each"]);
            if !ok {
                problems.push(format!("{name} {ours}: mlir-opt rejects our output: {err}"));
                continue;
            }
            if let Some(Ok(expected)) = &before {
                let reparsed = parse_and_verify(&name, &printed).expect("our output parses");
                ran += 1;
                if run_main(&reparsed) != Some(Ok(expected.clone())) {
                    problems.push(format!("{name} {ours}: output changed when run"));
                }
            }
            let (their_text, err, ok) = common::mlir::run(&mlir_opt, &name, &text, &[theirs]);
            if !ok {
                eprintln!(
                    "{name} {theirs}: mlir-opt fails: {}",
                    err.lines().next().unwrap_or("")
                );
                continue;
            }
            let key = (name.clone(), ours.to_string());
            let theirs_wrong = match (&before, parse_and_verify(&name, &their_text)) {
                (Some(Ok(expected)), Ok(tm)) => run_main(&tm) != Some(Ok(expected.clone())),
                _ => false,
            };
            if skeleton(&printed) == skeleton(&their_text) && !theirs_wrong {
                same += 1;
                continue;
            }
            seen.push(key.clone());
            match listed.get(&key) {
                Some(reason) => eprintln!("{name} {ours}: differs from mlir-opt (listed: {reason})"),
                None => problems.push(format!(
                    "{name} {ours}: loop structure differs from mlir-opt's{} and is not listed in band_differences.txt\n--- ours:\n{}\n--- mlir-opt:\n{}",
                    if theirs_wrong { " (and mlir-opt's output runs differently)" } else { "" },
                    skeleton(&printed).join("\n"),
                    skeleton(&their_text).join("\n")
                )),
            }
        }
    }
    for key in listed.keys() {
        if !seen.contains(key) {
            problems.push(format!("{key:?} is listed but no longer differs"));
        }
    }
    eprintln!("{same} (file, pass) pairs have mlir-opt's loop structure; {ran} outputs ran to the original output");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

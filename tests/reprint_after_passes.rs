//! Every `.mlir` file of the repository, after every pass of
//! `tessera-opt`, prints what `mlir-opt` 19 prints when it reads
//! tessera's output back — in the custom and in the generic form
//! (issue 17's differential test).
//!
//! The files are split at `// -----` as `-split-input-file` splits them;
//! a chunk that does not parse and verify (the diagnostics tests' inputs)
//! must be rejected by `mlir-opt` too, and is not run further. Each pass runs with its default options on a copy of each
//! chunk; a pass that declines (an error) is skipped, a pass that panics
//! is a failure. Equal texts are checked once, and one
//! `mlir-opt -split-input-file` run checks a batch of them (a batch that
//! fails is rerun text by text to find the culprit).
//!
//! Without `mlir-opt` 19 the test prints `SKIPPED: ...` and checks only
//! that every pass ran without panicking.

#[path = "../ir/tests/common/mod.rs"]
mod mlir_tools;

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::{run_pass, PASSES};
use tessera::transforms::pipeline::PassInvocation;

/// Texts checked by one `mlir-opt` run.
const BATCH: usize = 150;

/// The chunks of the repository's files.
struct Chunks {
    /// `(name, module)` of those that parse and verify.
    parsed: Vec<(String, Module)>,
    /// `(name, text)` of the others.
    rejected: Vec<(String, String)>,
}

fn chunks() -> Chunks {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let paths = mlir_tools::repository_mlir_files(root, mlir_tools::REPOSITORY_MLIR_ROOTS);
    let mut out = Vec::new();
    let mut rejected = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("read a .mlir file");
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let mut chunk = String::new();
        let mut k = 0;
        for line in text.lines().chain(std::iter::once("// -----")) {
            if line.trim() == "// -----" {
                match parse_and_verify(&name, &chunk) {
                    Ok(m) => out.push((format!("{name}#{k}"), m)),
                    Err(_) => rejected.push((format!("{name}#{k}"), chunk.clone())),
                }
                chunk.clear();
                k += 1;
            } else {
                chunk.push_str(line);
                chunk.push('\n');
            }
        }
    }
    Chunks {
        parsed: out,
        rejected,
    }
}

fn panic_message(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(non-string panic)".into())
}

/// The first line where `a` and `b` differ, both sides.
fn first_difference(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  tessera: {x}\n  mlir-opt: {y}", i + 1);
        }
    }
    format!(
        "lengths differ: {} vs {} lines",
        a.lines().count(),
        b.lines().count()
    )
}

/// Checks that `mlir-opt` prints each text as it is; the failures.
fn check_with_mlir_opt(opt: &Path, texts: &BTreeMap<String, String>, generic: bool) -> Vec<String> {
    let mut args = vec!["--allow-unregistered-dialect", "-split-input-file"];
    if generic {
        args.push("--mlir-print-op-generic");
    }
    let entries: Vec<(&String, &String)> = texts.iter().collect();
    let mut failures = Vec::new();
    for batch in entries.chunks(BATCH) {
        let input: Vec<&str> = batch.iter().map(|(t, _)| t.as_str()).collect();
        let (ok, out, _) = mlir_tools::run_tool(opt, &args, &input.join("\n// -----\n"));
        let printed: Vec<&str> = out.split("\n// -----\n").collect();
        if ok && printed.len() == batch.len() {
            for ((text, label), back) in batch.iter().zip(&printed) {
                if text.trim_end() != back.trim_end() {
                    failures.push(format!(
                        "{label} (generic: {generic}): {}",
                        first_difference(text, back)
                    ));
                }
            }
            continue;
        }
        for (text, label) in batch {
            let (ok, back, err) = mlir_tools::run_tool(opt, &args, text);
            if !ok {
                failures.push(format!(
                    "{label} (generic: {generic}): mlir-opt rejects tessera's output: {}",
                    err.lines().next().unwrap_or_default()
                ));
            } else if text.trim_end() != back.trim_end() {
                failures.push(format!(
                    "{label} (generic: {generic}): {}",
                    first_difference(text, &back)
                ));
            }
        }
    }
    failures
}

#[test]
fn every_file_after_every_pass_prints_as_mlir_opt_reprints_it() {
    let Chunks {
        parsed: chunks,
        rejected,
    } = chunks();
    assert!(chunks.len() >= 300, "only {} chunks parse", chunks.len());
    // Each distinct text with the first (chunk, pass) that printed it.
    let mut custom: BTreeMap<String, String> = BTreeMap::new();
    let mut generic: BTreeMap<String, String> = BTreeMap::new();
    let mut panics = Vec::new();
    let (mut runs, mut declined) = (0, 0);
    for (name, module) in &chunks {
        let mut outputs = vec![("parsed".to_string(), module.clone())];
        for &(pass, _) in PASSES {
            let invocation = PassInvocation::with_options(pass, "").expect("default options");
            let mut m = module.clone();
            runs += 1;
            match catch_unwind(AssertUnwindSafe(|| run_pass(&mut m, &invocation))) {
                Ok(Ok(_)) => outputs.push((format!("--{pass}"), m)),
                Ok(Err(_)) => declined += 1,
                Err(e) => panics.push(format!("{name} --{pass}: {}", panic_message(e.as_ref()))),
            }
        }
        for (how, m) in outputs {
            let label = format!("{name} {how}");
            custom
                .entry(print_module(
                    &m,
                    &PrintOptions {
                        generic: false,
                        ..PrintOptions::default()
                    },
                ))
                .or_insert_with(|| label.clone());
            generic
                .entry(print_module(
                    &m,
                    &PrintOptions {
                        generic: true,
                        ..PrintOptions::default()
                    },
                ))
                .or_insert(label);
        }
    }
    println!(
        "{} chunks ({} rejected), {runs} pass runs ({declined} declined), \
         {} distinct custom texts, {} generic",
        chunks.len(),
        rejected.len(),
        custom.len(),
        generic.len()
    );
    assert!(panics.is_empty(), "passes panicked:\n{}", panics.join("\n"));
    let Some(opt) = mlir_tools::mlir_opt() else {
        mlir_tools::skipped("every file after every pass, reprinted");
        return;
    };
    let mut failures = Vec::new();
    for (name, text) in &rejected {
        if mlir_tools::run_tool(&opt, &["--allow-unregistered-dialect"], text).0 {
            failures.push(format!("{name}: tessera rejects it, mlir-opt accepts it"));
        }
    }
    failures.extend(check_with_mlir_opt(&opt, &custom, false));
    failures.extend(check_with_mlir_opt(&opt, &generic, true));
    assert!(
        failures.is_empty(),
        "{} texts print differently from mlir-opt:\n{}",
        failures.len(),
        failures
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

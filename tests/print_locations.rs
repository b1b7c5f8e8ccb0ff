//! `-mlir-print-debuginfo`, `-mlir-print-local-scope`,
//! `-mlir-print-value-users` and `-mlir-elide-elementsattrs-if-larger`
//! print what `mlir-opt` 19 prints, byte for byte, and `loc(...)` reads as it does (issue 17): every `.mlir` file of
//! the repository, as parsed, after
//! `mlir-opt` printed it with its locations (read back), and after the
//! passes whose locations follow MLIR's (ops built from an op take its
//! location).
//!
//! Without `mlir-opt` 19 the test prints `SKIPPED: ...`.

#[path = "../ir/tests/common/mod.rs"]
mod mlir_tools;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The printing flags compared.
const FLAGS: &[&[&str]] = &[
    &["-mlir-print-debuginfo"],
    &["-mlir-print-debuginfo", "-mlir-print-op-generic"],
    &["-mlir-print-local-scope"],
    &["-mlir-print-debuginfo", "-mlir-print-local-scope"],
    &["-mlir-print-value-users"],
    &[
        "-mlir-print-value-users",
        "-mlir-print-op-generic",
        "-mlir-print-debuginfo",
    ],
    &[
        "-mlir-elide-elementsattrs-if-larger=1",
        "-mlir-print-op-generic",
    ],
];

/// Passes whose output is compared in the generic form and with locations
/// where their custom output is mlir-opt's: the locations of the ops they
/// build are MLIR's too (constants the canonicalizer hoists or merges at
/// `unknown`, the ops of its generated patterns at fused locations).
const PASSES: &[&str] = &[
    "--affine-loop-unroll",
    "--affine-loop-tile=tile-size=4",
    "--cse",
    "--affine-loop-invariant-code-motion",
    "--loop-invariant-code-motion",
    "--affine-scalrep",
    "--lower-affine",
    "--canonicalize",
];

fn files(roots: &[&str]) -> Vec<PathBuf> {
    mlir_tools::repository_mlir_files(Path::new(env!("CARGO_MANIFEST_DIR")), roots)
}

/// Runs `tool args path` in the repository root: (exit status, stdout).
fn run(tool: &Path, args: &[&str], path: &Path) -> (Option<i32>, String) {
    let out = Command::new(tool)
        .args(["-split-input-file", "-allow-unregistered-dialect"])
        .args(args)
        .arg(path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run a tool");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The first line where `a` and `b` differ.
fn first_difference(a: &str, b: &str) -> String {
    a.lines()
        .zip(b.lines())
        .enumerate()
        .find(|(_, (x, y))| x != y)
        .map_or_else(
            || format!("{} vs {} lines", a.lines().count(), b.lines().count()),
            |(i, (x, y))| format!("line {}:\n  tessera:  {x}\n  mlir-opt: {y}", i + 1),
        )
}

/// Compares both tools on `path` with `args`; a failure's description.
fn compare(opt: &Path, args: &[&str], path: &Path) -> Option<String> {
    let tessera = Path::new(env!("CARGO_BIN_EXE_tessera-opt"));
    let ours = run(tessera, args, path);
    let theirs = run(opt, args, path);
    (ours != theirs).then(|| {
        format!(
            "{} {}: exit {:?} vs {:?}, {}",
            path.display(),
            args.join(" "),
            ours.0,
            theirs.0,
            first_difference(&ours.1, &theirs.1)
        )
    })
}

fn report(what: &str, checked: usize, failures: &[String]) {
    println!("{what}: {checked} runs compared");
    assert!(
        failures.is_empty(),
        "{} of {checked} runs print differently from mlir-opt ({what}):\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn every_file_prints_its_locations_as_mlir_opt_does() {
    let Some(opt) = mlir_tools::mlir_opt() else {
        mlir_tools::skipped("locations printed and read as mlir-opt does");
        return;
    };
    let paths = files(mlir_tools::REPOSITORY_MLIR_ROOTS);
    assert!(paths.len() >= 200, "only {} files", paths.len());
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &paths {
        for args in FLAGS {
            checked += 1;
            failures.extend(compare(&opt, args, path));
        }
    }
    report("files as parsed", checked, &failures);
}

#[test]
fn mlir_opts_printed_locations_read_back_the_same() {
    let Some(opt) = mlir_tools::mlir_opt() else {
        mlir_tools::skipped("mlir-opt's locations read back");
        return;
    };
    let dir = std::env::temp_dir().join(format!("tessera-locations-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (k, path) in files(mlir_tools::REPOSITORY_MLIR_ROOTS).iter().enumerate() {
        for args in &FLAGS[..2] {
            let (_, printed) = run(&opt, args, path);
            let again = dir.join(format!("{k}.mlir"));
            std::fs::write(&again, printed).expect("write mlir-opt's output");
            checked += 1;
            failures.extend(compare(&opt, args, &again));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    report("mlir-opt's output read back", checked, &failures);
}

#[test]
fn generic_form_and_locations_after_passes_are_mlir_opts() {
    let Some(opt) = mlir_tools::mlir_opt() else {
        mlir_tools::skipped("generic form and locations after passes");
        return;
    };
    let tessera = Path::new(env!("CARGO_BIN_EXE_tessera-opt"));
    let mut failures = Vec::new();
    let (mut agreeing, mut checked) = (0, 0);
    for path in files(&["examples", "ir/tests/corpus"]) {
        for &pass in PASSES {
            if run(tessera, &[pass], &path) != run(&opt, &[pass], &path) {
                continue;
            }
            agreeing += 1;
            for flag in ["-mlir-print-op-generic", "-mlir-print-debuginfo"] {
                checked += 1;
                failures.extend(compare(&opt, &[pass, flag], &path));
            }
        }
    }
    assert!(
        agreeing >= 400,
        "only {agreeing} outputs agree in the custom form"
    );
    report("after passes", checked, &failures);
}

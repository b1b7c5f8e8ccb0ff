//! `--test-memref-dependence-check` on the project's kernel corpus
//! (`ir/tests/corpus`), against mlir-opt 19: every remark must be equal,
//! or the difference must be listed in `tests/dependence_differences.txt`
//! with the reason (and the list must stay true: a listed difference that
//! disappears fails the test). Skips without mlir-opt.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use tessera_transforms::dependence::dependence_remarks;

#[test]
fn corpus_remarks_match_mlir_opt() {
    let Some(mlir_opt) = common::mlir::find_mlir_opt() else {
        eprintln!("SKIPPED: mlir-opt 19 not found (install mlir-19-tools or set MLIR_OPT)");
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let listed_text =
        std::fs::read_to_string(root.join("tests/dependence_differences.txt")).expect("list");
    let listed: BTreeSet<(String, String, String)> = listed_text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert!(
                f.len() == 4 && !f[3].is_empty(),
                "malformed line (file, tessera, mlir-opt, reason): {l}"
            );
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .collect();
    let mut seen = BTreeSet::new();
    let mut unexplained = Vec::new();
    let mut files = 0;
    let mut compared = 0;
    for (name, text) in common::corpus() {
        let Ok(module) = tessera_ir::parse_module(&name, &text) else {
            continue;
        };
        files += 1;
        let ours: Vec<String> = dependence_remarks(&module)
            .into_iter()
            .map(|r| r.message)
            .collect();
        let (_, stderr, ok) = common::mlir::run(
            &mlir_opt,
            &name,
            &text,
            &[
                "--allow-unregistered-dialect",
                "--test-memref-dependence-check",
                "-o",
                "/dev/null",
            ],
        );
        if !ok {
            continue;
        }
        let theirs: Vec<String> = stderr
            .lines()
            .filter_map(|l| l.split("remark: ").nth(1))
            .map(String::from)
            .collect();
        assert_eq!(ours.len(), theirs.len(), "{name}: remark counts differ");
        for (a, b) in ours.iter().zip(&theirs) {
            compared += 1;
            if a != b {
                let key = (name.clone(), a.clone(), b.clone());
                if listed.contains(&key) {
                    seen.insert(key);
                } else {
                    unexplained.push(format!("{name}\t{a}\t{b}"));
                }
            }
        }
    }
    eprintln!(
        "{compared} remarks on {files} corpus files compared; {} listed differences",
        seen.len()
    );
    assert!(
        unexplained.is_empty(),
        "unexplained differences (file, tessera, mlir-opt):\n{}",
        unexplained.join("\n")
    );
    let stale: Vec<_> = listed.difference(&seen).collect();
    assert!(
        stale.is_empty(),
        "listed differences that no longer occur: {stale:?}"
    );
}

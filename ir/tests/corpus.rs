//! The printing corpus: for every file, tessera's output is a fixpoint,
//! is byte-identical to `mlir-opt`'s (custom and generic forms) unless
//! listed in `known_differences.txt`, and is accepted by
//! `mlir-opt --verify-each`.

mod common;

use tessera_ir::{parse_and_verify, print_module, PrintOptions};

fn print(name: &str, src: &str, generic: bool) -> String {
    let m = parse_and_verify(name, src).unwrap_or_else(|e| panic!("{name} does not parse:\n{e}"));
    print_module(
        &m,
        &PrintOptions {
            generic,
            ..PrintOptions::default()
        },
    )
}

#[test]
fn corpus_has_at_least_forty_files() {
    assert!(common::mlir_files("corpus").len() >= 40);
}

#[test]
fn printing_is_a_fixpoint() {
    for (name, bytes) in common::mlir_files("corpus") {
        let src = String::from_utf8(bytes).expect("utf-8 corpus");
        for generic in [false, true] {
            let once = print(&name, &src, generic);
            let twice = print(&name, &once, generic);
            assert_eq!(once, twice, "{name} (generic: {generic}) is not a fixpoint");
        }
        let from_generic = print(&name, &print(&name, &src, true), false);
        assert_eq!(
            from_generic,
            print(&name, &src, false),
            "{name}: generic form does not round-trip"
        );
    }
}

#[test]
fn output_matches_mlir_opt_byte_for_byte() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("corpus byte-identity");
        return;
    };
    let known = common::known_differences();
    let mut failures = Vec::new();
    for (name, bytes) in common::mlir_files("corpus") {
        let src = String::from_utf8(bytes).expect("utf-8 corpus");
        for generic in [false, true] {
            let mut args = vec!["--allow-unregistered-dialect"];
            if generic {
                args.push("--mlir-print-op-generic");
            }
            let (ok, expected, err) = common::run_tool(&opt, &args, &src);
            assert!(ok, "mlir-opt rejects corpus file {name}: {err}");
            let ours = print(&name, &src, generic);
            if ours != expected && !known.iter().any(|(k, _)| *k == name) {
                failures.push(format!(
                    "{name} (generic: {generic})\n--- mlir-opt\n{expected}\n--- tessera\n{ours}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn mlir_opt_verifies_our_output() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("verify-each of our output");
        return;
    };
    for (name, bytes) in common::mlir_files("corpus") {
        let src = String::from_utf8(bytes).expect("utf-8 corpus");
        for generic in [false, true] {
            let ours = print(&name, &src, generic);
            let (ok, _, err) = common::run_tool(
                &opt,
                &["--allow-unregistered-dialect", "--verify-each"],
                &ours,
            );
            assert!(ok, "mlir-opt rejects tessera's output for {name}: {err}");
        }
    }
}

//! The invalid-input corpus: every file is rejected with a located
//! `file:line:col: error:` diagnostic on the line its header names, and
//! (unless the header says tessera is stricter) mlir-opt rejects it too,
//! with the same first line — line, column and words — unless the header
//! says mlir-opt crashes on it or why its words differ.

mod common;

use tessera_ir::parse_and_verify;

fn expected_line(src: &str) -> u32 {
    src.lines()
        .next()
        .and_then(|l| l.strip_prefix("// expected-error-line: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("header '// expected-error-line: N'")
}

#[test]
fn invalid_corpus_has_at_least_forty_files() {
    assert!(common::mlir_files("invalid").len() >= 40);
}

#[test]
fn every_invalid_input_is_rejected_on_its_line() {
    for (name, bytes) in common::mlir_files("invalid") {
        let src = String::from_utf8_lossy(&bytes);
        let line = expected_line(&src);
        let err = match parse_and_verify(&name, &src) {
            Ok(_) => panic!("{name} was accepted"),
            Err(e) => e,
        };
        assert_eq!(err.loc.line, line, "{name}: wrong line in\n{err}");
        let text = err.to_string();
        let first = text.lines().next().unwrap_or("");
        assert!(
            first.starts_with(&format!("{name}:{line}:")),
            "{name}: bad header {first}"
        );
        assert!(first.contains(": error: "), "{name}: {first}");
        // The message in mlir-opt 19's words, where the header gives it.
        for message in src
            .lines()
            .take_while(|l| l.starts_with("//"))
            .filter_map(|l| l.strip_prefix("// expected-message: "))
        {
            assert!(
                first.contains(message),
                "{name}: {first}\nexpected {message}"
            );
        }
        let caret = text.lines().nth(2).unwrap_or("");
        assert_eq!(
            caret.trim_start(),
            "^",
            "{name}: caret line missing in\n{text}"
        );
        assert_eq!(
            caret.len() as u32,
            err.loc.col,
            "{name}: caret not under column"
        );
    }
}

#[test]
fn mlir_opt_rejects_them_too() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("invalid corpus against mlir-opt");
        return;
    };
    for (name, bytes) in common::mlir_files("invalid") {
        let src = String::from_utf8_lossy(&bytes).into_owned();
        if src
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("// mlir-opt: accepts"))
        {
            continue;
        }
        let (ok, _, err) = common::run_tool(&opt, &["--allow-unregistered-dialect"], &src);
        assert!(!ok, "mlir-opt accepts {name}, which tessera rejects");
        if src
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("// mlir-opt: crashes"))
        {
            // No message to compare: tessera's is its own.
            continue;
        }
        for message in src
            .lines()
            .take_while(|l| l.starts_with("//"))
            .filter_map(|l| l.strip_prefix("// expected-message: "))
        {
            assert!(err.contains(message), "{name}: mlir-opt says {err}");
        }
        // The first line — position and words — is mlir-opt's, but where
        // the header says why not.
        if src
            .lines()
            .take_while(|l| l.starts_with("//"))
            .any(|l| l.starts_with("// mlir-opt-words-differ: "))
        {
            continue;
        }
        let ours = parse_and_verify(&name, &src)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        let after_file = |s: &str| -> String {
            let first = s.lines().next().unwrap_or_default();
            first
                .split_once(':')
                .map_or("", |(_, rest)| rest)
                .to_string()
        };
        assert_eq!(
            after_file(&ours),
            after_file(&err),
            "{name}: tessera's first line, then mlir-opt's"
        );
    }
}

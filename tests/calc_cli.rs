//! End-to-end tests of the `tessera-calc` binary: arguments, standard
//! input, files, located errors and exit codes.

use std::io::Write;
use std::process::{Command, Stdio};

fn calc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tessera-calc"))
}

fn run_stdin(input: &str) -> (String, String, bool) {
    let mut child = calc()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tessera-calc");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write queries");
    let out = child.wait_with_output().expect("finish");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn one_query_from_arguments() {
    let out = calc()
        .args([
            "compose",
            "(d0, d1) -> (d0 + d1)",
            "(d0) -> (d0 * 2, d0 + 1)",
        ])
        .output()
        .expect("run");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "(d0) -> (d0 * 3 + 1)\n"
    );
}

#[test]
fn queries_from_stdin_one_a_line() {
    let (stdout, stderr, ok) = run_stdin(
        "simplify (d0) -> (d0 + d0)\n\n# a comment\neval (d0)[s0] -> (d0 mod s0) -7 [3]\n",
    );
    assert!(ok, "{stderr}");
    assert_eq!(stdout, "(d0) -> (d0 * 2)\n(2)\n");
}

#[test]
fn bad_lines_are_located_and_fail_the_run_but_not_the_others() {
    let (stdout, stderr, ok) = run_stdin("simplify (d0) -> (d0 + 1)\nsimplify (d0) -> (d0 * d0)\n");
    assert!(!ok);
    assert_eq!(stdout, "(d0) -> (d0 + 1)\n");
    assert!(
        stderr.starts_with("<stdin>:2:22: error: non-affine expression"),
        "{stderr}"
    );
    assert!(
        stderr.contains("\nsimplify (d0) -> (d0 * d0)\n                     ^"),
        "{stderr}"
    );
}

#[test]
fn the_bundled_example_runs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/queries.txt");
    let out = calc().args(["-f", path]).output().expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("affine_map<(d0) -> (d0)>\n"), "{stdout}");
    assert!(stdout.contains("(d0) : (1 == 0)\n"), "{stdout}");
}

#[test]
fn missing_file_is_an_error_not_a_panic() {
    let out = calc()
        .args(["-f", "/nonexistent/queries.txt"])
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open"));
}

#[test]
fn binary_garbage_on_stdin_does_not_panic() {
    let garbage: String = (0..2000u32)
        .map(|i| char::from_u32(i * 7919 % 0x3000).unwrap_or('x'))
        .collect();
    let (_, stderr, ok) = run_stdin(&garbage);
    assert!(!ok);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The hard class (benches/inputs/hard_sample.txt: thin, long polytopes
/// with coefficients in the hundreds of thousands from MLIR's and isl's
/// sample tests): every query answered, each as the test states.
#[test]
fn hard_sample_queries_are_all_answered_as_their_tests_state() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = calc()
        .args(["-f", &format!("{root}/benches/inputs/hard_sample.txt")])
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read_to_string(format!("{root}/benches/inputs/hard_sample.expected"))
        .expect("expected answers");
    let got = String::from_utf8_lossy(&out.stdout);
    assert_eq!(got.lines().count(), 642);
    for (k, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
        assert_eq!(g, e, "query {} (line {} of hard_sample.txt)", k + 1, k + 2);
    }
}

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

/// A generated query (soak seed 0x26112702, input 7498) whose coalescing
/// ran the Omega test on systems of 64-bit coefficients for minutes: the
/// search's row-work budget (wide coefficients counted sixteen times)
/// ends it, here with the overflow of the answer's coefficient.
#[test]
fn huge_coefficients_in_a_complement_end_in_an_answer_or_an_error() {
    let query = "complement (d0, d1, d2)[s0] : (((s0 ceildiv 4294967296) - ((-((((d0 mod 8) + -((d2 + s0))) ceildiv 6)) floordiv 1) - ((d2 - (((s0 - (8 floordiv 3)) + (s0 floordiv 5)) + s0)) + -(((((d0 ceildiv 2) + (d2 floordiv 7)) ceildiv 3037000500) + (((d0 + d0) - (-9 mod 4)) + (d2 + s0))))))) >= 0, (((((d0 - ((s0 + -(d2)) ceildiv 4)) * -7) floordiv 8) * 6) + (-(((((d2 + s0) * 9) * 3) floordiv 9)) floordiv 9223372036854775807)) == 0, d0 >= 0, -d0 + 20 >= 0)\n";
    let (out, err, _) = run_stdin(query);
    assert!(
        err.contains("does not fit in 64 bits") || out.starts_with("(d0, d1, d2)"),
        "{out}{err}"
    );
}

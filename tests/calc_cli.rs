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

/// A projection whose split into integer sets would have about 150 pieces
/// (query 1701 of `benches/compare_isl.sh`) prints once, with its
/// existentials, and that text reads back as a set the other queries
/// take: a point of the projection is in it, a point outside is not.
#[test]
fn a_large_projection_prints_with_existentials_and_reads_back() {
    let system = "(d0, d1, d2, d3)[s0, s1] : (-d0 + d2 * 3 - d3 * 4 + s1 * 5 - 6 >= 0, d2 * 3 - d3 * 2 + s0 * 3 + 2 >= 0, -d0 * 2 - d1 * 6 - d2 * 6 + 6 >= 0, -d0 - d1 * 5 + d3 * 2 - s1 + 10 >= 0, -d0 - d2 * 6 - d3 * 3 + 3 >= 0, -d0 * 5 + d1 * 6 + d2 * 2 - d3 * 6 + s0 - s1 * 4 >= 0, d1 * 5 + d2 * 2 + d3 * 4 + s0 * 5 >= 0)";
    let (out, err, ok) = run_stdin(&format!("project {system} --keep d0,d1\n"));
    assert!(ok, "{err}");
    let projected = out.trim();
    assert!(
        projected.starts_with("(d0, d1)[s0, s1] : exists (d2, d3) : ("),
        "{projected}"
    );
    // (d0, d1, d2, d3) = (-10, 0, 1, 0) satisfies the system at s = (0, 0),
    // so (-10, 0) is in the projection there; the system with d0 = 100,
    // d1 = 0 at s = (0, 0) is empty.
    let point = |d0: i64| format!("(d0, d1)[s0, s1] : (d0 - {d0} == 0, d1 == 0, s0 == 0, s1 == 0)");
    let queries = format!(
        "is-empty {projected}\nis-subset {} {projected}\nis-subset {} {projected}\nis-empty {} or {projected}\n",
        point(-10),
        point(100),
        point(100)
    );
    let (out, err, ok) = run_stdin(&queries);
    assert!(ok, "{err}");
    assert_eq!(out, "false\ntrue\nfalse\nfalse\n");
}

/// The complement of that projection splits it into about 150 pieces and
/// subtracts each from the pieces so far, which runs for minutes: the
/// calculator's budget on set differences ends it with a located error.
#[test]
fn the_complement_of_a_large_union_ends_in_an_answer_or_an_error() {
    let projected = "(d0, d1)[s0, s1] : exists (d2, d3) : (-d0 + d2 * 3 - d3 * 4 + s1 * 5 - 6 >= 0, d2 * 3 - d3 * 2 + s0 * 3 + 2 >= 0, -d0 - d1 * 3 - d2 * 3 + 3 >= 0, -d0 - d1 * 5 + d3 * 2 - s1 + 10 >= 0, -d0 - d2 * 6 - d3 * 3 + 3 >= 0, d0 * -5 + d1 * 6 + d2 * 2 - d3 * 6 + s0 - s1 * 4 >= 0, d1 * 5 + d2 * 2 + d3 * 4 + s0 * 5 >= 0)";
    let (out, err, _) = run_stdin(&format!("complement {projected}\n"));
    assert!(
        err.contains("<stdin>:1:11: error: a set difference exceeded its work budget")
            || out.starts_with("(d0, d1)[s0, s1]"),
        "{out}{err}"
    );
}

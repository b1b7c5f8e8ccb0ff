//! `tessera-bench` end to end on a small matmul: the report is written,
//! and with `--fp-contract` tessera's code is compiled with fused
//! multiply-add, said so in the report, and its outputs are judged within
//! a tolerance instead of bit for bit (never a mismatch); the
//! convolutions get an im2col + OpenBLAS reference.

use std::process::Command;

fn bench(args: &[&str]) -> Option<String> {
    if Command::new("cc").arg("--version").output().is_err() {
        eprintln!("SKIPPED: no C compiler (tessera-bench)");
        println!("SKIPPED: no C compiler (tessera-bench)");
        return None;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let out = Command::new(env!("CARGO_BIN_EXE_tessera-bench"))
        .args(args)
        .args(["--out", dir.path().to_str().expect("utf-8 path")])
        .output()
        .expect("tessera-bench runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(std::fs::read_to_string(dir.path().join("results.md")).expect("results.md"))
}

#[test]
fn fp_contract_is_reported_and_judged_within_a_tolerance() {
    let common = [
        "--kernels",
        "matmul",
        "--sizes",
        "48",
        "--reps",
        "1",
        "--no-mlir",
        "--no-blas",
    ];
    let Some(exact) = bench(&common) else {
        return;
    };
    let row = |report: &str| {
        report
            .lines()
            .find(|l| l.starts_with("| matmul"))
            .expect("a matmul row")
            .to_string()
    };
    assert!(row(&exact).contains("tessera: bit-exact"), "{exact}");
    assert!(!exact.contains("fused into `fma` calls"), "{exact}");
    let mut args = common.to_vec();
    args.push("--fp-contract");
    let contracted = bench(&args).expect("a C compiler");
    assert!(
        contracted.contains("multiply-adds fused into `fma` calls"),
        "{contracted}"
    );
    let row = row(&contracted);
    assert!(
        row.contains("tessera: bit-exact") || row.contains("(fp-contract)"),
        "{row}"
    );
    assert!(!row.contains("MISMATCH"), "{row}");
}

/// The OpenBLAS column of the convolutions: im2col and one GEMM through
/// numpy, whose result the script checks against the convolution's
/// definition before its time is reported.
#[test]
fn convolutions_get_an_im2col_reference() {
    let numpy = Command::new("python3")
        .args(["-c", "import numpy"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !numpy {
        println!("SKIPPED: no numpy (the im2col + OpenBLAS reference)");
        eprintln!("SKIPPED: no numpy (the im2col + OpenBLAS reference)");
        return;
    }
    let args = [
        "--kernels",
        "conv2d_nchw,conv2d_nhwc",
        "--dataset",
        "mini",
        "--reps",
        "1",
        "--no-mlir",
    ];
    let Some(report) = bench(&args) else {
        return;
    };
    assert!(report.contains("im2col"), "{report}");
    for kernel in ["conv2d_nchw", "conv2d_nhwc"] {
        let row = report
            .lines()
            .find(|l| l.starts_with(&format!("| {kernel} ")))
            .unwrap_or_else(|| panic!("no {kernel} row: {report}"));
        let blas = row.split('|').nth(7).expect("an OpenBLAS column").trim();
        assert!(blas.ends_with(')') && blas.contains("µs"), "{row}");
    }
}

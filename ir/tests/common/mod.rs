//! Helpers shared by the integration tests: locating MLIR 19's tools and
//! reading the corpora.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `mlir-opt` 19, if installed.
pub fn mlir_opt() -> Option<PathBuf> {
    tool("mlir-opt")
}

/// `mlir-cpu-runner` 19, if installed.
pub fn mlir_cpu_runner() -> Option<PathBuf> {
    tool("mlir-cpu-runner")
}

fn tool(name: &str) -> Option<PathBuf> {
    let fixed = PathBuf::from(format!("/usr/lib/llvm-19/bin/{name}"));
    if fixed.exists() {
        return Some(fixed);
    }
    let out = Command::new(name).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.contains("version 19.").then(|| PathBuf::from(name))
}

/// The runtime support libraries of `mlir-cpu-runner`.
pub fn runner_libs() -> Option<String> {
    let dir = Path::new("/usr/lib/llvm-19/lib");
    let a = dir.join("libmlir_runner_utils.so.19.1");
    let b = dir.join("libmlir_c_runner_utils.so.19.1");
    (a.exists() && b.exists()).then(|| format!("{},{}", a.display(), b.display()))
}

/// Prints the loud skip notice.
pub fn skipped(what: &str) {
    eprintln!("SKIPPED: mlir-opt 19 not found ({what})");
    println!("SKIPPED: mlir-opt 19 not found ({what})");
}

/// Runs a tool with `args`, feeding `input` on stdin; returns (success,
/// stdout, stderr).
pub fn run_tool(tool: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    use std::io::Write;
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tool");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("tool output");
    let _ = writer.join();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `(file name, contents)` of every `.mlir` file in a test directory.
pub fn mlir_files(dir: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("test directory")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .map(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, std::fs::read(&p).expect("read test file"))
        })
        .collect();
    out.sort();
    out
}

/// The folders of the repository holding `.mlir` files (searched
/// recursively); `ir/tests/invalid` holds only inputs that must fail.
pub const REPOSITORY_MLIR_ROOTS: &[&str] = &[
    "benches/inputs",
    "examples",
    "ir/tests/corpus",
    "ir/tests/tensor",
    "tests/inputs",
    "tests/lit",
    "transforms/tests/fusion_corpus",
];

/// Every `.mlir` file under `roots` (folders of the repository at `root`),
/// sorted.
pub fn repository_mlir_files(root: &Path, roots: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for path in entries.filter_map(Result::ok).map(|e| e.path()) {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "mlir") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    for dir in roots {
        walk(&root.join(dir), &mut paths);
    }
    paths.sort();
    paths
}

/// Names listed in `tests/corpus/known_differences.txt` (first word of
/// each non-comment line), with their reasons.
pub fn known_differences() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/known_differences.txt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(' ') {
            Some((a, b)) => (a.to_string(), b.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

/// mlir-opt's lowering of our subset to the LLVM dialect: the issue's
/// list plus `--arith-expand` (`floordivsi`/`ceildivsi`),
/// `--convert-vector-to-scf` (printing vectors, transfers),
/// `--expand-strided-metadata` (memref views; the `affine.apply`s of both
/// lowered by a second `--lower-affine`) and
/// `--convert-vector-to-llvm` / `--convert-math-to-llvm` (then
/// `--convert-math-to-libm` for the functions LLVM has no intrinsic for:
/// `tanh`, `atan`, `cbrt`, ...).
///
/// `--convert-vector-to-llvm` runs before `--convert-cf-to-llvm`: its
/// greedy clean-up merges identical blocks, and after `cf-to-llvm` that
/// gives an `llvm.cond_br` `index` operands, which MLIR 19 rejects
/// ("'llvm.cond_br' op operand #1 must be variadic of LLVM
/// dialect-compatible type") — on PolyBench's gramschmidt, for one.
pub const LOWERING: &[&str] = &[
    "--arith-expand",
    "--lower-affine",
    "--convert-vector-to-scf",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--convert-vector-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--convert-arith-to-llvm",
    "--finalize-memref-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
];

/// Printed memrefs with their (run-dependent) base address zeroed.
pub fn mask_addresses(text: &str) -> String {
    text.lines()
        .map(|l| match (l.find("base@ = 0x"), l.find(" rank =")) {
            (Some(a), Some(b)) if a < b => format!("{}base@ = 0x0{}", &l[..a], &l[b..]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What `@main` of `text` prints under mlir-opt 19's lowering and
/// `mlir-cpu-runner` (addresses masked); `None` without the tools, a panic
/// when a tool fails.
pub fn mlir_run_main(text: &str) -> Option<String> {
    let (opt, runner, libs) = (mlir_opt()?, mlir_cpu_runner()?, runner_libs()?);
    // Tensors become buffers first (mlir-opt's one-shot bufferization;
    // `tensor.generate` and elementwise `arith`/`math` ops on tensors
    // become `linalg` ops, lowered to loops).
    let mut flags: Vec<&str> = Vec::new();
    if text.contains("tensor.") || text.contains("bufferization.") {
        flags.push("--convert-elementwise-to-linalg");
        flags.push("--one-shot-bufferize=bufferize-function-boundaries");
        flags.push("--convert-linalg-to-loops");
    }
    flags.extend_from_slice(LOWERING);
    let (ok, lowered, err) = run_tool(&opt, &flags, text);
    assert!(ok, "lowering failed: {err}");
    let libs_arg = format!("-shared-libs={libs}");
    let (ok, out, err) = run_tool(
        &runner,
        &["-e", "main", "-entry-point-result=void", &libs_arg],
        &lowered,
    );
    assert!(ok, "mlir-cpu-runner failed: {err}");
    Some(mask_addresses(&out))
}

//! A small lit-style runner: every `tests/lit/*.mlir` file is a test, run
//! the way MLIR's own tests are run.
//!
//! Each `// RUN: <pipeline>` line (a trailing `\` continues it on the next
//! `// RUN:` line) is run by the shell, with `set -o pipefail` where the
//! shell has it, in `tests/lit`, after these substitutions:
//!
//! - `tessera-opt` → the binary under test;
//! - `FileCheck`, `not` → LLVM 19's (from `/usr/lib/llvm-19/bin`, `$PATH`
//!   or `$FILECHECK`; `not` falls back to a shell function);
//! - `%s` → the test file, `%t` → a temporary file for it.
//!
//! A file marked `// MLIR-OPT-TOO` must also pass with `mlir-opt` 19 in
//! place of `tessera-opt` (when `mlir-opt` is installed): what it checks
//! is mlir-opt's behaviour too. Without FileCheck the test prints
//! `SKIPPED: FileCheck not found` and passes.

use std::path::{Path, PathBuf};
use std::process::Command;

const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";

/// `name` in LLVM 19's directory, else on `$PATH`.
fn find_tool(name: &str) -> Option<PathBuf> {
    let llvm = Path::new(LLVM_BIN).join(name);
    if llvm.is_file() {
        return Some(llvm);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

/// The RUN pipelines of a test file, continuation lines joined.
fn run_lines(text: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut pending: Option<String> = None;
    for line in text.lines() {
        let Some(at) = line.find("RUN:") else {
            continue;
        };
        if !line[..at].trim_start().starts_with("//") {
            continue;
        }
        let part = line[at + 4..].trim();
        let (part, continued) = match part.strip_suffix('\\') {
            Some(p) => (p.trim_end(), true),
            None => (part, false),
        };
        let joined = match pending.take() {
            Some(before) => format!("{before} {part}"),
            None => part.to_string(),
        };
        if continued {
            pending = Some(joined);
        } else {
            runs.push(joined);
        }
    }
    runs.extend(pending);
    runs
}

/// Replaces the word `word` (not part of a longer name or path) by `by`.
fn replace_word(text: &str, word: &str, by: &str) -> String {
    let is_name = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/' | '.');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(word) {
        let before_ok = rest[..i]
            .chars()
            .next_back()
            .or_else(|| out.chars().next_back())
            .map_or(true, |c| !is_name(c));
        let after_ok = rest[i + word.len()..].chars().next().map_or(true, |c| {
            !(c.is_ascii_alphanumeric() || c == '-' || c == '_')
        });
        out.push_str(&rest[..i]);
        out.push_str(if before_ok && after_ok { by } else { word });
        rest = &rest[i + word.len()..];
    }
    out.push_str(rest);
    out
}

/// Single-quotes `text` for the shell.
fn quote(path: &Path) -> String {
    format!("'{}'", path.to_string_lossy().replace('\'', r"'\''"))
}

/// The shell to run pipelines with, and whether it has `pipefail`.
fn shell() -> (String, bool) {
    for sh in ["sh", "bash"] {
        let ok = Command::new(sh)
            .args(["-c", "set -o pipefail"])
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            return (sh.to_string(), true);
        }
    }
    ("sh".to_string(), false)
}

struct Tools {
    filecheck: PathBuf,
    not: Option<PathBuf>,
    mlir_opt: Option<PathBuf>,
    shell: (String, bool),
}

/// Runs one pipeline with `opt` as `tessera-opt`; `Err` holds the report.
fn run_pipeline(
    tools: &Tools,
    dir: &Path,
    file: &Path,
    temp: &Path,
    run: &str,
    opt: &Path,
) -> Result<(), String> {
    let mut cmd = replace_word(run, "tessera-opt", &quote(opt));
    cmd = replace_word(&cmd, "FileCheck", &quote(&tools.filecheck));
    if let Some(not) = &tools.not {
        cmd = replace_word(&cmd, "not", &quote(not));
    }
    cmd = cmd.replace("%s", &quote(file)).replace("%t", &quote(temp));
    let mut script = String::new();
    if tools.shell.1 {
        script.push_str("set -o pipefail\n");
    }
    if tools.not.is_none() {
        script.push_str("not() { if \"$@\"; then return 1; else return 0; fi; }\n");
    }
    script.push_str(&cmd);
    let out = Command::new(&tools.shell.0)
        .arg("-c")
        .arg(&script)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run the shell: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "  $ {cmd}\n  exit status: {}\n--- stdout:\n{}--- stderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

#[test]
fn lit_tests() {
    let filecheck = std::env::var_os("FILECHECK")
        .map(PathBuf::from)
        .filter(|p| p.is_file())
        .or_else(|| find_tool("FileCheck"));
    let Some(filecheck) = filecheck else {
        eprintln!("\n*** SKIPPED: FileCheck not found (install llvm-19-tools) ***\n");
        println!("SKIPPED: FileCheck not found");
        return;
    };
    let tools = Tools {
        filecheck,
        not: find_tool("not"),
        mlir_opt: find_tool("mlir-opt"),
        shell: shell(),
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lit");
    let opt = PathBuf::from(env!("CARGO_BIN_EXE_tessera-opt"));
    let temp_dir = std::env::temp_dir().join(format!("tessera-lit-{}", std::process::id()));
    std::fs::create_dir_all(&temp_dir).expect("a temporary directory");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/lit exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no tests in {}", dir.display());
    let mut failures = Vec::new();
    let mut runs = 0;
    let mut mlir_runs = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable test");
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let temp = temp_dir.join(format!("{name}.tmp"));
        let lines = run_lines(&text);
        if lines.is_empty() {
            failures.push(format!("{name}: no RUN line"));
        }
        let mut opts = vec![("tessera-opt", opt.clone())];
        if text.contains("// MLIR-OPT-TOO") {
            if let Some(m) = &tools.mlir_opt {
                opts.push(("mlir-opt", m.clone()));
            }
        }
        for (label, binary) in &opts {
            for run in &lines {
                if *label == "mlir-opt" {
                    mlir_runs += 1;
                } else {
                    runs += 1;
                }
                if let Err(report) = run_pipeline(&tools, &dir, file, &temp, run, binary) {
                    failures.push(format!("{name} (with {label}):\n{report}"));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&temp_dir);
    println!(
        "lit: {} files, {runs} RUN lines through tessera-opt, {mlir_runs} through mlir-opt",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} lit failure(s):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn run_lines_are_joined_and_words_replaced() {
    let text =
        "// RUN: tessera-opt %s \\\n// RUN:   -o %t\n// RUN: not tessera-opt x\n// CHECK: x\n";
    assert_eq!(
        run_lines(text),
        ["tessera-opt %s -o %t", "not tessera-opt x"]
    );
    assert_eq!(
        replace_word(
            "tessera-opt a | tessera-opt-x /tessera-opt",
            "tessera-opt",
            "B"
        ),
        "B a | tessera-opt-x /tessera-opt"
    );
    assert_eq!(replace_word("not a; nothing", "not", "N"), "N a; nothing");
}

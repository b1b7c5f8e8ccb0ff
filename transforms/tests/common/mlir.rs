//! Running `mlir-opt` 19 from tests.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `mlir-opt` 19 if installed (`MLIR_OPT`, `/usr/lib/llvm-19/bin`, PATH).
pub fn find_mlir_opt() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("MLIR_OPT").map(PathBuf::from),
        Some(PathBuf::from("/usr/lib/llvm-19/bin/mlir-opt")),
        Some(PathBuf::from("mlir-opt-19")),
        Some(PathBuf::from("mlir-opt")),
    ];
    candidates.into_iter().flatten().find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("version 19"))
    })
}

/// Runs `mlir-opt` with `args` on `source` (written to a temporary file
/// named `name`), returning (stdout, stderr, success).
pub fn run(mlir_opt: &Path, name: &str, source: &str, args: &[&str]) -> (String, String, bool) {
    // One directory per call: tests run on several threads at once.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tessera-tests-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(name);
    std::fs::write(&file, source).expect("write input");
    let out = Command::new(mlir_opt)
        .args(args)
        .arg(&file)
        .output()
        .expect("run mlir-opt");
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_dir(&dir);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}
